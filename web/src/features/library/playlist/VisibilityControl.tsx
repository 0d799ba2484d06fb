import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { GlobeIcon, LockIcon } from '@/components/ui/icons';
import { useSetPlaylistVisibility, type Playlist, type Visibility } from '../api/playlists';
import { followerCountLabel } from '../format';

const options: readonly { value: Visibility; label: string; Icon: typeof LockIcon }[] = [
  { value: 'private', label: 'Private', Icon: LockIcon },
  { value: 'public', label: 'Public', Icon: GlobeIcon },
];

/** Asks before a followed playlist is made private: its followers lose it. */
function MakePrivateDialog({ playlist, pending, onCancel, onConfirm }: { playlist: Playlist; pending: boolean; onCancel: () => void; onConfirm: () => void }) {
  return (
    <Dialog title="Make playlist private?" role="alertdialog" onClose={onCancel}>
      <p className="mt-3 text-sm text-zinc-300">
        Only you will be able to open <span className="font-semibold text-white">{playlist.name}</span>. Its{' '}
        {followerCountLabel(playlist.follower_count)} will no longer have it in their library.
      </p>
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" disabled={pending} onClick={onCancel} data-autofocus>
          Cancel
        </Button>
        <Button disabled={pending} onClick={onConfirm}>
          {pending ? 'Saving…' : 'Make private'}
        </Button>
      </div>
    </Dialog>
  );
}

/**
 * The owner's Private / Public switch. Private: only the owner opens the playlist. Public: any
 * signed-in user opens, plays and follows it. Making a followed playlist private asks first.
 */
export function VisibilityControl({ playlist }: { playlist: Playlist }) {
  const setVisibility = useSetPlaylistVisibility(playlist.id);
  const [confirming, setConfirming] = useState(false);
  const change = (visibility: Visibility) => {
    setVisibility.mutate(visibility, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(visibility === 'public' ? 'Playlist is now public' : 'Playlist is now private');
      },
    });
  };
  const choose = (visibility: Visibility) => {
    if (visibility === playlist.visibility || setVisibility.isPending) return;
    if (visibility === 'private' && playlist.follower_count > 0) setConfirming(true);
    else change(visibility);
  };

  return (
    <>
      <div role="radiogroup" aria-label="Who can open this playlist" className="inline-flex rounded-full border border-white/15 bg-white/5 p-1">
        {options.map(({ value, label, Icon }) => {
          const checked = playlist.visibility === value;
          return (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={checked}
              disabled={setVisibility.isPending}
              onClick={() => {
                choose(value);
              }}
              className={`inline-flex h-9 items-center gap-1.5 rounded-full px-3.5 text-sm font-semibold transition disabled:cursor-not-allowed ${
                checked ? 'bg-white text-night' : 'text-zinc-300 hover:text-white'
              }`}
            >
              <Icon className="size-4" />
              {label}
            </button>
          );
        })}
      </div>
      {confirming ? (
        <MakePrivateDialog
          playlist={playlist}
          pending={setVisibility.isPending}
          onCancel={() => {
            setConfirming(false);
          }}
          onConfirm={() => {
            change('private');
          }}
        />
      ) : null}
    </>
  );
}
