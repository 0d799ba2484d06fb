import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { api, toApiError } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import { featuredPlaylistAfterToggle } from '../featureToggle';
import { reasonOf } from './errors';
import type { PlaylistSummary } from './playlists';

/** Feature / Unfeature a playlist on my profile. */
export function useToggleFeatured(playlist: Pick<PlaylistSummary, 'id' | 'is_featured'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const featured = featuredPlaylistAfterToggle(playlist);
      const { data, error, response } = await api.PATCH('/api/v1/me/profile', { body: { featured_playlist_id: featured } });
      if (data === undefined) throw toApiError(error, response);
      return featured;
    },
    onSuccess: async (featured) => {
      toast.success(featured ? 'Playlist featured on your profile' : 'Playlist removed from your profile');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.playlists.all() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.me.profile() }),
      ]);
    },
    onError: (error) => {
      toast.error(`Failed to update the featured playlist: ${reasonOf(error)}`);
    },
  });
}
