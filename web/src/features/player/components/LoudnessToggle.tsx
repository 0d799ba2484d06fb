import { usePlaybackSettings } from '../stores/playbackSettings';

/** Switches loudness normalisation (every track at -14 LUFS) on and off. */
export function LoudnessToggle() {
  const on = usePlaybackSettings((state) => state.normaliseLoudness);
  const setOn = usePlaybackSettings((state) => state.setNormaliseLoudness);
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      onClick={() => {
        setOn(!on);
      }}
      className="flex w-full items-center justify-between gap-4 rounded-2xl border border-line bg-white/[0.03] px-4 py-3 text-left transition hover:bg-white/[0.06]"
    >
      <span>
        <span className="block text-sm font-medium text-white">Normalize loudness</span>
        <span className="block text-xs text-zinc-400">Plays every track at the same level (-14 LUFS).</span>
      </span>
      <span aria-hidden="true" className={`relative h-6 w-11 shrink-0 rounded-full transition ${on ? 'bg-brand' : 'bg-white/15'}`}>
        <span className={`absolute top-0.5 size-5 rounded-full bg-white shadow transition-all ${on ? 'left-5.5' : 'left-0.5'}`} />
      </span>
    </button>
  );
}
