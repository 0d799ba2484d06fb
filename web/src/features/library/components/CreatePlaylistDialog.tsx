import { Dialog } from '@/components/ui/Dialog';
import { useCreatePlaylist, type Playlist } from '../api/playlists';
import { reasonOf } from '../api/errors';
import { PlaylistForm } from './PlaylistForm';

interface CreatePlaylistDialogProps {
  onClose: () => void;
  /** The playlist was created; the caller closes the dialog. */
  onCreated: (playlist: Playlist) => void;
}

/** The create-playlist form in a dialog. */
export function CreatePlaylistDialog({ onClose, onCreated }: CreatePlaylistDialogProps) {
  const create = useCreatePlaylist();
  return (
    <Dialog title="Create Playlist" onClose={onClose}>
      <PlaylistForm
        initial={{ name: '', description: '' }}
        submitLabel="Create"
        pendingLabel="Creating…"
        pending={create.isPending}
        error={create.error ? `Failed to create playlist: ${reasonOf(create.error)}` : null}
        onCancel={onClose}
        onSubmit={(draft) => {
          create.mutate(draft, { onSuccess: onCreated });
        }}
      />
    </Dialog>
  );
}
