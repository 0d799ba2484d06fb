import { errorCatalogue } from '@/api/errors';
import type { UploadLimit } from './api/uploadLimit';

/** Whether this month's uploads are used up. An unlimited plan (premium) never is. */
export function isAtUploadLimit(limit: UploadLimit | undefined): boolean {
  return limit !== undefined && limit.limit !== null && limit.used >= limit.limit;
}

interface UploadDraft {
  hasAudio: boolean;
  title: string;
  artist: string;
  atLimit: boolean;
}

/**
 * Why the form cannot be sent, checked in this order: the audio file, the title, the artist, the
 * upload limit (in the server's words); null when it can.
 */
export function uploadSubmitProblem({ hasAudio, title, artist, atLimit }: UploadDraft): string | null {
  if (!hasAudio) return errorCatalogue.audio_required.message;
  if (title.trim() === '') return errorCatalogue.title_required.message;
  if (artist.trim() === '') return errorCatalogue.artist_required.message;
  if (atLimit) return errorCatalogue.upload_limit_reached.message;
  return null;
}

/**
 * The progress shown while uploading: the share of bytes sent, held at 90% until the server has
 * checked the file and answered (then 100%).
 */
export function uploadPercent(sent: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(90, Math.floor((sent / total) * 100));
}
