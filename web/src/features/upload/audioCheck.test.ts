import { describe, expect, it } from 'vitest';
import { recognizedAudioFormat } from './audioCheck';

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
