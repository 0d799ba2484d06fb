import { describe, expect, it } from 'vitest';
import { withTrackMoved } from './moveTrack';

const tracks = (...ids: string[]) => ids.map((id) => ({ id }));

describe('withTrackMoved', () => {
  const data = {
    pages: [
      { tracks: tracks('a', 'b'), next_cursor: 'one' },
      { tracks: tracks('c'), next_cursor: 'two' },
    ],
    pageParams: [undefined, 'one'],
  };

  it('moves a track across pages, each page keeping its size and cursor', () => {
    const moved = withTrackMoved(data, 'b', 2);

    expect(moved.pages).toEqual([
      { tracks: tracks('a', 'c'), next_cursor: 'one' },
      { tracks: tracks('b'), next_cursor: 'two' },
    ]);
    expect(moved.pageParams).toEqual(data.pageParams);
  });

  it('leaves the pages as they are when the new place is not loaded yet', () => {
    expect(withTrackMoved(data, 'c', 3)).toBe(data);
    expect(withTrackMoved(data, 'nope', 0)).toBe(data);
  });
});
