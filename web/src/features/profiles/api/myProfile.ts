import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { api, toApiError } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';

export type Profile = components['schemas']['Profile'];
export type SocialLinks = components['schemas']['SocialLinks'];
type ProfileUpdate = components['schemas']['ProfileUpdate'];
type AvatarUpload = components['schemas']['AvatarUpload'];

async function fetchMyProfile(): Promise<Profile> {
  const { data, error, response } = await api.GET('/api/v1/me/profile');
  if (data === undefined) throw toApiError(error, response);
  return data;
}

export const myProfileQueryOptions = queryOptions({
  queryKey: queryKeys.me.profile(),
  queryFn: fetchMyProfile,
});

/** The signed-in user's own profile: name, avatar, bio, links, plan and follow counts. */
export function useMyProfile() {
  return useQuery(myProfileQueryOptions);
}

export async function updateMyProfile(update: ProfileUpdate): Promise<Profile> {
  const { data, error, response } = await api.PATCH('/api/v1/me/profile', { body: update });
  if (data === undefined) throw toApiError(error, response);
  return data;
}

export async function uploadAvatar(image: File): Promise<Profile> {
  const { data, error, response } = await api.POST('/api/v1/me/avatar', {
    // The schema types a binary field as a string; the serializer sends the File itself.
    body: { avatar: image } as unknown as AvatarUpload,
    bodySerializer: () => {
      const form = new FormData();
      form.append('avatar', image);
      return form;
    },
  });
  if (data === undefined) throw toApiError(error, response);
  return data;
}

/** Keeps the cached own profile in step with what the server answered after a change. */
export function useStoreMyProfile(): (profile: Profile) => void {
  const queryClient = useQueryClient();
  return (profile) => {
    queryClient.setQueryData(myProfileQueryOptions.queryKey, profile);
  };
}
