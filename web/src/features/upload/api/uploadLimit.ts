import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { api, ApiError, toApiError } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';

export type UploadLimit = components['schemas']['UploadLimit'];

async function fetchUploadLimit(): Promise<UploadLimit> {
  const { data, error, response } = await api.GET('/api/v1/me/upload-limit');
  if (data === undefined) {
    const failure = toApiError(error, response);
    throw new ApiError(`Failed to get upload count: ${failure.message}`, failure.status, failure.code);
  }
  return data;
}

export const uploadLimitQueryOptions = queryOptions({
  queryKey: queryKeys.me.uploadLimit(),
  queryFn: fetchUploadLimit,
});

/** Uploads used this calendar month and the plan's limit (null: unlimited). */
export function useUploadLimit() {
  return useQuery(uploadLimitQueryOptions);
}
