import { useState } from 'react';
import toast from 'react-hot-toast';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { Button } from '@/components/ui/Button';
import { TrashIcon } from '@/components/ui/icons';
import { DOWNLOADS_EXPIRED_MESSAGE } from '@/lib/downloads/availability';
import { useDownloadedTracks, useDownloadsExpired } from '@/lib/downloads/hooks';
import { removeAllDownloads } from '@/lib/downloads/manager';
import { DownloadedRow } from './components/DownloadedRow';
import { DownloadsSummary } from './components/DownloadsSummary';
import { RemoveAllDialog } from './components/RemoveAllDialog';

function NoDownloads() {
  return (
    <div className="rounded-3xl border border-dashed border-line px-6 py-12 text-center">
      <p className="font-semibold text-white">No downloads yet.</p>
      <p className="mt-1 text-sm text-zinc-400">Download a track, an album, a playlist or your Liked Songs to listen offline.</p>
      <ButtonLink to="/explore" variant="secondary" className="mt-5">
        Explore music
      </ButtonLink>
    </div>
  );
}

/**
 * The library's Downloads tab: what this device keeps (each track's size and quality), the space
 * used, the browser's quota, what the plan still allows, and Remove all. It reads the device's
 * records alone, so it shows the same offline.
 */
export function DownloadsPanel() {
  const items = useDownloadedTracks();
  const expired = useDownloadsExpired();
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  if (items.length === 0) return <NoDownloads />;
  const tracks = items.map((item) => item.track);

  const removeAll = async () => {
    setRemoving(true);
    await removeAllDownloads();
    setRemoving(false);
    setConfirming(false);
    toast.success('All downloads removed');
  };

  return (
    <section aria-label="Downloads" className="space-y-5">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <DownloadsSummary count={items.length} />
        <Button
          variant="secondary"
          size="sm"
          aria-label="Remove all"
          onClick={() => {
            setConfirming(true);
          }}
        >
          <TrashIcon className="size-4" />
          Remove all
        </Button>
      </div>
      {expired ? (
        <p role="alert" className="rounded-2xl border border-amber-400/30 bg-amber-400/10 px-4 py-3 text-sm text-amber-200">
          {DOWNLOADS_EXPIRED_MESSAGE}
        </p>
      ) : null}
      <ol aria-label="Downloaded tracks" className="space-y-1">
        {items.map((item, index) => (
          <DownloadedRow key={item.track.id} item={item} queue={tracks} position={index + 1} />
        ))}
      </ol>
      {confirming ? (
        <RemoveAllDialog
          count={items.length}
          pending={removing}
          onCancel={() => {
            setConfirming(false);
          }}
          onConfirm={() => {
            void removeAll();
          }}
        />
      ) : null}
    </section>
  );
}
