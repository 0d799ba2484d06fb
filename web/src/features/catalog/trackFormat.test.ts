import { describe, expect, it } from 'vitest';
import { albumLabel, artistPath, formatPlays, formatTrackCount } from './trackFormat';

describe('track formatting', () => {
  it('counts plays and tracks in words', () => {
    expect(formatPlays(1)).toBe('1 play');
    expect(formatPlays(12480)).toBe('12,480 plays');
    expect(formatTrackCount(1)).toBe('1 track');
    expect(formatTrackCount(0)).toBe('0 tracks');
  });

  it("shows a track without an album as 'Single'", () => {
    expect(albumLabel(null)).toBe('Single');
    expect(albumLabel('Night Drive')).toBe('Night Drive');
  });

  it('encodes the artist name into the artist page path', () => {
    expect(artistPath('AC/DC')).toBe('/artist/AC%2FDC');
    expect(artistPath('Sigur Rós')).toBe('/artist/Sigur%20R%C3%B3s');
  });
});
