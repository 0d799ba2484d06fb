import { Outlet } from 'react-router';
import { RequireSignIn } from '@/features/auth/RequireSignIn';

/** The pages of the signed-in area: anyone else is sent to log in, coming back here after. */
export function SignedInOnly() {
  return (
    <RequireSignIn>
      <Outlet />
    </RequireSignIn>
  );
}
