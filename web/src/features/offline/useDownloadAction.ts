import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { serverMessageOr } from '@/lib/api';
import { useCollectionDownload } from '@/lib/downloads/hooks';
import { cancelDownloads, downloadTracks, removeDownloads } from '@/lib/downloads/manager';
import { useOnline } from '@/lib/online';
import { DOWNLOAD_FAILED } from './messages';

interface DownloadTarget {
  trackIds: readonly string[];
  loadTrackIds?: () => Promise<readonly string[]>;
}

function plural(count: number, one: string): string {
  return `${String(count)} ${one}${count === 1 ? '' : 's'}`;
}

/**
 * Download, remove and cancel for a set of tracks, with where it stands. The ids not known yet are
 * read first (`loadTrackIds`): at once when none is known (an album), else on Download or Remove.
 * A refusal (not in the plan, Basic's 10 hours) is kept as `refusal` and shown in a toast.
 */
export function useDownloadAction({ trackIds, loadTrackIds }: DownloadTarget) {
  const online = useOnline();
  const [loaded, setLoaded] = useState<readonly string[] | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const ids = [...new Set([...trackIds, ...(loaded ?? [])])];
  const progress = useCollectionDownload(ids);
  const complete = !loadTrackIds || loaded !== null;

  const readAll = async (): Promise<readonly string[]> => {
    if (!loadTrackIds) return ids;
    const all = await loadTrackIds();
    setLoaded(all);
    return [...new Set([...trackIds, ...all])];
  };

  const loadNow = trackIds.length === 0 && loaded === null && online ? loadTrackIds : undefined;
  useEffect(() => {
    if (!loadNow) return;
    let current = true;
    loadNow().then(
      (all) => {
        if (current) setLoaded(all);
      },
      (error: unknown) => {
        console.error('The tracks to download could not be read', error);
      },
    );
    return () => {
      current = false;
    };
  }, [loadNow]);

  const download = async () => {
    setRefusal(null);
    try {
      const outcome = await downloadTracks(await readAll());
      if (outcome.failed.length > 0) toast.error(`${plural(outcome.failed.length, 'track')} could not be downloaded. Try again.`);
    } catch (error) {
      const message = serverMessageOr(error, DOWNLOAD_FAILED);
      setRefusal(message);
      toast.error(message, { id: 'download-refused' });
    }
  };

  const remove = async () => {
    setRefusal(null);
    const all = await readAll().catch(() => ids);
    await removeDownloads(all);
    toast.success('Download removed');
  };

  return {
    online,
    progress,
    complete,
    refusal,
    download: () => void download(),
    remove: () => void remove(),
    cancel: () => {
      cancelDownloads(ids);
    },
  };
}
