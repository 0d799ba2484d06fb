import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, toApiError } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';

async function fetchRecoveryCodesLeft(): Promise<number> {
  const { data, error, response } = await api.GET('/api/v1/me/recovery-codes');
  if (data === undefined) throw toApiError(error, response);
  return data.remaining;
}

export const recoveryCodesLeftQueryOptions = queryOptions({
  queryKey: queryKeys.me.recoveryCodesLeft(),
  queryFn: fetchRecoveryCodesLeft,
});

/** How many of my recovery codes are unused. */
export function useRecoveryCodesLeft() {
  return useQuery(recoveryCodesLeftQueryOptions);
}

/** Ten new recovery codes, shown this once; the old ones stop working. The server mails the owner. */
export async function makeNewRecoveryCodes(): Promise<string[]> {
  const { data, error, response } = await api.POST('/api/v1/me/recovery-codes');
  if (data === undefined) throw toApiError(error, response);
  return data.recovery_codes;
}
