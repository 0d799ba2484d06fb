import { describe, expect, it } from 'vitest';
import { fileOf } from '@/test/fixtures';
import { COVER_MAX_BYTES, coverFileProblem, isRecommendedCoverSize } from './coverFile';

const coverOf = (type: string, size: number) => fileOf('cover', type, size);

describe('coverFileProblem', () => {
  it('accepts JPG, PNG and WebP images up to 5 MB', () => {
    expect(coverFileProblem(coverOf('image/jpeg', COVER_MAX_BYTES))).toBeNull();
    expect(coverFileProblem(coverOf('image/png', 10))).toBeNull();
    expect(coverFileProblem(coverOf('image/webp', 10))).toBeNull();
  });

  it('checks the type, then the size', () => {
    expect(coverFileProblem(coverOf('audio/mpeg', 10))).toBe('Please select an image file.');
    expect(coverFileProblem(coverOf('image/gif', COVER_MAX_BYTES + 1))).toBe('Please select an image file.');
    expect(coverFileProblem(coverOf('image/png', COVER_MAX_BYTES + 1))).toBe('Cover image must be less than 5MB.');
  });
});

describe('isRecommendedCoverSize', () => {
  it('recommends square images of at least 1000 x 1000', () => {
    expect(isRecommendedCoverSize(1000, 1000)).toBe(true);
    expect(isRecommendedCoverSize(3000, 3000)).toBe(true);
    expect(isRecommendedCoverSize(999, 999)).toBe(false);
    expect(isRecommendedCoverSize(1600, 900)).toBe(false);
  });
});
