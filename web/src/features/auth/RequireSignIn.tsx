import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '@/components/ui/PageLoader';
import { loginPathFor } from './nextPath';
import { useSession } from './session';

/**
 * Wraps the pages of the signed-in area: a loader while the session loads, the login page
 * (coming back here after) for anyone else.
 */
export function RequireSignIn() {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <PageLoader label="Loading your account…" />;
  // Logging out: the app is on its way to the landing page, not to the login form.
  if (status === 'leaving') return null;
  if (status !== 'signed-in') return <Navigate to={loginPathFor(location)} replace />;
  return <Outlet />;
}
