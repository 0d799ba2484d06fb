import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import type { Session } from '@supabase/auth-js';
import { auth, storedSession } from '@/lib/auth';
import { isOnline, subscribeToNetwork } from '@/lib/online';
import { holdQueriesForSession } from '@/lib/query-client';
import {
  LeaveSignedInAreaContext,
  loadingSession,
  SessionContext,
  sessionStateOf,
  type LeaveSignedInArea,
  type SessionState,
} from './session';

/**
 * The session the app runs on: the auth client's, else the stored one it could not renew for want
 * of a network (`offline`). Opened offline, the stored session is used at once, rather than after
 * the auth client has given up renewing it.
 */
interface CurrentSession {
  session: Session | null;
  offline: boolean;
}

function offlineSession(): CurrentSession {
  const stored = storedSession();
  return { session: stored, offline: stored !== null };
}

function startingSession(): CurrentSession {
  return isOnline() ? { session: null, offline: false } : offlineSession();
}

/**
 * Follows the auth client's session (INITIAL_SESSION, SIGNED_IN, SIGNED_OUT, TOKEN_REFRESHED,
 * USER_UPDATED, PASSWORD_RECOVERY, MFA_CHALLENGE_VERIFIED all carry the current session) and
 * forgets every cached query when the user signs out or another account signs in. While the app
 * runs offline on the stored session, queries wait until the auth client has renewed it.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [starting] = useState(startingSession);
  const [state, setState] = useState<SessionState>(() =>
    starting.session ? sessionStateOf(starting.session) : loadingSession,
  );
  const [offline, setOffline] = useState(starting.offline);
  const userId = useRef<string | null>(starting.session?.user.id ?? null);

  useEffect(() => {
    const { data } = auth.onAuthStateChange((event, session) => {
      const current = session === null && event !== 'SIGNED_OUT' ? offlineSession() : { session, offline: false };
      const nextUserId = current.session?.user.id ?? null;
      const otherAccount = userId.current !== null && nextUserId !== null && nextUserId !== userId.current;
      if (event === 'SIGNED_OUT' || otherAccount) queryClient.clear();
      userId.current = nextUserId;
      setOffline(current.offline);
      setState(sessionStateOf(current.session));
    });
    return () => {
      data.subscription.unsubscribe();
    };
  }, [queryClient]);

  // The auth client retries on its own schedule; the network's return is the moment to try at once.
  useEffect(() => {
    holdQueriesForSession(offline);
    if (!offline) return undefined;
    return subscribeToNetwork(() => {
      if (isOnline()) void auth.refreshSession();
    });
  }, [offline]);

  // The signed-in frame stays mounted across public pages, so logging out cannot leave it by
  // navigating: it is taken down here, synchronously, with the timers of what it polls.
  const leave = useCallback<LeaveSignedInArea>(() => {
    flushSync(() => {
      setState({ status: 'leaving', session: null, user: null });
    });
    return async () => {
      const { data } = await auth.getSession();
      const current = data.session ? { session: data.session, offline: false } : offlineSession();
      setOffline(current.offline);
      setState(sessionStateOf(current.session));
    };
  }, []);

  return (
    <SessionContext value={state}>
      <LeaveSignedInAreaContext value={leave}>{children}</LeaveSignedInAreaContext>
    </SessionContext>
  );
}
