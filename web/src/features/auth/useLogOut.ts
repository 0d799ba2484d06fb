import { useCallback } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { signOut } from '@/lib/auth';
import { useLeaveSignedInArea } from './session';

/** Signs out and lands on the landing page. */
export function useLogOut(): () => Promise<void> {
  const navigate = useNavigate();
  const leave = useLeaveSignedInArea();
  return useCallback(async () => {
    // Go to the landing page and close the signed-in area first: a signed-in page would answer
    // the sign-out by sending us to /login, and the area's polls must not outlive the session.
    await navigate('/');
    const reopen = leave();
    const { error } = await signOut();
    if (error) {
      toast.error('Failed to logout');
      await reopen();
    }
  }, [navigate, leave]);
}
