import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { components } from '@/api/schema';
import { api, toApiError } from '@/lib/api';
import { reasonOf } from './errors';

type Track = components['schemas']['Track'];

async function fetchLikedTrackIds(): Promise<string[]> {
  const { data, error, response } = await api.GET('/api/v1/me/likes/ids');
  if (data === undefined) throw toApiError(error, response);
  return data.track_ids;
}

async function fetchLikedTracks(): Promise<Track[]> {
  const { data, error, response } = await api.GET('/api/v1/me/likes');
  if (data === undefined) throw toApiError(error, response);
  return data.tracks;
}

const likesQueryKey = ['me', 'likes'] as const;

const likedTrackIdsQueryOptions = queryOptions({
  queryKey: [...likesQueryKey, 'ids'],
  queryFn: fetchLikedTrackIds,
});

const likedTracksQueryOptions = queryOptions({
  queryKey: [...likesQueryKey, 'tracks'],
  queryFn: fetchLikedTracks,
});

/** Whether the signed-in user likes the track; undefined while the likes load. */
export function useIsLiked(trackId: string): boolean | undefined {
  const { data } = useQuery({ ...likedTrackIdsQueryOptions, select: (ids) => ids.includes(trackId) });
  return data;
}

/** My liked tracks, newest like first. */
export function useLikedTracks() {
  return useQuery(likedTracksQueryOptions);
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
        queryClient.invalidateQueries({ queryKey: likesQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['home'] }),
      ]),
  });
}
