import { describe, expect, it } from 'vitest';
import { fileOf } from '@/test/fixtures';
import { AUDIO_MAX_BYTES, audioFileProblem, titleFromFileName } from './audioFile';

describe('audioFileProblem', () => {
  it('accepts audio by its type, or by an accepted extension when the type is unknown', () => {
    expect(audioFileProblem(fileOf('song.mp3', 'audio/mpeg'))).toBeNull();
    expect(audioFileProblem(fileOf('song.flac', ''))).toBeNull();
    expect(audioFileProblem(fileOf('SONG.WAV', 'application/octet-stream'))).toBeNull();
    expect(audioFileProblem(fileOf('song.mp3', 'audio/mpeg', AUDIO_MAX_BYTES))).toBeNull();
  });

  it("refuses what is not audio with 'Please select an audio file.'", () => {
    expect(audioFileProblem(fileOf('cover.png', 'image/png'))).toBe('Please select an audio file.');
    expect(audioFileProblem(fileOf('notes.txt', 'text/plain'))).toBe('Please select an audio file.');
  });

  it('refuses audio over 50 MB', () => {
    expect(audioFileProblem(fileOf('long.wav', 'audio/wav', AUDIO_MAX_BYTES + 1))).toBe('Audio file must be less than 50MB.');
  });

  it('checks the type before the size', () => {
    expect(audioFileProblem(fileOf('huge.png', 'image/png', AUDIO_MAX_BYTES + 1))).toBe('Please select an audio file.');
  });
});

describe('titleFromFileName', () => {
  it('drops the extension and turns underscores and dashes into spaces', () => {
    expect(titleFromFileName('night_drive-final.mp3')).toBe('night drive final');
    expect(titleFromFileName('Midnight Static.flac')).toBe('Midnight Static');
    expect(titleFromFileName('a__b -- c.wav')).toBe('a b c');
  });

  it('keeps names without an extension and dots inside the name', () => {
    expect(titleFromFileName('demo')).toBe('demo');
    expect(titleFromFileName('v1.2 mix.ogg')).toBe('v1.2 mix');
    expect(titleFromFileName('.hidden')).toBe('.hidden');
  });
});
