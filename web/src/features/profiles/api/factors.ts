import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Factor } from '@supabase/auth-js';
import { auth } from '@/lib/auth';
import { queryKeys } from '@/lib/queryKeys';

export interface AuthenticatorFactors {
  /** The verified authenticator app, if two-factor authentication is on. */
  verified: Factor | undefined;
  /** Enrolments that were started and never confirmed. */
  unverified: Factor[];
}

async function fetchFactors(): Promise<AuthenticatorFactors> {
  const { data, error } = await auth.mfa.listFactors();
  if (error) throw error;
  return {
    verified: data.totp[0],
    unverified: data.all.filter((factor) => factor.factor_type === 'totp' && factor.status === 'unverified'),
  };
}

export const factorsQueryOptions = queryOptions({
  queryKey: queryKeys.me.factors(),
  queryFn: fetchFactors,
});

export function useAuthenticatorFactors() {
  return useQuery(factorsQueryOptions);
}
