import type { components } from '@/api/schema';
import { CoverArt } from '@/components/ui/CoverArt';
import { useTrackCover } from '@/lib/downloads/hooks';
import { PauseIcon, PlayIcon } from '@/components/ui/icons';
import { usePlayButton } from './usePlayButton';

type Track = components['schemas']['Track'];

interface TrackPlayButtonProps {
  track: Track;
  /** The list the track is in: the player plays on through the list's tracks that can be played. */
  queue: readonly Track[];
}

/**
 * The track's cover as its play button, disabled while the track cannot be played. Play or Pause
 * shows over the cover for the current track, and on hover or focus: of the cover, or of the whole
 * row when an ancestor is the `group/track` (a track row).
 */
export function TrackPlayButton({ track, queue }: TrackPlayButtonProps) {
  const { ready, playable, unavailable, isCurrent, pausable, label, play } = usePlayButton(track, queue);
  const cover = useTrackCover(track.id, track.cover_url);
  return (
    <button
      type="button"
      aria-label={label}
      disabled={!ready}
      aria-disabled={unavailable ? true : undefined}
      title={unavailable}
      onClick={play}
      className="group/cover relative size-12 shrink-0 overflow-hidden rounded-lg disabled:cursor-not-allowed"
    >
      <CoverArt src={cover} seed={track.id} className="size-12" />
      {playable ? (
        <span
          className={`absolute inset-0 flex items-center justify-center bg-night/60 text-white transition ${
            isCurrent
              ? 'opacity-100'
              : 'opacity-0 group-hover/cover:opacity-100 group-hover/track:opacity-100 group-focus-visible/cover:opacity-100'
          }`}
        >
          {pausable ? <PauseIcon /> : <PlayIcon />}
        </span>
      ) : null}
    </button>
  );
}
