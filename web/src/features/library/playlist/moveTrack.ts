import type { InfiniteData } from '@tanstack/react-query';

/** The list with the item at `from` moved to `to` (the items between shift by one); unchanged when either is outside it. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const moved = [...items];
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) return moved;
  const [item] = moved.splice(from, 1);
  if (item !== undefined) moved.splice(to, 0, item);
  return moved;
}

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
