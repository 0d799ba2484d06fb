import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { api } from '@/lib/api';
import { catalogError, retryUnlessNotFound } from './catalogError';

export type Artist = components['schemas']['Artist'];

async function fetchArtist(name: string): Promise<Artist> {
  const { data, error, response } = await api.GET('/api/v1/artists/{name}', { params: { path: { name } } });
  if (data === undefined) throw catalogError('Failed to fetch tracks', error, response);
  return data;
}

function artistQueryOptions(name: string) {
  return queryOptions({
    queryKey: ['artists', name],
    queryFn: () => fetchArtist(name),
    retry: retryUnlessNotFound,
  });
}

/** An artist by name: top tracks, albums, plays, and the bio of the user of that name. */
export function useArtist(name: string) {
  return useQuery(artistQueryOptions(name));
}
