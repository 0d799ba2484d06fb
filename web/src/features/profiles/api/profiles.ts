import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { components } from '@/api/schema';
import { api, ApiError, serverMessageOr, toApiError } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import { myProfileQueryOptions } from './myProfile';

export type PublicProfile = components['schemas']['PublicProfile'];
type FollowState = components['schemas']['FollowState'];

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

async function setFollowing(id: string, follow: boolean): Promise<FollowState> {
  const init = { params: { path: { id } } };
  const { data, error, response } = follow
    ? await api.PUT('/api/v1/profiles/{id}/follow', init)
    : await api.DELETE('/api/v1/profiles/{id}/follow', init);
  if (data === undefined) throw toApiError(error, response);
  return data;
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
    mutationFn: (follow: boolean) => setFollowing(id, follow),
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
