import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { auth } from '@/lib/auth';
import {
  LeaveSignedInAreaContext,
  loadingSession,
  SessionContext,
  sessionStateOf,
  type LeaveSignedInArea,
  type SessionState,
} from './session';

/**
 * Follows the auth client's session (INITIAL_SESSION, SIGNED_IN, SIGNED_OUT, TOKEN_REFRESHED,
 * USER_UPDATED, PASSWORD_RECOVERY, MFA_CHALLENGE_VERIFIED all carry the current session) and
 * forgets every cached query when the user signs out or another account signs in.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>(loadingSession);
  const userId = useRef<string | null>(null);

  useEffect(() => {
    const { data } = auth.onAuthStateChange((event, session) => {
      const nextUserId = session?.user.id ?? null;
      const otherAccount = userId.current !== null && nextUserId !== null && nextUserId !== userId.current;
      if (event === 'SIGNED_OUT' || otherAccount) queryClient.clear();
      userId.current = nextUserId;
      setState(sessionStateOf(session));
    });
    return () => {
      data.subscription.unsubscribe();
    };
  }, [queryClient]);

  // The signed-in frame stays mounted across public pages, so logging out cannot leave it by
  // navigating: it is taken down here, synchronously, with the timers of what it polls.
  const leave = useCallback<LeaveSignedInArea>(() => {
    flushSync(() => {
      setState({ status: 'leaving', session: null, user: null });
    });
    return async () => {
      const { data } = await auth.getSession();
      setState(sessionStateOf(data.session));
    };
  }, []);

  return (
    <SessionContext value={state}>
      <LeaveSignedInAreaContext value={leave}>{children}</LeaveSignedInAreaContext>
    </SessionContext>
  );
}
