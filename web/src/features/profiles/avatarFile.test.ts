import { describe, expect, it } from 'vitest';
import { fileOf } from '@/test/fixtures';
import { AVATAR_MAX_BYTES, avatarFileProblem } from './avatarFile';

const avatarOf = (type: string, size: number) => fileOf('avatar', type, size);

describe('avatarFileProblem', () => {
  it('accepts PNG, JPEG and WebP images up to 2 MB', () => {
    expect(avatarFileProblem(avatarOf('image/png', 1024))).toBeNull();
    expect(avatarFileProblem(avatarOf('image/jpeg', AVATAR_MAX_BYTES))).toBeNull();
    expect(avatarFileProblem(avatarOf('image/webp', 10))).toBeNull();
  });

  it('refuses a file that is not one of those images', () => {
    expect(avatarFileProblem(avatarOf('image/gif', 10))).toBe('Please select an image file.');
    expect(avatarFileProblem(avatarOf('audio/mpeg', 10))).toBe('Please select an image file.');
    expect(avatarFileProblem(avatarOf('', 10))).toBe('Please select an image file.');
  });

  it('refuses an image over 2 MB', () => {
    expect(avatarFileProblem(avatarOf('image/png', AVATAR_MAX_BYTES + 1))).toBe('Image must be less than 2MB.');
  });
});
