/** The avatar rules the server applies, checked before anything is uploaded. */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** Why `file` cannot be an avatar, or null when it can. */
export function avatarFileProblem(file: File): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'Please select an image file.';
  if (file.size > AVATAR_MAX_BYTES) return 'Image must be less than 2MB.';
  return null;
}
