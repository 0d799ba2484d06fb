// The unmodified @supabase/auth-js client against the real server's /auth/v1: proof that a real
// GoTrue client works with it, unchanged. No browser: the client runs in Node with an in-memory
// storage and a fetch that records every exchange, so each test can also check what went over the wire.

import { randomUUID } from 'node:crypto';
import {
  AuthClient,
  isAuthApiError,
  isAuthSessionMissingError,
  isAuthWeakPasswordError,
  type AuthChangeEvent,
  type AuthError,
  type Session,
  type SupportedStorage,
} from '@supabase/auth-js';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { codeOf, mailsTo, nextMailTo, tokenHashOf } from './support/mail';
import { freshTotpCode, totpStep } from './support/totp';

const baseUrl = inject('baseUrl');
const skipReason = inject('e2eSkipReason');
const dataDir = inject('dataDir');
const authUrl = `${baseUrl}/auth/v1`;

const PASSWORD = 'correct-horse-battery';

/** What the client sent and what came back, per request. */
interface Exchange {
  method: string;
  path: string;
  status: number;
}

class MemoryStorage implements SupportedStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

interface TestClient {
  client: InstanceType<typeof AuthClient>;
  exchanges: Exchange[];
  events: AuthChangeEvent[];
}

const subscriptions: (() => void)[] = [];
let clientCount = 0;

/** A client as an app would configure one, observed through its fetch and its events. */
function newClient(): TestClient {
  const exchanges: Exchange[] = [];
  const events: AuthChangeEvent[] = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href);
    exchanges.push({
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/auth\/v1/, '') + url.search,
      status: response.status,
    });
    return response;
  };
  clientCount += 1;
  const client = new AuthClient({
    url: authUrl,
    headers: { apikey: 'backbeat' },
    storage: new MemoryStorage(),
    storageKey: `backbeat-gotrue-test-${String(clientCount)}`,
    autoRefreshToken: false,
    persistSession: true,
    detectSessionInUrl: false,
    fetch: recordingFetch,
  });
  const {
    data: { subscription },
  } = client.onAuthStateChange((event) => {
    events.push(event);
  });
  subscriptions.push(() => {
    subscription.unsubscribe();
  });
  return { client, exchanges, events };
}

function uniqueEmail(label: string): string {
  return `${label}-${randomUUID()}@example.com`;
}

interface JwtParts {
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
}

function decodeJwt(token: string): JwtParts {
  const [header = '', payload = ''] = token.split('.');
  const part = (text: string) => JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Record<string, unknown>;
  return { header: part(header), claims: part(payload) };
}

function amrMethods(token: string): unknown[] {
  const amr = decodeJwt(token).claims.amr;
  return Array.isArray(amr) ? amr.map((entry: { method?: unknown }) => entry.method) : [];
}

/** The data of a client result whose error is null (each arm of the client's result unions). */
type OkData<R> = R extends { error: AuthError } ? never : R extends { data: infer D } ? D : never;

/** Fails with the client's error when there is one, else returns the data. */
function ok<R extends { data: unknown; error: AuthError | null }>(result: R): OkData<R> {
  if (result.error) throw result.error;
  return result.data as OkData<R>;
}

function expectApiError(error: AuthError | null, status: number, code: string): void {
  expect(error, `expected an AuthApiError ${String(status)} ${code}`).not.toBeNull();
  expect(isAuthApiError(error), `not an AuthApiError: ${String(error)}`).toBe(true);
  expect(error?.status).toBe(status);
  expect(error?.code).toBe(code);
}

/** auth-js turns a 422 weak_password into AuthWeakPasswordError (not an AuthApiError). */
function expectWeakPassword(error: AuthError | null, reasons: string[]): void {
  expect(isAuthWeakPasswordError(error), `not an AuthWeakPasswordError: ${String(error)}`).toBe(true);
  expect(error?.status).toBe(422);
  expect(error?.code).toBe('weak_password');
  expect(error).toMatchObject({ reasons });
}

/** Signs a new account up and returns its client (signed in) and credentials. */
async function signedUpClient(label: string, name = 'Ana Lima') {
  const test = newClient();
  const email = uniqueEmail(label);
  const data = ok(await test.client.signUp({ email, password: PASSWORD, options: { data: { name } } }));
  if (!data.session || !data.user) throw new Error('signUp returned no session');
  return { ...test, email, session: data.session, user: data.user };
}

/** The session the client holds (what `getSession()` returns), or null. */
async function storedSession(client: InstanceType<typeof AuthClient>): Promise<Session | null> {
  const { data, error } = await client.getSession();
  if (error) throw error;
  return data.session;
}

function sessionOrFail(session: Session | null): Session {
  if (!session) throw new Error('expected a session');
  return session;
}

afterEach(() => {
  for (const unsubscribe of subscriptions.splice(0)) unsubscribe();
});

describe.skipIf(skipReason !== '')('@supabase/auth-js against /auth/v1', () => {
  it('signUp returns a session and stores options.data in user_metadata', async () => {
    const { client, exchanges, events } = newClient();
    const email = uniqueEmail('signup');

    const { data, error } = await client.signUp({
      email,
      password: PASSWORD,
      options: { data: { name: 'Ana Lima' } },
    });

    expect(error).toBeNull();
    const session = sessionOrFail(data.session);
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBeGreaterThan(90);
    expect(session.refresh_token).toBeTruthy();
    expect(session.user.email).toBe(email);
    expect(session.user.user_metadata).toEqual({ name: 'Ana Lima' });
    expect(session.user.aud).toBe('authenticated');
    expect(session.user.app_metadata).toMatchObject({ provider: 'email', providers: ['email'] });
    expect(session.user.identities?.[0]).toMatchObject({ provider: 'email', user_id: session.user.id });
    expect(data.user?.id).toBe(session.user.id);
    const { header, claims } = decodeJwt(session.access_token);
    expect(header).toMatchObject({ alg: 'ES256', typ: 'JWT' });
    expect(claims).toMatchObject({
      sub: session.user.id,
      email,
      aud: 'authenticated',
      role: 'authenticated',
      aal: 'aal1',
      iss: authUrl,
      user_metadata: { name: 'Ana Lima' },
    });
    expect(amrMethods(session.access_token)).toEqual(['password']);
    expect(events).toContain('SIGNED_IN');
    expect(exchanges).toContainEqual({ method: 'POST', path: '/signup', status: 200 });

    // getSession hands back the stored session without a request.
    const before = exchanges.length;
    const current = await storedSession(client);
    expect(current?.access_token).toBe(session.access_token);
    expect(exchanges.length).toBe(before);

    // The same address again: 422 user_already_exists.
    const again = await newClient().client.signUp({ email, password: PASSWORD });
    expectApiError(again.error, 422, 'user_already_exists');
  });

  it('signUp refuses a weak password with AuthWeakPasswordError', async () => {
    const { client } = newClient();
    const { data, error } = await client.signUp({ email: uniqueEmail('weak'), password: '123' });
    expectWeakPassword(error, ['length']);
    expect(data.session).toBeNull();
  });

  it('signInWithPassword signs in with the right password and refuses a wrong one', async () => {
    const { email, user } = await signedUpClient('signin');
    const { client, events, exchanges } = newClient();

    const wrong = await client.signInWithPassword({ email, password: 'not-the-password' });
    expectApiError(wrong.error, 400, 'invalid_credentials');
    expect(wrong.error?.message).toBe('Invalid login credentials');
    expect(wrong.data.session).toBeNull();

    const unknown = await client.signInWithPassword({ email: uniqueEmail('nobody'), password: PASSWORD });
    expectApiError(unknown.error, 400, 'invalid_credentials');
    expect(await storedSession(client)).toBeNull();

    const right = ok(await client.signInWithPassword({ email, password: PASSWORD }));
    expect(right.user.id).toBe(user.id);
    expect(right.session.user.last_sign_in_at).toBeTruthy();
    expect(right.session.user.user_metadata).toEqual({ name: 'Ana Lima' });
    expect(events).toContain('SIGNED_IN');
    expect(exchanges.filter((e) => e.path === '/token?grant_type=password').map((e) => e.status)).toEqual([
      400, 400, 200,
    ]);

    const stored = await storedSession(client);
    expect(stored?.access_token).toBe(right.session.access_token);
    const fetched = ok(await client.getUser());
    expect(fetched.user.id).toBe(user.id);
    expect(fetched.user.email).toBe(email);
    expect(fetched.user.user_metadata).toEqual({ name: 'Ana Lima' });
    expect(exchanges.at(-1)).toEqual({ method: 'GET', path: '/user', status: 200 });
  });

  it('goes through a session: SIGNED_IN, TOKEN_REFRESHED, USER_UPDATED, SIGNED_OUT', async () => {
    const { email } = await signedUpClient('lifecycle');
    const { client, events, exchanges } = newClient();
    const first = ok(await client.signInWithPassword({ email, password: PASSWORD })).session;
    const firstClaims = decodeJwt(first.access_token).claims;

    // refreshSession: a new refresh token (and access token) in the same session.
    const refreshed = ok(await client.refreshSession());
    const second = sessionOrFail(refreshed.session);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    const secondClaims = decodeJwt(second.access_token).claims;
    expect(secondClaims.session_id).toBe(firstClaims.session_id);
    expect(secondClaims.sub).toBe(firstClaims.sub);
    expect(Number(secondClaims.exp)).toBeGreaterThanOrEqual(Number(firstClaims.exp));
    expect((await storedSession(client))?.refresh_token).toBe(second.refresh_token);
    expect(exchanges.at(-1)).toEqual({ method: 'POST', path: '/token?grant_type=refresh_token', status: 200 });

    // updateUser({ data }): merged into user_metadata; null removes a key.
    const updated = ok(await client.updateUser({ data: { plan: 'pro', theme: 'dark' } }));
    expect(updated.user.user_metadata).toEqual({ name: 'Ana Lima', plan: 'pro', theme: 'dark' });
    const removed = ok(await client.updateUser({ data: { theme: null } }));
    expect(removed.user.user_metadata).toEqual({ name: 'Ana Lima', plan: 'pro' });
    expect(ok(await client.getUser()).user.user_metadata).toEqual({ name: 'Ana Lima', plan: 'pro' });
    expect(exchanges.filter((e) => e.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/user', status: 200 },
      { method: 'PUT', path: '/user', status: 200 },
    ]);

    // signOut (global): 204 on the wire, the local session is gone, the old token is dead.
    const { error } = await client.signOut();
    expect(error).toBeNull();
    expect(exchanges.at(-1)).toEqual({ method: 'POST', path: '/logout?scope=global', status: 204 });
    expect(await storedSession(client)).toBeNull();
    const eventsAtSignOut = events.filter((e) => e !== 'INITIAL_SESSION');
    const afterSignOut = await client.getUser(second.access_token);
    expect(isAuthSessionMissingError(afterSignOut.error)).toBe(true);
    expect(afterSignOut.data.user).toBeNull();
    expect(exchanges.at(-1)).toEqual({ method: 'GET', path: '/user', status: 403 });
    // ... and so is the refresh token.
    const reuse = await newClient().client.refreshSession({ refresh_token: second.refresh_token });
    expect(reuse.error).not.toBeNull();
    expect(reuse.data.session).toBeNull();

    expect(eventsAtSignOut).toEqual([
      'SIGNED_IN',
      'TOKEN_REFRESHED',
      'USER_UPDATED',
      'USER_UPDATED',
      'SIGNED_OUT',
    ]);
  });

  it('updateUser({ password }) changes the password and ends the other sessions', async () => {
    const { client, email, session, events } = await signedUpClient('password');
    const other = newClient();
    const otherSession = ok(await other.client.signInWithPassword({ email, password: PASSWORD })).session;

    // Outside a recovery session the current password must come with the new one.
    const missing = await client.updateUser({ password: 'new-horse-battery' });
    expectApiError(missing.error, 400, 'current_password_required');
    const wrong = await client.updateUser({ password: 'new-horse-battery', current_password: 'not-it' });
    expectApiError(wrong.error, 400, 'current_password_invalid');
    const same = await client.updateUser({ password: PASSWORD, current_password: PASSWORD });
    expectApiError(same.error, 422, 'same_password');
    const weak = await client.updateUser({ password: 'abc', current_password: PASSWORD });
    expectWeakPassword(weak.error, ['length']);

    const newPassword = 'new-horse-battery';
    const { user } = ok(await client.updateUser({ password: newPassword, current_password: PASSWORD }));
    expect(user.id).toBe(session.user.id);
    expect(events).toContain('USER_UPDATED');

    // This session lives on; the other one was revoked.
    expect(ok(await client.getUser()).user.id).toBe(user.id);
    const revoked = await other.client.getUser(otherSession.access_token);
    expect(isAuthSessionMissingError(revoked.error)).toBe(true);
    expect(other.exchanges.at(-1)).toEqual({ method: 'GET', path: '/user', status: 403 });

    const signer = newClient().client;
    expectApiError((await signer.signInWithPassword({ email, password: PASSWORD })).error, 400, 'invalid_credentials');
    expect(ok(await signer.signInWithPassword({ email, password: newPassword })).user.id).toBe(user.id);
  });

  it("signOut({ scope: 'others' }) ends every other session and keeps this one", async () => {
    const { email } = await signedUpClient('others');
    const phone = newClient();
    const laptop = newClient();
    const phoneSession = ok(await phone.client.signInWithPassword({ email, password: PASSWORD })).session;
    const laptopSession = ok(await laptop.client.signInWithPassword({ email, password: PASSWORD })).session;

    const { error } = await laptop.client.signOut({ scope: 'others' });

    expect(error).toBeNull();
    expect(laptop.exchanges.at(-1)).toEqual({ method: 'POST', path: '/logout?scope=others', status: 204 });
    expect(laptop.events).not.toContain('SIGNED_OUT');
    expect((await storedSession(laptop.client))?.access_token).toBe(laptopSession.access_token);
    expect(ok(await laptop.client.getUser()).user.email).toBe(email);
    const phoneUser = await phone.client.getUser(phoneSession.access_token);
    expect(isAuthSessionMissingError(phoneUser.error)).toBe(true);
    expect(phone.exchanges.at(-1)).toEqual({ method: 'GET', path: '/user', status: 403 });

    // scope 'local' ends only this session.
    expect((await laptop.client.signOut({ scope: 'local' })).error).toBeNull();
    expect(laptop.exchanges.at(-1)).toEqual({ method: 'POST', path: '/logout?scope=local', status: 204 });
    expect(laptop.events).toContain('SIGNED_OUT');
    expect(await storedSession(laptop.client)).toBeNull();
  });

  it('resets a password from the mailed link: resetPasswordForEmail, verifyOtp({ token_hash })', async () => {
    const { email, user } = await signedUpClient('recover-link');
    const { client, events, exchanges } = newClient();
    const seen = new Set((await mailsTo(dataDir, email)).map((mail) => mail.file));

    // Unknown addresses get the same answer.
    expect(ok(await client.resetPasswordForEmail(uniqueEmail('nobody')))).toEqual({});
    expect(ok(await client.resetPasswordForEmail(email))).toEqual({});
    expect(exchanges.at(-1)).toEqual({ method: 'POST', path: '/recover', status: 200 });
    const mail = await nextMailTo(dataDir, email, seen);
    expect(mail.subject).toMatch(/password/i);
    const tokenHash = tokenHashOf(mail);

    const verified = ok(await client.verifyOtp({ type: 'recovery', token_hash: tokenHash }));
    const session = sessionOrFail(verified.session);
    expect(verified.user?.id).toBe(user.id);
    expect(amrMethods(session.access_token)[0]).toBe('otp');
    expect(events).toContain('PASSWORD_RECOVERY');
    expect((await storedSession(client))?.access_token).toBe(session.access_token);

    // The link works once.
    const reused = await newClient().client.verifyOtp({ type: 'recovery', token_hash: tokenHash });
    expectApiError(reused.error, 403, 'otp_expired');

    const newPassword = 'recovered-horse-battery';
    ok(await client.updateUser({ password: newPassword }));
    expect(events.filter((e) => e !== 'INITIAL_SESSION')).toEqual(['PASSWORD_RECOVERY', 'USER_UPDATED']);

    const signer = newClient().client;
    expectApiError((await signer.signInWithPassword({ email, password: PASSWORD })).error, 400, 'invalid_credentials');
    expect(ok(await signer.signInWithPassword({ email, password: newPassword })).user.id).toBe(user.id);
  });

  it('resets a password with the mailed code: verifyOtp({ type: recovery, email, token })', async () => {
    const { email, user } = await signedUpClient('recover-code');
    const { client, events } = newClient();
    const seen = new Set((await mailsTo(dataDir, email)).map((mail) => mail.file));

    ok(await client.resetPasswordForEmail(email));
    const code = codeOf(await nextMailTo(dataDir, email, seen));
    expect(code).toMatch(/^\d{6}$/);

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await client.verifyOtp({ type: 'recovery', email, token: wrongCode });
    expectApiError(wrong.error, 403, 'otp_expired');

    const verified = ok(await client.verifyOtp({ type: 'recovery', email, token: code }));
    expect(verified.user?.id).toBe(user.id);
    expect(sessionOrFail(verified.session).user.email).toBe(email);
    expect(events).toContain('PASSWORD_RECOVERY');

    const newPassword = 'coded-horse-battery';
    ok(await client.updateUser({ password: newPassword }));
    expect(ok(await newClient().client.signInWithPassword({ email, password: newPassword })).user.id).toBe(user.id);
  });

  it('enrolls, challenges, verifies and unenrolls a TOTP factor', async () => {
    const { client, email, session, events } = await signedUpClient('mfa');
    const sessionId = decodeJwt(session.access_token).claims.session_id;

    // enroll
    const enrolled = ok(await client.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' }));
    expect(enrolled.type).toBe('totp');
    expect(enrolled.friendly_name).toBe('Phone app');
    expect(enrolled.totp.qr_code.startsWith('data:image/svg+xml;utf-8,')).toBe(true);
    expect(enrolled.totp.qr_code).toContain('<svg');
    expect(enrolled.totp.secret).toMatch(/^[A-Z2-7]{16,}=*$/);
    expect(enrolled.totp.uri.startsWith('otpauth://totp/')).toBe(true);
    expect(enrolled.totp.uri).toContain(`secret=${enrolled.totp.secret}`);
    expect(decodeURIComponent(enrolled.totp.uri)).toContain(email);
    const factorId = enrolled.id;
    const secret = enrolled.totp.secret;

    const conflict = await client.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' });
    expectApiError(conflict.error, 422, 'mfa_factor_name_conflict');

    // An unverified factor does not raise the next level.
    expect(ok(await client.mfa.getAuthenticatorAssuranceLevel())).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal1',
    });
    const pending = ok(await client.mfa.listFactors());
    expect(pending.all.map((f) => [f.id, f.status])).toEqual([[factorId, 'unverified']]);
    expect(pending.totp).toEqual([]);

    // challenge, then verify: a wrong code first, then the right one.
    const challenge = ok(await client.mfa.challenge({ factorId }));
    expect(challenge.type).toBe('totp');
    expect(challenge.id).toBeTruthy();
    expect(challenge.expires_at).toBeGreaterThan(Date.now() / 1000 + 200);

    const current = totpStep();
    const { code, step } = await freshTotpCode(secret, null);
    const wrongCode = String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');
    const wrong = await client.mfa.verify({ factorId, challengeId: challenge.id, code: wrongCode });
    expectApiError(wrong.error, 422, 'mfa_verification_failed');

    const verified = ok(await client.mfa.verify({ factorId, challengeId: challenge.id, code }));
    expect(step).toBeGreaterThanOrEqual(current);
    const aal2Claims = decodeJwt(verified.access_token).claims;
    expect(aal2Claims.aal).toBe('aal2');
    expect(aal2Claims.session_id).toBe(sessionId);
    expect(amrMethods(verified.access_token)).toEqual(['totp', 'password']);
    expect(verified.user.factors?.map((f) => [f.id, f.status])).toEqual([[factorId, 'verified']]);
    expect(events).toContain('MFA_CHALLENGE_VERIFIED');
    expect((await storedSession(client))?.access_token).toBe(verified.access_token);
    expect(ok(await client.mfa.getAuthenticatorAssuranceLevel())).toMatchObject({
      currentLevel: 'aal2',
      nextLevel: 'aal2',
    });
    const listed = ok(await client.mfa.listFactors());
    expect(listed.totp.map((f) => [f.id, f.friendly_name, f.status])).toEqual([[factorId, 'Phone app', 'verified']]);
    expect(listed.all).toHaveLength(1);

    // A fresh sign-in is aal1 with aal2 next; challengeAndVerify raises it.
    const laptop = newClient();
    const fresh = ok(await laptop.client.signInWithPassword({ email, password: PASSWORD })).session;
    const freshAal = ok(await laptop.client.mfa.getAuthenticatorAssuranceLevel());
    expect(freshAal).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    expect(freshAal.currentAuthenticationMethods).toEqual([{ method: 'password', timestamp: expect.any(Number) as number }]);
    // ... and an aal1 session may neither drop the factor nor change the password.
    const early = await laptop.client.mfa.unenroll({ factorId });
    expectApiError(early.error, 422, 'insufficient_aal');
    const passwordChange = await laptop.client.updateUser({ password: 'aal1-horse-battery' });
    expectApiError(passwordChange.error, 401, 'insufficient_aal');

    const second = await freshTotpCode(secret, step);
    const raised = ok(await laptop.client.mfa.challengeAndVerify({ factorId, code: second.code }));
    expect(decodeJwt(raised.access_token).claims.aal).toBe('aal2');
    expect(decodeJwt(raised.access_token).claims.session_id).toBe(decodeJwt(fresh.access_token).claims.session_id);
    expect(ok(await laptop.client.mfa.getAuthenticatorAssuranceLevel())).toMatchObject({
      currentLevel: 'aal2',
      nextLevel: 'aal2',
    });
    expect(laptop.exchanges.map((e) => `${e.method} ${e.path} ${String(e.status)}`)).toEqual(
      expect.arrayContaining([
        `POST /factors/${factorId}/challenge 200`,
        `POST /factors/${factorId}/verify 200`,
      ]),
    );

    // unenroll from the aal2 session.
    const removed = ok(await laptop.client.mfa.unenroll({ factorId }));
    expect(removed.id).toBe(factorId);
    expect(laptop.exchanges.at(-1)).toEqual({ method: 'DELETE', path: `/factors/${factorId}`, status: 200 });
    const after = ok(await laptop.client.mfa.listFactors());
    expect(after.all).toEqual([]);
    expect(after.totp).toEqual([]);
  });

  it('getClaims verifies the ES256 token against the JWKS without calling GET /user', async () => {
    const { client, exchanges, session } = await signedUpClient('claims');
    const before = exchanges.length;

    const { data, error } = await client.getClaims();

    expect(error).toBeNull();
    expect(data?.header).toMatchObject({ alg: 'ES256', typ: 'JWT' });
    expect(typeof data?.header.kid).toBe('string');
    expect(data?.claims).toMatchObject({
      sub: session.user.id,
      aud: 'authenticated',
      role: 'authenticated',
      aal: 'aal1',
      iss: authUrl,
      session_id: decodeJwt(session.access_token).claims.session_id,
    });
    const made = exchanges.slice(before);
    expect(made).toEqual([{ method: 'GET', path: '/.well-known/jwks.json', status: 200 }]);
    expect(exchanges.some((e) => e.path === '/user')).toBe(false);

    // The key set is cached: a second call makes no request at all.
    expect(ok(await client.getClaims(session.access_token))?.claims.sub).toBe(session.user.id);
    expect(exchanges.length).toBe(before + 1);

    // A token whose claims were altered fails verification (still no GET /user).
    const [header = '', payload = '', signature = ''] = session.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 'service_role' })).toString('base64url');
    const tampered = await client.getClaims(`${header}.${forged}.${signature}`);
    expect(tampered.error?.name).toBe('AuthInvalidJwtError');
    expect(tampered.data).toBeNull();
    expect(exchanges.some((e) => e.path === '/user')).toBe(false);
  });
});
