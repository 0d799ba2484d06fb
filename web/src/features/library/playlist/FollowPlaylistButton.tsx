import { FollowToggle } from '@/components/ui/FollowToggle';
import { useFollowPlaylist } from '../api/followedPlaylists';
import type { Playlist } from '../api/playlists';

/** Follow / Following on another user's public playlist: following keeps it in my library. */
export function FollowPlaylistButton({ playlist }: { playlist: Playlist }) {
  const follow = useFollowPlaylist(playlist);
  return <FollowToggle following={playlist.is_following} pending={follow.isPending} onToggle={follow.mutate} />;
}
