import type { Session, User } from '@supabase/auth-js';
import { createContext, useContext } from 'react';
import { needsSecondFactor } from '@/lib/auth';

/**
 * Where the visitor stands. `needs-second-factor`: the password (or an email link) was accepted,
 * but the account has two-factor authentication and the code has not been entered yet; the
 * signed-in area stays closed until it is. `leaving`: a sign-out has begun; the signed-in area is
 * closed while the app moves to the landing page, and nobody is sent to log in meanwhile.
 */
export type SessionState =
  | { status: 'loading'; session: null; user: null }
  | { status: 'leaving'; session: null; user: null }
  | { status: 'signed-out'; session: null; user: null }
  | { status: 'needs-second-factor'; session: Session; user: User }
  | { status: 'signed-in'; session: Session; user: User };

export const loadingSession: SessionState = { status: 'loading', session: null, user: null };

export function sessionStateOf(session: Session | null): SessionState {
  if (!session) return { status: 'signed-out', session: null, user: null };
  if (needsSecondFactor(session)) return { status: 'needs-second-factor', session, user: session.user };
  return { status: 'signed-in', session, user: session.user };
}

export const SessionContext = createContext<SessionState>(loadingSession);

export function useSession(): SessionState {
  return useContext(SessionContext);
}

/**
 * Closes the signed-in area at once, before a sign-out's request goes out, so nothing the area
 * polls (the free plan's ads) is sent after the session ended. Returns how to reopen it from the
 * session the auth client still holds, for a sign-out that failed.
 */
export type LeaveSignedInArea = () => () => Promise<void>;

export const LeaveSignedInAreaContext = createContext<LeaveSignedInArea>(() => () => Promise.resolve());

export function useLeaveSignedInArea(): LeaveSignedInArea {
  return useContext(LeaveSignedInAreaContext);
}
