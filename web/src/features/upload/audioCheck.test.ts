import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkAudioLoads, recognizedAudioFormat } from './audioCheck';

function bytesOf(...parts: (string | number[])[]): Uint8Array {
  return new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? Array.from(part, (c) => c.charCodeAt(0)) : part)));
}

describe('recognizedAudioFormat', () => {
  it('recognizes the four accepted formats by their first bytes', () => {
    expect(recognizedAudioFormat(bytesOf('RIFF', [0x24, 0, 0, 0], 'WAVE'))).toBe('wav');
    expect(recognizedAudioFormat(bytesOf('fLaC', [0, 0, 0, 0x22]))).toBe('flac');
    expect(recognizedAudioFormat(bytesOf('OggS', [0, 2]))).toBe('ogg');
    expect(recognizedAudioFormat(bytesOf('ID3', [4, 0]))).toBe('mp3');
    expect(recognizedAudioFormat(bytesOf([0xff, 0xfb, 0x90, 0x64]))).toBe('mp3');
  });

  it('recognizes nothing in text, images or other RIFF files', () => {
    expect(recognizedAudioFormat(bytesOf('These are not the droids'))).toBeNull();
    expect(recognizedAudioFormat(bytesOf([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull();
    expect(recognizedAudioFormat(bytesOf('RIFF', [0, 0, 0, 0], 'AVI '))).toBeNull();
    expect(recognizedAudioFormat(new Uint8Array())).toBeNull();
  });
});

/**
 * An audio element as a browser behaves: it plays the types in `playable`, and loading a file
 * either reads `duration` or fails, as `decodes` says.
 */
function fakeBrowser({ playable, decodes, duration = 5 }: { playable: string[]; decodes: boolean; duration?: number }) {
  const loaded: string[] = [];
  class FakeAudio {
    preload = '';
    duration = Number.NaN;
    onloadedmetadata: (() => void) | null = null;
    onerror: (() => void) | null = null;
    canPlayType(type: string) {
      return playable.includes(type) ? 'maybe' : '';
    }
    removeAttribute() {
      // Nothing to release in the fake.
    }
    set src(url: string) {
      loaded.push(url);
      queueMicrotask(() => {
        if (decodes) {
          this.duration = duration;
          this.onloadedmetadata?.();
        } else this.onerror?.();
      });
    }
  }
  vi.stubGlobal('Audio', FakeAudio);
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:audio');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  return loaded;
}

function fileWith(name: string, type: string, ...parts: (string | number[])[]): File {
  return new File([new Uint8Array(bytesOf(...parts))], name, { type });
}

describe('checkAudioLoads', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reads the length of a file the browser decodes', async () => {
    fakeBrowser({ playable: ['audio/wav'], decodes: true, duration: 7.5 });
    await expect(checkAudioLoads(fileWith('take.wav', 'audio/wav', 'RIFF', [0x24, 0, 0, 0], 'WAVE'))).resolves.toEqual({
      result: 'loaded',
      duration: 7.5,
    });
  });

  it('fails a file in an accepted format that the browser cannot decode', async () => {
    fakeBrowser({ playable: ['audio/mpeg'], decodes: false });
    await expect(checkAudioLoads(fileWith('cut.mp3', 'audio/mpeg', 'ID3', [4, 0, 0]))).resolves.toEqual({ result: 'failed' });
  });

  it('gives the browser a file whose bytes are no audio format at all, and fails it when it cannot decode it', async () => {
    const loaded = fakeBrowser({ playable: ['audio/mpeg', 'audio/wav'], decodes: false });
    await expect(checkAudioLoads(fileWith('notes.mp3', 'audio/mpeg', 'These are not the droids'))).resolves.toEqual({
      result: 'failed',
    });
    expect(loaded).toEqual(['blob:audio']);
  });

  it('leaves to the server an accepted format this browser has no codec for', async () => {
    const loaded = fakeBrowser({ playable: ['audio/mpeg'], decodes: false });
    await expect(checkAudioLoads(fileWith('take.flac', 'audio/flac', 'fLaC', [0, 0, 0, 0x22]))).resolves.toEqual({
      result: 'unchecked',
    });
    expect(loaded).toEqual([]);
  });
});
