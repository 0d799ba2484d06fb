import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useOnline } from '@/lib/online';
import { offlineCoverPath } from './keys';
import { hasExpired, spaceUsed, useDownloadsStore, type DownloadedTrack, type DownloadProgress } from './store';

/** Whether `trackId` is downloaded on this device. */
export function useIsDownloaded(trackId: string): boolean {
  return useDownloadsStore((state) => trackId in state.items);
}

/** Whether the last check-in's `valid_until` has passed, so that downloads no longer play offline. */
export function useDownloadsExpired(): boolean {
  return useDownloadsStore((state) => hasExpired(state.status));
}

/** Whether `trackId` is downloaded, and whether it can play now (online, or from a download that may play). */
export function useTrackAvailability(trackId: string): { downloaded: boolean; playable: boolean } {
  const online = useOnline();
  const downloaded = useIsDownloaded(trackId);
  const expired = useDownloadsExpired();
  return { downloaded, playable: online || (downloaded && !expired) };
}

/** The cover to show for `trackId`: offline, its downloaded cover when there is one; else `url`. */
export function useTrackCover(trackId: string, url: string | null): string | null {
  const online = useOnline();
  const hasCover = useDownloadsStore((state) => state.items[trackId]?.has_cover === true);
  return !online && hasCover ? offlineCoverPath(trackId) : url;
}

/** The downloads, newest first. */
export function useDownloadedTracks(): DownloadedTrack[] {
  const items = useDownloadsStore((state) => state.items);
  return Object.values(items).sort((a, b) => b.downloaded_at.localeCompare(a.downloaded_at));
}

/** Bytes all downloads take on this device. */
export function useSpaceUsed(): number {
  return useDownloadsStore((state) => spaceUsed(state.items));
}

/** The plan's offline rules as last answered; null before the first answer. */
export function useOfflineStatus() {
  return useDownloadsStore((state) => state.status);
}

/** Where a set of tracks stands: how many are downloaded, their bytes, and the downloads under way with their progress. */
export interface CollectionDownload {
  total: number;
  downloaded: number;
  size: number;
  downloading: number;
  /** 0 to 1 over the tracks under way and those done, when anything is under way. */
  fraction: number | null;
}

/** -1: not downloaded; else its bytes. */
const sizeOf = (item: DownloadedTrack | undefined) => item?.size ?? -1;
/** -1: not under way; else 0 to 1 (0 while its length is unknown). */
const shareOf = (progress: DownloadProgress | undefined) => {
  if (!progress) return -1;
  return progress.total ? Math.min(1, progress.received / progress.total) : 0;
};

export function useCollectionDownload(trackIds: readonly string[]): CollectionDownload {
  const sizes = useDownloadsStore(useShallow((state) => trackIds.map((id) => sizeOf(state.items[id]))));
  const shares = useDownloadsStore(useShallow((state) => trackIds.map((id) => shareOf(state.inFlight[id]))));
  const downloaded = sizes.filter((size) => size >= 0);
  const underway = shares.filter((share) => share >= 0);
  const done = downloaded.length;
  return {
    total: trackIds.length,
    downloaded: done,
    size: downloaded.reduce((sum, size) => sum + size, 0),
    downloading: underway.length,
    fraction: underway.length > 0 ? (done + underway.reduce((sum, share) => sum + share, 0)) / (done + underway.length) : null,
  };
}

/** The browser's storage estimate (bytes used and its quota); null until read or where unsupported. */
export function useStorageEstimate(): { usage: number; quota: number } | null {
  const [estimate, setEstimate] = useState<{ usage: number; quota: number } | null>(null);
  const items = useDownloadsStore((state) => state.items);
  useEffect(() => {
    let current = true;
    if (!('storage' in navigator) || typeof navigator.storage.estimate !== 'function') return;
    navigator.storage.estimate().then(
      ({ usage = 0, quota = 0 }) => {
        if (current) setEstimate({ usage, quota });
      },
      (error: unknown) => {
        console.error('The storage estimate could not be read', error);
      },
    );
    return () => {
      current = false;
    };
  }, [items]);
  return estimate;
}
