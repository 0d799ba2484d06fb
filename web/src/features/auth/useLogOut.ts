import { useCallback } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { signOut } from '@/lib/auth';

/** Signs out and lands on the landing page. */
export function useLogOut(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    // Leave the signed-in area first: it would otherwise answer the sign-out by sending us to /login.
    await navigate('/');
    const { error } = await signOut();
    if (error) toast.error('Failed to logout');
  }, [navigate]);
}
