/** The Cache Storage cache that holds downloaded audio and covers; the service worker answers from it. */
export const DOWNLOADS_CACHE = 'backbeat-downloads';

/** Where a downloaded track's audio is kept and played from. */
export function offlineAudioPath(trackId: string): string {
  return `/offline-media/audio/${encodeURIComponent(trackId)}`;
}

/** Where a downloaded track's cover is kept. */
export function offlineCoverPath(trackId: string): string {
  return `/offline-media/cover/${encodeURIComponent(trackId)}`;
}
