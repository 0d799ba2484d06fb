import type { components } from '@/api/schema';
import { api, toApiError } from './api';

export type FollowState = components['schemas']['FollowState'];

/**
 * Follows (`follow` true) or unfollows a user's profile, from their profile page or their artist
 * page; answers whether the signed-in user follows them now and their follower count.
 */
export async function setProfileFollowing(id: string, follow: boolean): Promise<FollowState> {
  const init = { params: { path: { id } } };
  const { data, error, response } = follow
    ? await api.PUT('/api/v1/profiles/{id}/follow', init)
    : await api.DELETE('/api/v1/profiles/{id}/follow', init);
  if (data === undefined) throw toApiError(error, response);
  return data;
}
