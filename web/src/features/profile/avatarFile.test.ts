import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, avatarFileProblem } from './avatarFile';

function fileOf(type: string, size: number): File {
  return new File([new Uint8Array(size)], 'avatar', { type });
}

describe('avatarFileProblem', () => {
  it('accepts PNG, JPEG and WebP images up to 2 MB', () => {
    expect(avatarFileProblem(fileOf('image/png', 1024))).toBeNull();
    expect(avatarFileProblem(fileOf('image/jpeg', AVATAR_MAX_BYTES))).toBeNull();
    expect(avatarFileProblem(fileOf('image/webp', 10))).toBeNull();
  });

  it('refuses a file that is not one of those images', () => {
    expect(avatarFileProblem(fileOf('image/gif', 10))).toBe('Please select an image file.');
    expect(avatarFileProblem(fileOf('audio/mpeg', 10))).toBe('Please select an image file.');
    expect(avatarFileProblem(fileOf('', 10))).toBe('Please select an image file.');
  });

  it('refuses an image over 2 MB', () => {
    expect(avatarFileProblem(fileOf('image/png', AVATAR_MAX_BYTES + 1))).toBe('Image must be less than 2MB.');
  });
});
