import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { api, toApiError } from '@/lib/api';
import { fetchAllPages, pagedQueryOptions } from '@/lib/pages';
import { playableOf } from '@/lib/playable';
import { queryKeys } from '@/lib/queryKeys';
import { reasonOf } from './errors';

async function fetchLikedTrackIdsPage(cursor: string | undefined) {
  const { data, error, response } = await api.GET('/api/v1/me/likes/ids', { params: { query: { cursor } } });
  if (data === undefined) throw toApiError(error, response);
  return data;
}

/** Every liked id, all pages of them (1000 a page): a heart anywhere must know whether it is filled. */
async function fetchLikedTrackIds(): Promise<string[]> {
  const pages = await fetchAllPages(fetchLikedTrackIdsPage);
  return pages.flatMap((page) => page.track_ids);
}

async function fetchLikedTracksPage(cursor: string | undefined) {
  const { data, error, response } = await api.GET('/api/v1/me/likes', { params: { query: { cursor } } });
  if (data === undefined) throw toApiError(error, response);
  return data;
}

/** The ids of my liked tracks that can be played, every page read: Liked Songs' Download downloads them all. */
export async function fetchLikedPlayableIds(): Promise<string[]> {
  const pages = await fetchAllPages(fetchLikedTracksPage);
  return playableOf(pages.flatMap((page) => page.tracks)).map((track) => track.id);
}

const likedTrackIdsQueryOptions = queryOptions({
  queryKey: queryKeys.me.likedIds(),
  queryFn: fetchLikedTrackIds,
});

const likedTracksQueryOptions = pagedQueryOptions(queryKeys.me.likedTracks(), fetchLikedTracksPage);

/** Whether the signed-in user likes the track; undefined while the likes load. */
export function useIsLiked(trackId: string): boolean | undefined {
  const { data } = useQuery({ ...likedTrackIdsQueryOptions, select: (ids) => ids.includes(trackId) });
  return data;
}

/** My liked tracks, newest like first, a page at a time. */
export function useLikedTracks() {
  return useInfiniteQuery(likedTracksQueryOptions);
}

async function setLiked(trackId: string, liked: boolean): Promise<boolean> {
  const init = { params: { path: { id: trackId } } };
  const { data, error, response } = liked
    ? await api.PUT('/api/v1/tracks/{id}/like', init)
    : await api.DELETE('/api/v1/tracks/{id}/like', init);
  if (data === undefined) throw toApiError(error, response);
  return data.liked;
}

interface LikeChange {
  trackId: string;
  liked: boolean;
}

/**
 * Like / unlike. The heart changes at once; a failure puts it back and says why ('Failed to like
 * track: ...'). Liked Songs and the home page's count are read again afterwards.
 */
export function useSetLiked() {
  const queryClient = useQueryClient();
  const { queryKey } = likedTrackIdsQueryOptions;
  return useMutation({
    mutationFn: ({ trackId, liked }: LikeChange) => setLiked(trackId, liked),
    onMutate: async ({ trackId, liked }) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, (ids = []) =>
        liked ? [...ids.filter((id) => id !== trackId), trackId] : ids.filter((id) => id !== trackId),
      );
      return { previous };
    },
    onError: (error, { liked }, context) => {
      queryClient.setQueryData(queryKey, context?.previous);
      toast.error(`${liked ? 'Failed to like track' : 'Failed to unlike track'}: ${reasonOf(error)}`);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.me.likes() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.home() }),
      ]),
  });
}
