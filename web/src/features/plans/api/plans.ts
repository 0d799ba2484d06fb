import { queryOptions, useQuery } from '@tanstack/react-query';
import type { paths } from '@/api/schema';
import { api, toApiError } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';

type PlansResponse = paths['/api/v1/plans']['get']['responses'][200]['content']['application/json'];
export type Plan = PlansResponse['plans'][number];

export async function fetchPlans(): Promise<Plan[]> {
  const { data, error, response } = await api.GET('/api/v1/plans');
  if (data === undefined) throw toApiError(error, response);
  return data.plans;
}

export const plansQueryOptions = queryOptions({
  queryKey: queryKeys.plans(),
  queryFn: fetchPlans,
});

export function usePlans() {
  return useQuery(plansQueryOptions);
}
