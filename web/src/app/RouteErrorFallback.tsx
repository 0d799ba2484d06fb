import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router';
import { ErrorFallback } from '@/components/ui/ErrorFallback';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return 'An unexpected error occurred.';
}

/** The router's errorElement: the same fallback as the app-wide error boundary. */
export function RouteErrorFallback() {
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  // Navigating to the same place gives the router a new location, which clears the route's error.
  const tryAgain = () => {
    void navigate(location, { replace: true });
  };
  return <ErrorFallback message={describe(error)} onReset={tryAgain} />;
}
