import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { api, toApiError } from '@/lib/api';
import { pagedQueryOptions } from '@/lib/pages';
import type { components } from '@/api/schema';
import { queryKeys } from '@/lib/queryKeys';
import { reasonOf } from './errors';
import { changeLoadedPlaylist, type Playlist } from './playlists';

async function fetchFollowedPage(cursor: string | undefined) {
  const { data, error, response } = await api.GET('/api/v1/me/followed-playlists', { params: { query: { cursor } } });
  if (data === undefined) throw toApiError(error, response);
  return data;
}

const followedQueryOptions = infiniteQueryOptions({
  ...pagedQueryOptions(queryKeys.playlists.followed(), fetchFollowedPage),
  // Their owners rename, change and delete them: the library shows them as they are now.
  staleTime: 0,
});

/** Other users' public playlists I follow, the newest follow first, a page at a time. */
export function useFollowedPlaylists() {
  return useInfiniteQuery(followedQueryOptions);
}

async function setFollowing(id: string, follow: boolean): Promise<components['schemas']['PlaylistFollowState']> {
  const init = { params: { path: { id } } };
  const { data, error, response } = follow
    ? await api.PUT('/api/v1/playlists/{id}/follow', init)
    : await api.DELETE('/api/v1/playlists/{id}/follow', init);
  if (data === undefined) throw toApiError(error, response);
  return data;
}

function withFollowing(playlist: Playlist, following: boolean, followerCount: number): Playlist {
  return { ...playlist, is_following: following, follower_count: followerCount };
}

/**
 * Follow / unfollow another user's public playlist: it shows in, or leaves, my library. The
 * button and the count change at once; a failure puts them back and says why.
 */
export function useFollowPlaylist(playlist: Pick<Playlist, 'id' | 'is_following' | 'follower_count'>) {
  const queryClient = useQueryClient();
  const { id } = playlist;
  return useMutation({
    mutationFn: (follow: boolean) => setFollowing(id, follow),
    onMutate: (follow) => {
      const before = { following: playlist.is_following, count: playlist.follower_count };
      if (before.following !== follow) {
        const count = before.count + (follow ? 1 : -1);
        changeLoadedPlaylist(queryClient, id, (loaded) => withFollowing(loaded, follow, count));
      }
      return before;
    },
    onError: (error, follow, before) => {
      if (before) changeLoadedPlaylist(queryClient, id, (loaded) => withFollowing(loaded, before.following, before.count));
      toast.error(`${follow ? 'Failed to follow playlist' : 'Failed to unfollow playlist'}: ${reasonOf(error)}`);
    },
    onSuccess: async (state) => {
      changeLoadedPlaylist(queryClient, id, (loaded) => withFollowing(loaded, state.following, state.follower_count));
      toast.success(state.following ? 'Added to your library' : 'Removed from your library');
      await queryClient.invalidateQueries({ queryKey: queryKeys.playlists.followed() });
    },
  });
}
