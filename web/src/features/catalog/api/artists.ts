import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { components } from '@/api/schema';
import { api, serverMessageOr } from '@/lib/api';
import { fetchAllPages, pagedQueryOptions } from '@/lib/pages';
import { playableOf } from '@/lib/playable';
import { setProfileFollowing } from '@/lib/profileFollow';
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

/** The ids of an album's tracks that can be played, every page read: its Download downloads them all. */
export async function fetchAlbumTrackIds(artistName: string, album: string): Promise<string[]> {
  const pages = await fetchAllPages((cursor) => fetchArtistTracks(artistName, album, cursor));
  return playableOf(pages.flatMap((page) => page.tracks)).map((track) => track.id);
}

/**
 * Follow / Following on the artist page: follows the profile of the artist's name. The button
 * changes at once; a failure puts it back and says why. That profile and my own (its following
 * count) are read again afterwards.
 */
export function useFollowArtist(artist: Pick<Artist, 'name' | 'profile_id'>) {
  const queryClient = useQueryClient();
  const { queryKey } = artistQueryOptions(artist.name);
  const setFollowing = (following: boolean) => {
    queryClient.setQueryData(queryKey, (loaded) => (loaded ? { ...loaded, is_following: following } : loaded));
  };
  return useMutation({
    mutationFn: async (follow: boolean) => {
      if (artist.profile_id === null) throw new Error('This artist has no profile to follow.');
      return setProfileFollowing(artist.profile_id, follow);
    },
    onMutate: async (follow) => {
      await queryClient.cancelQueries({ queryKey, exact: true });
      setFollowing(follow);
    },
    onError: (error, follow) => {
      setFollowing(!follow);
      toast.error(serverMessageOr(error, follow ? 'Failed to follow.' : 'Failed to unfollow.'));
    },
    onSuccess: (state) => {
      setFollowing(state.following);
    },
    onSettled: () =>
      Promise.all([
        artist.profile_id ? queryClient.invalidateQueries({ queryKey: queryKeys.profiles.detail(artist.profile_id) }) : undefined,
        queryClient.invalidateQueries({ queryKey: queryKeys.me.profile() }),
      ]),
  });
}
