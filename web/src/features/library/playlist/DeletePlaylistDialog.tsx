import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { followerCountLabel } from '../format';

interface DeletePlaylistDialogProps {
  name: string;
  /** Users who follow it: they lose it too. */
  followerCount?: number;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before a playlist is deleted; Cancel is the safe default. */
export function DeletePlaylistDialog({ name, followerCount = 0, pending, onCancel, onConfirm }: DeletePlaylistDialogProps) {
  return (
    <Dialog title="Delete Playlist" role="alertdialog" onClose={onCancel}>
      <p className="mt-3 text-sm text-zinc-300">
        Are you sure you want to delete <span className="font-semibold text-white">{name}</span>? This cannot be undone.
        {followerCount > 0 ? ` It leaves the library of its ${followerCountLabel(followerCount)} too.` : null}
      </p>
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" disabled={pending} onClick={onCancel} data-autofocus>
          Cancel
        </Button>
        <Button variant="danger" disabled={pending} onClick={onConfirm}>
          {pending ? 'Deleting…' : 'Delete'}
        </Button>
      </div>
    </Dialog>
  );
}
