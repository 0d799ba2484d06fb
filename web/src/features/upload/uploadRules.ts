import type { UploadLimit } from './api/uploadLimit';
import { NOT_AUDIO } from './audioFile';

export const UPLOAD_LIMIT_REACHED = 'You have reached your monthly upload limit. Upgrade your plan to upload more tracks.';

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

/** Why the form cannot be sent, checked in the order the spec gives, or null when it can. */
export function uploadSubmitProblem({ hasAudio, title, artist, atLimit }: UploadDraft): string | null {
  if (!hasAudio) return NOT_AUDIO;
  if (title.trim() === '') return 'Please enter a title.';
  if (artist.trim() === '') return 'Please enter an artist name.';
  if (atLimit) return UPLOAD_LIMIT_REACHED;
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
