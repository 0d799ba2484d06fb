import { describe, expect, it } from 'vitest';
import { totalLengthLabel, trackCountLabel } from './format';

describe('trackCountLabel', () => {
  it('counts one track and many tracks', () => {
    expect(trackCountLabel(1)).toBe('1 track');
    expect(trackCountLabel(0)).toBe('0 tracks');
    expect(trackCountLabel(1200)).toBe('1,200 tracks');
  });
});

describe('totalLengthLabel', () => {
  it('gives minutes, and hours past the hour', () => {
    expect(totalLengthLabel(150)).toBe('3 min');
    expect(totalLengthLabel(3900)).toBe('1 hr 5 min');
  });
});
