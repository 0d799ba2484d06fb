import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { api, toApiError } from '@/lib/api';

export type FeaturedPlaylist = components['schemas']['FeaturedPlaylist'];

async function fetchMyPlaylists() {
  const { data, error, response } = await api.GET('/api/v1/playlists');
  if (data === undefined) throw toApiError(error, response);
  return data.playlists;
}

/** My playlists, to choose the one my profile features; the same cache entry as the library's list. */
const myPlaylistsQueryOptions = queryOptions({
  queryKey: ['playlists', 'mine'],
  queryFn: fetchMyPlaylists,
});

export function useMyPlaylists() {
  return useQuery(myPlaylistsQueryOptions);
}
