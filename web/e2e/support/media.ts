// Audio files made in the test, so the journeys need no fixtures on disk.

const BYTES_PER_SAMPLE = 2;

interface ToneOptions {
  seconds: number;
  sampleRate?: number;
}

/** The 44-byte header of a 16-bit PCM WAV file holding `dataBytes` of samples. */
function wavHeader(dataBytes: number, sampleRate: number, channels: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * BYTES_PER_SAMPLE, 28);
  header.writeUInt16LE(channels * BYTES_PER_SAMPLE, 32);
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/**
 * A stereo 16-bit PCM WAV: an A-minor arpeggio, one note every half second, each fading out, so
 * the waveform has visible beats. Left and right are slightly detuned.
 */
export function toneWav({ seconds, sampleRate = 44_100 }: ToneOptions): Buffer {
  const channels = 2;
  const frames = Math.round(seconds * sampleRate);
  const notes = [220, 261.63, 329.63, 440];
  const samples = Buffer.alloc(frames * channels * BYTES_PER_SAMPLE);
  for (let frame = 0; frame < frames; frame++) {
    const time = frame / sampleRate;
    const note = notes[Math.floor(time * 2) % notes.length] ?? 440;
    const envelope = Math.exp(-4 * (time % 0.5));
    for (let channel = 0; channel < channels; channel++) {
      const frequency = note * (channel === 0 ? 1 : 1.003);
      const value = 0.6 * envelope * Math.sin(2 * Math.PI * frequency * time);
      samples.writeInt16LE(Math.round(value * 32767), (frame * channels + channel) * BYTES_PER_SAMPLE);
    }
  }
  return Buffer.concat([wavHeader(samples.length, sampleRate, channels), samples]);
}

/** A WAV header that promises audio and ends there: the browser cannot read a length from it. */
export function headerOnlyWav(): Buffer {
  return wavHeader(0, 44_100, 2);
}
