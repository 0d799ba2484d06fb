import type { components } from '@/api/schema';
import { CoverArt } from './CoverArt';
import { PauseIcon, PlayIcon } from './icons';
import { useTrackActions } from '@/lib/trackActions';

type Track = components['schemas']['Track'];

/** The track's cover as its play button; the queue plays on from it. */
export function TrackPlayButton({ track, queue }: { track: Track; queue: readonly Track[] }) {
  const actions = useTrackActions();
  const { isCurrent, isPlaying } = actions.usePlaybackState(track.id);
  const pausable = isCurrent && isPlaying;
  return (
    <button
      type="button"
      aria-label={`${pausable ? 'Pause' : 'Play'} ${track.title}`}
      onClick={() => {
        actions.play(track, queue);
      }}
      className="group/cover relative size-12 shrink-0 overflow-hidden rounded-lg"
    >
      <CoverArt src={track.cover_url} seed={track.id} className="size-12" />
      <span
        className={`absolute inset-0 flex items-center justify-center bg-night/60 text-white transition ${
          isCurrent ? 'opacity-100' : 'opacity-0 group-hover/cover:opacity-100 group-focus-visible/cover:opacity-100'
        }`}
      >
        {pausable ? <PauseIcon /> : <PlayIcon />}
      </span>
    </button>
  );
}
