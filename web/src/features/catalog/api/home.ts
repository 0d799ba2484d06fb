import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import { catalogError } from './catalogError';

export type HomeSummary = components['schemas']['Home'];

async function fetchHome(): Promise<HomeSummary> {
  const { data, error, response } = await api.GET('/api/v1/home');
  if (data === undefined) throw catalogError('Failed to fetch tracks', error, response);
  return data;
}

const homeQueryOptions = queryOptions({
  queryKey: queryKeys.home(),
  queryFn: fetchHome,
});

/** The dashboard's stat cards and the 8 newest tracks. */
export function useHomeSummary() {
  return useQuery(homeQueryOptions);
}
