import { errorCatalogue } from '@/api/errors';

/** The audio rules the server applies, checked before anything is sent, with its messages. */
const AUDIO_EXTENSIONS = ['.mp3', '.wav', '.ogg', '.flac'] as const;
export const AUDIO_ACCEPT = ['audio/*', ...AUDIO_EXTENSIONS].join(',');
export const AUDIO_MAX_BYTES = 50 * 1024 * 1024;

function hasAudioExtension(name: string): boolean {
  const lower = name.toLowerCase();
  return AUDIO_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

/**
 * Why `file` cannot be uploaded as audio, judged by its declared type and size, or null. Whether
 * it really is audio is for its bytes to say (`checkAudioLoads`, and the server, which decodes it).
 */
export function audioFileProblem(file: File): string | null {
  if (!file.type.startsWith('audio/') && !hasAudioExtension(file.name)) return errorCatalogue.not_audio.message;
  if (file.size > AUDIO_MAX_BYTES) return errorCatalogue.audio_too_large.message;
  return null;
}

/** The title a file name suggests: "night_drive-final.mp3" -> "night drive final". */
export function titleFromFileName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const stem = dot > 0 ? fileName.slice(0, dot) : fileName;
  return stem.replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim();
}
