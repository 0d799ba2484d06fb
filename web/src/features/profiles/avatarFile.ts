import { errorCatalogue } from '@/api/errors';

/** The avatar rules the server applies, checked before anything is uploaded, with its messages. */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** Why `file` cannot be an avatar, or null when it can. */
export function avatarFileProblem(file: File): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return errorCatalogue.not_an_image.message;
  if (file.size > AVATAR_MAX_BYTES) return errorCatalogue.avatar_too_large.message;
  return null;
}
