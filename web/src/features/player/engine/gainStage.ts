/** The element's sound routed through one Web Audio gain node, for loudness normalisation. */
export interface GainStage {
  setGain(gain: number): void;
  /** Drops the gain to 0 at once, for a source that is about to fade in. */
  silence(): void;
  /** A context created before the listener interacted starts suspended; playing resumes it. */
  resume(): Promise<void>;
}

// An element can feed only one MediaElementAudioSourceNode, ever: one stage per element.
const stages = new WeakMap<HTMLMediaElement, GainStage>();

export function gainStageOf(audio: HTMLMediaElement): GainStage | undefined {
  return stages.get(audio);
}

/** Routes `audio` through a gain node (once); undefined where Web Audio is not available. */
export function routeThroughGain(audio: HTMLMediaElement): GainStage | undefined {
  const existing = stages.get(audio);
  if (existing || typeof AudioContext === 'undefined') return existing;
  try {
    const context = new AudioContext();
    const gain = context.createGain();
    context.createMediaElementSource(audio).connect(gain).connect(context.destination);
    const stage: GainStage = {
      // A short ramp, so that volume changes do not click.
      setGain: (value) => {
        gain.gain.setTargetAtTime(value, context.currentTime, 0.015);
      },
      silence: () => {
        gain.gain.cancelScheduledValues(context.currentTime);
        gain.gain.setValueAtTime(0, context.currentTime);
      },
      resume: async () => {
        if (context.state === 'suspended') await context.resume();
      },
    };
    stages.set(audio, stage);
    return stage;
  } catch (error) {
    console.error('Loudness normalisation is not available', error);
    return undefined;
  }
}
