import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { api, toApiError } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';

export type FeaturedPlaylist = components['schemas']['FeaturedPlaylist'];

/** The most playlists the picker offers: one page, the most the API answers at once. */
const PICKER_SIZE = 100;

async function fetchNewestPlaylists() {
  const { data, error, response } = await api.GET('/api/v1/playlists', { params: { query: { limit: PICKER_SIZE } } });
  if (data === undefined) throw toApiError(error, response);
  return data.playlists;
}

/**
 * My newest 100 playlists, to choose the one my profile features: a select cannot page, and the one
 * featured now is listed beside them anyway. Its key is the library's newest 100 (under
 * `queryKeys.playlists.mine()`, with every list of my playlists), so each change to them reaches it.
 */
const myPlaylistsQueryOptions = queryOptions({
  queryKey: queryKeys.playlists.newest(PICKER_SIZE),
  queryFn: fetchNewestPlaylists,
});

export function useMyPlaylists() {
  return useQuery(myPlaylistsQueryOptions);
}
