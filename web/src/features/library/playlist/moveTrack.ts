import type { InfiniteData } from '@tanstack/react-query';
import { moveItem } from '@/lib/moveItem';

/**
 * The loaded pages of a playlist with one track moved to `position` of the whole playlist, each
 * page keeping its size. When the track or its new place is not loaded, the pages stay as they are.
 */
export function withTrackMoved<P extends { tracks: { id: string }[] }>(
  data: InfiniteData<P>,
  trackId: string,
  position: number,
): InfiniteData<P> {
  const tracks = data.pages.flatMap((page) => page.tracks);
  const from = tracks.findIndex((track) => track.id === trackId);
  if (from === -1 || position >= tracks.length) return data;
  const moved = moveItem(tracks, from, position);
  let start = 0;
  const pages = data.pages.map((page) => {
    const end = start + page.tracks.length;
    const next = { ...page, tracks: moved.slice(start, end) };
    start = end;
    return next;
  });
  return { ...data, pages };
}
