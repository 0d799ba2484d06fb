import { describe, expect, it } from 'vitest';
import { trackCountLabel } from './trackCount';

describe('trackCountLabel', () => {
  it('counts one track and many tracks', () => {
    expect(trackCountLabel(1)).toBe('1 track');
    expect(trackCountLabel(0)).toBe('0 tracks');
    expect(trackCountLabel(1200)).toBe('1,200 tracks');
  });
});
