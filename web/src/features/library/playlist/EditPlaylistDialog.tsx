import toast from 'react-hot-toast';
import { Dialog } from '@/components/ui/Dialog';
import { reasonOf } from '../api/errors';
import { useUpdatePlaylist, type PlaylistSummary } from '../api/playlists';
import { PlaylistForm } from '../components/PlaylistForm';

/** Renames the playlist or changes its description. */
export function EditPlaylistDialog({ playlist, onClose }: { playlist: PlaylistSummary; onClose: () => void }) {
  const update = useUpdatePlaylist(playlist.id);
  return (
    <Dialog title="Edit Playlist" onClose={onClose}>
      <PlaylistForm
        initial={{ name: playlist.name, description: playlist.description }}
        submitLabel="Save"
        pendingLabel="Saving…"
        pending={update.isPending}
        error={update.error ? `Failed to update playlist: ${reasonOf(update.error)}` : null}
        onCancel={onClose}
        onSubmit={(draft) => {
          update.mutate(draft, {
            onSuccess: () => {
              toast.success('Playlist updated');
              onClose();
            },
          });
        }}
      />
    </Dialog>
  );
}
