import { AuthClient, AuthError, type Session } from '@supabase/auth-js';
import { changeSession, sessionFetch } from './sessionEnd';

const STORAGE_KEY = 'backbeat-auth';

/**
 * The one session of the app, spoken with Backbeat's GoTrue-compatible `/auth/v1`. It keeps the
 * session in localStorage under `backbeat-auth` and refreshes the access token before it expires.
 */
export const auth = new AuthClient({
  url: `${window.location.origin}/auth/v1`,
  headers: { apikey: 'backbeat' },
  storageKey: STORAGE_KEY,
  autoRefreshToken: true,
  persistSession: true,
  detectSessionInUrl: false,
  fetch: sessionFetch,
});

/**
 * The session the auth client keeps in localStorage, as it last saved it, or null. The client
 * reports no session when it cannot renew an expired one, but it keeps the stored one when the
 * renewal failed for want of a network (and removes it when the server refused it), so a session
 * still stored is one the app may show offline until the network returns.
 */
export function storedSession(): Session | null {
  let stored: unknown;
  try {
    stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (typeof stored !== 'object' || stored === null) return null;
  const { access_token, refresh_token, user } = stored as Partial<Record<keyof Session, unknown>>;
  const hasUser = typeof user === 'object' && user !== null && typeof (user as { id?: unknown }).id === 'string';
  return typeof access_token === 'string' && typeof refresh_token === 'string' && hasUser ? (stored as Session) : null;
}

/**
 * Signs out once the requests already sent with the session have been answered, so none of them
 * reaches the server after the session has ended there. `local` ends this session only.
 */
export function signOut(scope: 'global' | 'local' = 'global'): Promise<{ error: AuthError | null }> {
  return changeSession(() => auth.signOut({ scope }));
}

function assuranceLevelOf(accessToken: string): string | undefined {
  const payload = accessToken.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as { aal?: unknown };
    return typeof claims.aal === 'string' ? claims.aal : undefined;
  } catch {
    return undefined;
  }
}

/**
 * True while a session still owes its second factor: the account has a verified authenticator
 * but the token was issued for the password (or an email link) alone. This is the rule of
 * `mfa.getAuthenticatorAssuranceLevel()` (current aal1, next aal2), read straight from the session
 * so it can run inside an auth state change, where calling back into the client would deadlock.
 */
export function needsSecondFactor(session: Session): boolean {
  const hasVerifiedFactor = session.user.factors?.some((factor) => factor.status === 'verified') ?? false;
  return hasVerifiedFactor && assuranceLevelOf(session.access_token) !== 'aal2';
}

/** Proves the second factor with a code from the account's authenticator app; resolves with the error, if any. */
/**
 * Verifies the first code of a new authenticator app. Once it is verified the server refuses the
 * session's password-only token on every API route, so this is a change of the session: requests
 * already on their way are answered first, and those begun meanwhile wait and then carry the
 * raised session (sessionEnd.ts).
 */
export function verifyNewFactor(factorId: string, code: string) {
  return changeSession(() => auth.mfa.challengeAndVerify({ factorId, code }));
}

export async function verifySecondFactor(code: string): Promise<AuthError | null> {
  const factors = await auth.mfa.listFactors();
  if (factors.error) return factors.error;
  const [factor] = factors.data.totp;
  if (!factor) return new AuthError('This account has no authenticator app set up.');
  const { error } = await auth.mfa.challengeAndVerify({ factorId: factor.id, code });
  return error;
}
