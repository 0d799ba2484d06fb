import { describe, expect, it } from 'vitest';
import { COVER_MAX_BYTES, coverFileProblem, isRecommendedCoverSize } from './coverFile';

function fileOf(type: string, size: number): File {
  const file = new File(['x'], 'cover', { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('coverFileProblem', () => {
  it('accepts JPG, PNG and WebP images up to 5 MB', () => {
    expect(coverFileProblem(fileOf('image/jpeg', COVER_MAX_BYTES))).toBeNull();
    expect(coverFileProblem(fileOf('image/png', 10))).toBeNull();
    expect(coverFileProblem(fileOf('image/webp', 10))).toBeNull();
  });

  it('checks the type, then the size', () => {
    expect(coverFileProblem(fileOf('audio/mpeg', 10))).toBe('Please select an image file.');
    expect(coverFileProblem(fileOf('image/gif', COVER_MAX_BYTES + 1))).toBe('Please select an image file.');
    expect(coverFileProblem(fileOf('image/png', COVER_MAX_BYTES + 1))).toBe('Cover image must be less than 5MB.');
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
