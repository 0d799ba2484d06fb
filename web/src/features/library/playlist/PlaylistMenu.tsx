import { StarIcon, TrashIcon } from '@/components/ui/icons';
import { Menu, MenuItem } from '@/components/ui/Menu';
import { useToggleFeatured } from '../api/featured';
import type { PlaylistSummary } from '../api/playlists';

interface PlaylistMenuProps {
  playlist: PlaylistSummary;
  onDelete: () => void;
}

/** Feature / Unfeature on my profile, and Delete Playlist (after a confirmation). */
export function PlaylistMenu({ playlist, onDelete }: PlaylistMenuProps) {
  const toggleFeatured = useToggleFeatured(playlist);
  return (
    <Menu label="Playlist options">
      {(close) => (
        <>
          <MenuItem
            icon={<StarIcon filled={playlist.is_featured} className="size-4" />}
            disabled={toggleFeatured.isPending}
            onClick={() => {
              toggleFeatured.mutate();
              close();
            }}
          >
            {playlist.is_featured ? 'Unfeature from Profile' : 'Feature on Profile'}
          </MenuItem>
          <MenuItem
            icon={<TrashIcon className="size-4" />}
            className="text-red-300 hover:text-red-200 focus:text-red-200"
            onClick={() => {
              close();
              onDelete();
            }}
          >
            Delete Playlist
          </MenuItem>
        </>
      )}
    </Menu>
  );
}
