import { formatDuration } from '@/lib/duration';
import { usePlayerStore } from '../stores/playerStore';
import { RangeSlider } from './RangeSlider';

/** The position in the track, with the elapsed time and the length. */
export function SeekBar({ className = '' }: { className?: string }) {
  const currentTime = usePlayerStore((state) => state.currentTime);
  const duration = usePlayerStore((state) => state.duration);
  const trackLength = usePlayerStore((state) => state.currentTrack?.duration ?? 0);
  const seek = usePlayerStore((state) => state.seek);
  // Until the audio says how long it is, the catalogue's length stands in.
  const length = duration > 0 ? duration : trackLength;
  return (
    <div className={`flex items-center gap-2 text-xs text-zinc-400 tabular-nums ${className}`}>
      <span className="w-10 text-right">{formatDuration(currentTime)}</span>
      <RangeSlider
        label="Seek"
        className="flex-1"
        max={length}
        step={1}
        value={Math.min(currentTime, length)}
        valueText={`${formatDuration(currentTime)} of ${formatDuration(length)}`}
        onValueChange={seek}
      />
      <span className="w-10">{formatDuration(length)}</span>
    </div>
  );
}

/** A thin bar showing how far the track has played, for the phone's compact player. */
export function ProgressLine() {
  const currentTime = usePlayerStore((state) => state.currentTime);
  const duration = usePlayerStore((state) => state.duration);
  const fill = duration > 0 ? Math.min(100, (currentTime / duration) * 100) : 0;
  return (
    <div aria-hidden="true" className="h-0.5 w-full bg-white/10">
      <div className="h-full bg-brand-soft" style={{ width: `${fill}%` }} />
    </div>
  );
}
