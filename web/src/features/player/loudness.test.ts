import { describe, expect, it } from 'vitest';
import { normalisationGain } from './loudness';

describe('normalisationGain', () => {
  it('turns a loud master down to -14 LUFS', () => {
    expect(normalisationGain(-8)).toBeCloseTo(10 ** (-6 / 20));
  });

  it('leaves a track at -14 LUFS as it is', () => {
    expect(normalisationGain(-14)).toBeCloseTo(1);
  });

  it('raises a quiet track by at most 6 dB', () => {
    expect(normalisationGain(-17)).toBeCloseTo(10 ** (3 / 20));
    expect(normalisationGain(-30)).toBeCloseTo(10 ** (6 / 20));
  });

  it('plays an unmeasured track at unity gain', () => {
    expect(normalisationGain(null)).toBe(1);
    expect(normalisationGain(undefined)).toBe(1);
  });
});
