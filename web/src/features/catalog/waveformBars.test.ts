import { describe, expect, it } from 'vitest';
import { barsOf } from './waveformBars';

describe('barsOf', () => {
  it('draws each bar as the loudest peak of its stretch', () => {
    expect(barsOf([10, 200, 30, 40, 255, 0, 5, 6], 4)).toEqual([200, 40, 255, 6]);
  });

  it('draws no more bars than there are peaks', () => {
    expect(barsOf([1, 2, 3], 160)).toEqual([1, 2, 3]);
    expect(barsOf([], 160)).toEqual([]);
  });

  it('covers every peak when the count does not divide evenly', () => {
    const bars = barsOf(Array.from({ length: 800 }, (_, index) => (index === 799 ? 255 : 1)), 160);
    expect(bars).toHaveLength(160);
    expect(bars.at(-1)).toBe(255);
  });
});
