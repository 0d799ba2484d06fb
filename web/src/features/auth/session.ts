import type { Session, User } from '@supabase/auth-js';
import { createContext, useContext } from 'react';
import { needsSecondFactor } from '@/lib/auth';

/**
 * Where the visitor stands. `needs-second-factor`: the password (or an email link) was accepted,
 * but the account has two-factor authentication and the code has not been entered yet; the
 * signed-in area stays closed until it is.
 */
export type SessionState =
  | { status: 'loading'; session: null; user: null }
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
