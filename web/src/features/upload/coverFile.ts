import { errorCatalogue } from '@/api/errors';

/** The cover rules the server applies, checked before anything is sent, with its messages. */
export const COVER_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const COVER_MAX_BYTES = 5 * 1024 * 1024;
/** Covers are shown up to 1024 px wide: smaller or oblong images look soft or cropped. */
export const COVER_RECOMMENDED_SIZE = 1000;

/** Why `file` cannot be a cover, or null when it can. */
export function coverFileProblem(file: File): string | null {
  if (!(COVER_TYPES as readonly string[]).includes(file.type)) return errorCatalogue.not_an_image.message;
  if (file.size > COVER_MAX_BYTES) return errorCatalogue.cover_too_large.message;
  return null;
}

/** Whether an image of this size makes a good cover: square and at least 1000 x 1000. */
export function isRecommendedCoverSize(width: number, height: number): boolean {
  return width === height && width >= COVER_RECOMMENDED_SIZE;
}
