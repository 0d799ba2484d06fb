import { IconButton } from '@/components/ui/IconButton';
import { NextIcon, PauseIcon, PlayIcon, PreviousIcon, RepeatIcon, ShuffleIcon } from '@/components/ui/icons';
import { usePlayerStore, type RepeatMode } from '../stores/playerStore';

const repeatLabels: Record<RepeatMode, string> = {
  off: 'Repeat: off',
  all: 'Repeat: all',
  one: 'Repeat: one',
};

export function PlayPauseButton({ large = false }: { large?: boolean }) {
  const isPlaying = usePlayerStore((state) => state.isPlaying);
  const togglePlay = usePlayerStore((state) => state.togglePlay);
  const label = isPlaying ? 'Pause' : 'Play';
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={togglePlay}
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-white text-night shadow-lg shadow-black/30 transition hover:scale-105 ${
        large ? 'size-16' : 'size-10'
      }`}
    >
      {isPlaying ? <PauseIcon className={large ? 'size-7' : 'size-5'} /> : <PlayIcon className={large ? 'size-7' : 'size-5'} />}
    </button>
  );
}

function PreviousButton() {
  const previous = usePlayerStore((state) => state.previous);
  return (
    <IconButton label="Previous" onClick={previous}>
      <PreviousIcon />
    </IconButton>
  );
}

export function NextButton() {
  const next = usePlayerStore((state) => state.next);
  return (
    <IconButton label="Next" onClick={next}>
      <NextIcon />
    </IconButton>
  );
}

function ShuffleButton() {
  const shuffle = usePlayerStore((state) => state.shuffle);
  const toggleShuffle = usePlayerStore((state) => state.toggleShuffle);
  return (
    <IconButton label="Shuffle" aria-pressed={shuffle} active={shuffle} onClick={toggleShuffle}>
      <ShuffleIcon />
    </IconButton>
  );
}

/** Repeat, showing its mode: dim when off, lit when all, lit with a "1" when one. */
function RepeatButton() {
  const repeat = usePlayerStore((state) => state.repeat);
  const cycleRepeat = usePlayerStore((state) => state.cycleRepeat);
  return (
    <IconButton label={repeatLabels[repeat]} active={repeat !== 'off'} onClick={cycleRepeat} className="relative">
      <RepeatIcon />
      {repeat === 'one' ? (
        <span aria-hidden="true" className="absolute top-1 right-1 rounded-full bg-brand px-1 text-[9px] leading-3.5 font-bold text-white">
          1
        </span>
      ) : null}
    </IconButton>
  );
}

/** Previous, play/pause and next; with `withModes`, shuffle and repeat around them. */
export function TransportControls({ large = false, withModes = false }: { large?: boolean; withModes?: boolean }) {
  return (
    <div className={`flex items-center justify-center ${large ? 'gap-4' : 'gap-1'}`}>
      {withModes ? <ShuffleButton /> : null}
      <PreviousButton />
      <PlayPauseButton large={large} />
      <NextButton />
      {withModes ? <RepeatButton /> : null}
    </div>
  );
}
