import toast from 'react-hot-toast';
import { offlineAudioPath } from './keys';
import { downloads, hasExpired } from './store';

export const NOT_DOWNLOADED_MESSAGE = 'Not downloaded: connect to the internet to play this track';
export const DOWNLOADS_EXPIRED_MESSAGE = 'Connect to the internet to keep your downloads';

/** Whether `trackId` is downloaded and its downloads may still play (the last check-in's `valid_until` has not passed). */
export function isDownloadPlayable(trackId: string): boolean {
  const { items, status } = downloads();
  return trackId in items && !hasExpired(status);
}

/** Where the player plays `trackId` from when it is downloaded and may play; null otherwise (stream it). */
export function offlineAudioUrl(trackId: string): string | null {
  return isDownloadPlayable(trackId) ? offlineAudioPath(trackId) : null;
}

/** Whether `trackId` can play now: with a network, or from a download that may play. */
export function canPlayNow(trackId: string): boolean {
  return navigator.onLine || isDownloadPlayable(trackId);
}

/** Why `trackId` cannot play offline. */
export function unavailableMessage(trackId: string): string {
  return trackId in downloads().items ? DOWNLOADS_EXPIRED_MESSAGE : NOT_DOWNLOADED_MESSAGE;
}

/** Says in a toast why `trackId` cannot play offline. */
export function explainUnavailable(trackId: string): void {
  toast.error(unavailableMessage(trackId), { id: 'offline-unavailable' });
}
