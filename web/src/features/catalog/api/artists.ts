import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { api } from '@/lib/api';
import { pagedQueryOptions } from '@/lib/pages';
import { queryKeys } from '@/lib/queryKeys';
import { catalogError, retryUnlessNotFound } from './catalogError';

export type Artist = components['schemas']['Artist'];
export type ArtistAlbum = components['schemas']['ArtistAlbum'];
type TrackList = components['schemas']['TrackList'];

async function fetchArtist(name: string): Promise<Artist> {
  const { data, error, response } = await api.GET('/api/v1/artists/{name}', { params: { path: { name } } });
  if (data === undefined) throw catalogError('Failed to fetch tracks', error, response);
  return data;
}

/** A page of the artist's top tracks, or with `album` of that album's tracks. */
async function fetchArtistTracks(name: string, album: string | undefined, cursor: string | undefined): Promise<TrackList> {
  const { data, error, response } = await api.GET('/api/v1/artists/{name}/tracks', {
    params: { path: { name }, query: { album, cursor } },
  });
  if (data === undefined) throw catalogError('Failed to fetch tracks', error, response);
  return data;
}

function artistQueryOptions(name: string) {
  return queryOptions({
    queryKey: queryKeys.artists.detail(name),
    queryFn: () => fetchArtist(name),
    retry: retryUnlessNotFound,
  });
}

/** An artist by name: what their tracks add up to, the first page of top tracks, albums, and the bio of the user of that name. */
export function useArtist(name: string) {
  return useQuery(artistQueryOptions(name));
}

/**
 * The artist's top tracks, a page at a time. The first page came with the artist (and ages with
 * it); 'Load more' continues from its cursor.
 */
export function useArtistTopTracks(artist: Artist, loadedAt: number) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      ...pagedQueryOptions(queryKeys.artists.topTracks(artist.name), (cursor) => fetchArtistTracks(artist.name, undefined, cursor)),
      initialData: {
        pages: [{ tracks: artist.tracks, next_cursor: artist.next_cursor, total: null, total_is_lower_bound: false }],
        pageParams: [undefined],
      },
      initialDataUpdatedAt: loadedAt,
    }),
  );
}

/** One album's tracks in upload order, a page at a time ('Singles': the tracks without an album). */
export function useAlbumTracks(artistName: string, album: string) {
  return useInfiniteQuery(
    pagedQueryOptions(queryKeys.artists.album(artistName, album), (cursor) => fetchArtistTracks(artistName, album, cursor)),
  );
}
