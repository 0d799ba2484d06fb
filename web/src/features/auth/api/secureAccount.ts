import type { components } from '@/api/schema';
import { apiWithoutSession, toApiError } from '@/lib/api';

export type SecuredAccount = components['schemas']['SecuredAccount'];

/**
 * Redeems the token of a "This wasn't me" link: the server removes the second factors added in
 * the last 7 days and every recovery code, ends every session of the account and mails a
 * password reset. It goes without the session: the token is the proof, and the visitor may be
 * signed out, or hold a session that owes a second factor the owner does not have.
 */
export async function secureAccount(token: string): Promise<SecuredAccount> {
  const { data, error, response } = await apiWithoutSession.POST('/api/v1/not-me', { body: { token } });
  if (data === undefined) throw toApiError(error, response);
  return data;
}
