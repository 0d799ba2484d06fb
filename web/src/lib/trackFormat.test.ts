import { describe, expect, it } from 'vitest';
import { albumLabel, artistPath, formatPlays, trackPath } from './trackFormat';

describe('track formatting', () => {
  it('counts plays in words', () => {
    expect(formatPlays(1)).toBe('1 play');
    expect(formatPlays(12480)).toBe('12,480 plays');
  });

  it("shows a track without an album as 'Single'", () => {
    expect(albumLabel(null)).toBe('Single');
    expect(albumLabel('Night Drive')).toBe('Night Drive');
  });

  it('encodes the artist name into the artist page path', () => {
    expect(artistPath('AC/DC')).toBe('/artist/AC%2FDC');
    expect(artistPath('Sigur Rós')).toBe('/artist/Sigur%20R%C3%B3s');
  });

  it('encodes the track id into the track page path', () => {
    expect(trackPath('a/b c')).toBe('/track/a%2Fb%20c');
  });
});
