/** The four formats the server accepts, as their first bytes show them. */
type AudioFormat = 'wav' | 'flac' | 'ogg' | 'mp3';

const mimeTypes: Record<AudioFormat, string> = {
  wav: 'audio/wav',
  flac: 'audio/flac',
  ogg: 'audio/ogg; codecs="vorbis"',
  mp3: 'audio/mpeg',
};

/** How long the browser gets to read a file's length before the server is left to judge it. */
const LOAD_TIMEOUT_MS = 15_000;

function textAt(bytes: Uint8Array, offset: number, text: string): boolean {
  return Array.from(text).every((character, index) => bytes[offset + index] === character.charCodeAt(0));
}

/** Which accepted format the first 12 bytes of a file announce, or null for none of them. */
export function recognizedAudioFormat(bytes: Uint8Array): AudioFormat | null {
  if (textAt(bytes, 0, 'RIFF') && textAt(bytes, 8, 'WAVE')) return 'wav';
  if (textAt(bytes, 0, 'fLaC')) return 'flac';
  if (textAt(bytes, 0, 'OggS')) return 'ogg';
  if (textAt(bytes, 0, 'ID3')) return 'mp3';
  const [first = 0, second = 0] = bytes;
  if (first === 0xff && (second & 0xe0) === 0xe0) return 'mp3';
  return null;
}

export type AudioCheck =
  /** The browser read the file: its length in seconds. */
  | { result: 'loaded'; duration: number }
  /** The file says it is audio this browser plays, and the browser could not read it. */
  | { result: 'failed' }
  /** Not something this browser can judge: the server decodes every upload and will say. */
  | { result: 'unchecked' };

function loadDuration(file: File): Promise<AudioCheck> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const audio = new Audio();
    audio.preload = 'metadata';
    const finish = (check: AudioCheck) => {
      clearTimeout(timer);
      audio.onloadedmetadata = null;
      audio.onerror = null;
      audio.removeAttribute('src');
      URL.revokeObjectURL(url);
      resolve(check);
    };
    const timer = setTimeout(() => {
      finish({ result: 'unchecked' });
    }, LOAD_TIMEOUT_MS);
    audio.onloadedmetadata = () => {
      // A header without any audio after it reads as an endless (or empty) stream.
      const { duration } = audio;
      finish(Number.isFinite(duration) && duration > 0 ? { result: 'loaded', duration } : { result: 'failed' });
    };
    audio.onerror = () => {
      finish({ result: 'failed' });
    };
    audio.src = url;
  });
}

/**
 * Loads an audio file in the browser to read its length: a file it cannot decode is 'failed'.
 * Bytes that announce none of the accepted formats are still given to the browser, whose own
 * decoding judges them (text or an image named .mp3 fails here rather than after the upload). Only
 * a file in an accepted format this browser lacks the codec for is left to the server, which
 * decodes every upload and says what is wrong.
 */
export async function checkAudioLoads(file: File): Promise<AudioCheck> {
  const format = recognizedAudioFormat(new Uint8Array(await file.slice(0, 12).arrayBuffer()));
  if (format !== null && new Audio().canPlayType(mimeTypes[format]) === '') return { result: 'unchecked' };
  return loadDuration(file);
}
