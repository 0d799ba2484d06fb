import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, toApiError } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';

async function fetchRecommendations() {
  const { data, error, response } = await api.GET('/api/v1/recommendations');
  if (data === undefined) throw toApiError(error, response);
  return data.tracks;
}

const recommendationsQueryOptions = queryOptions({
  queryKey: queryKeys.me.recommendations(),
  queryFn: fetchRecommendations,
});

/** Tracks picked for me from what I and people like me play. */
export function useRecommendations() {
  return useQuery(recommendationsQueryOptions);
}
