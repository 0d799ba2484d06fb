import { describe, expect, it } from 'vitest';
import { featuredPlaylistAfterToggle } from './featureToggle';

describe('featuredPlaylistAfterToggle', () => {
  it('features a playlist that is not featured', () => {
    expect(featuredPlaylistAfterToggle({ id: 'p1', is_featured: false })).toBe('p1');
  });

  it('clears the featured playlist when toggling the one already featured', () => {
    expect(featuredPlaylistAfterToggle({ id: 'p1', is_featured: true })).toBeNull();
  });
});
