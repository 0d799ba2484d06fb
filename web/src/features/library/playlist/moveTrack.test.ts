import { describe, expect, it } from 'vitest';
import { moveTrack } from './moveTrack';

describe('moveTrack', () => {
  it('moves a track up and down one place', () => {
    expect(moveTrack(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveTrack(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
  });

  it('leaves the list as it is at either end', () => {
    expect(moveTrack(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveTrack(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
