import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { ShareButton } from '@/components/ui/ShareButton';
import { useSetPlaylistVisibility, type Playlist } from '../api/playlists';

interface MakePublicDialogProps {
  name: string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Share on a private playlist: only its owner could open the link, so it offers to make it public first. */
function MakePublicDialog({ name, pending, onCancel, onConfirm }: MakePublicDialogProps) {
  return (
    <Dialog title="Share this playlist?" onClose={onCancel}>
      <p className="mt-3 text-sm text-zinc-300">
        <span className="font-semibold text-white">{name}</span> is private: only you can open it. Make it public so anyone
        signed in to Backbeat can open, play and follow it, then share its link.
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" disabled={pending} onClick={onCancel}>
          Cancel
        </Button>
        <Button disabled={pending} onClick={onConfirm} data-autofocus>
          {pending ? 'Making it public…' : 'Make public and copy link'}
        </Button>
      </div>
    </Dialog>
  );
}

/**
 * Share copies the playlist's link. On a private playlist of mine it first offers to make it
 * public; the link is copied once it is.
 */
export function SharePlaylistButton({ playlist }: { playlist: Playlist }) {
  const setVisibility = useSetPlaylistVisibility(playlist.id);
  const [pendingShare, setPendingShare] = useState<(() => Promise<void>) | null>(null);
  const url = `${window.location.origin}/playlist/${encodeURIComponent(playlist.id)}`;
  const asksFirst = playlist.is_owner && playlist.visibility === 'private';

  return (
    <>
      <ShareButton
        url={url}
        onShare={
          asksFirst
            ? (share) => {
                setPendingShare(() => share);
              }
            : undefined
        }
      />
      {pendingShare ? (
        <MakePublicDialog
          name={playlist.name}
          pending={setVisibility.isPending}
          onCancel={() => {
            setPendingShare(null);
          }}
          onConfirm={() => {
            setVisibility.mutate('public', {
              onSuccess: () => {
                setPendingShare(null);
                toast.success('Playlist is now public');
                void pendingShare();
              },
            });
          }}
        />
      ) : null}
    </>
  );
}
