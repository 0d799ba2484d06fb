/** "1 play", "12,480 plays". */
export function formatPlays(plays: number): string {
  return `${plays.toLocaleString('en-US')} ${plays === 1 ? 'play' : 'plays'}`;
}

/** Lists show a track without an album as a single. */
export function albumLabel(album: string | null): string {
  return album ?? 'Single';
}

/** "Nov 22, 2026" for an upload time. */
export function formatUploadDate(timestamp: string): string {
  return new Date(timestamp).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** The page of the track `trackId`. */
export function trackPath(trackId: string): string {
  return `/track/${encodeURIComponent(trackId)}`;
}

/** The artist page of `name`, which may hold any character ("AC/DC", "Sigur Rós"). */
export function artistPath(name: string): string {
  return `/artist/${encodeURIComponent(name)}`;
}
