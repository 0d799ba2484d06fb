import { Navigate, Outlet, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/Spinner';
import { safeNextPath } from './nextPath';
import { useSession } from './session';

/**
 * Wraps the pages for signing in: a visitor who is (or has just become) signed in goes on to the
 * page they wanted, else /home. This is also how a successful login or signup leaves the form.
 */
export function GuestOnly() {
  const { status } = useSession();
  const [searchParams] = useSearchParams();
  if (status === 'loading') return <Spinner label="Loading…" />;
  if (status === 'signed-in') return <Navigate to={safeNextPath(searchParams.get('next'))} replace />;
  return <Outlet />;
}
