import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { components } from '@/api/schema';
import { api, ApiError, serverMessageOr, toApiError } from '@/lib/api';
import { pagedQueryOptions } from '@/lib/pages';
import { setProfileFollowing } from '@/lib/profileFollow';
import { queryKeys } from '@/lib/queryKeys';
import { myProfileQueryOptions } from './myProfile';

export type PublicProfile = components['schemas']['PublicProfile'];

async function fetchProfile(id: string): Promise<PublicProfile> {
  const { data, error, response } = await api.GET('/api/v1/profiles/{id}', { params: { path: { id } } });
  if (data === undefined) throw toApiError(error, response);
  return data;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

function profileQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.profiles.detail(id),
    queryFn: () => fetchProfile(id),
    // An unknown id stays unknown; only other failures are worth one more try.
    retry: (failureCount, error) => !isNotFound(error) && failureCount < 1,
  });
}

/** Another user's public profile, with whether the signed-in user follows them. */
export function useProfile(id: string) {
  return useQuery(profileQueryOptions(id));
}

function withFollowing(profile: PublicProfile, following: boolean, followerCount: number): PublicProfile {
  return { ...profile, is_following: following, follower_count: followerCount };
}

/**
 * Follow / unfollow. The button and the count change at once; a failure puts them back and says
 * why. The own profile's following count is read again afterwards.
 */
export function useFollow(id: string) {
  const queryClient = useQueryClient();
  const { queryKey } = profileQueryOptions(id);
  return useMutation({
    mutationFn: (follow: boolean) => setProfileFollowing(id, follow),
    onMutate: async (follow) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      if (previous && previous.is_following !== follow) {
        queryClient.setQueryData(queryKey, withFollowing(previous, follow, previous.follower_count + (follow ? 1 : -1)));
      }
      return { previous };
    },
    onError: (error, follow, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
      toast.error(serverMessageOr(error, follow ? 'Failed to follow.' : 'Failed to unfollow.'));
    },
    onSuccess: (state) => {
      queryClient.setQueryData(queryKey, (profile) =>
        profile ? withFollowing(profile, state.following, state.follower_count) : profile,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: myProfileQueryOptions.queryKey }),
  });
}

async function fetchProfilePlaylists(id: string, cursor: string | undefined) {
  const { data, error, response } = await api.GET('/api/v1/profiles/{id}/playlists', { params: { path: { id }, query: { cursor } } });
  if (data === undefined) throw toApiError(error, response);
  return data;
}

async function fetchProfileTracks(id: string, cursor: string | undefined) {
  const { data, error, response } = await api.GET('/api/v1/profiles/{id}/tracks', { params: { path: { id }, query: { cursor } } });
  if (data === undefined) throw toApiError(error, response);
  return data;
}

/** A user's public playlists, newest first, a page at a time. */
export function useProfilePlaylists(id: string) {
  return useInfiniteQuery(pagedQueryOptions(queryKeys.profiles.playlists(id), (cursor) => fetchProfilePlaylists(id, cursor)));
}

/** A user's ready tracks, newest first, a page at a time. */
export function useProfileTracks(id: string) {
  return useInfiniteQuery(pagedQueryOptions(queryKeys.profiles.tracks(id), (cursor) => fetchProfileTracks(id, cursor)));
}
