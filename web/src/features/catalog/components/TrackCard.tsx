import { Link } from 'react-router';
import { ArtistLink } from '@/components/tracks/ArtistLink';
import { PlayingIndicator } from '@/components/tracks/PlayingIndicator';
import { CoverArt } from '@/components/ui/CoverArt';
import { PauseIcon, PlayIcon } from '@/components/ui/icons';
import { useTrackActions } from '@/lib/trackActions';
import { trackPath } from '@/lib/trackFormat';
import type { Track } from '../api/tracks';

interface TrackCardProps {
  track: Track;
  queue: readonly Track[];
}

/** A track as a tile: the cover with a play button on it, the title and the artist. */
export function TrackCard({ track, queue }: TrackCardProps) {
  const actions = useTrackActions();
  const { isCurrent, isPlaying } = actions.usePlaybackState(track.id);
  const pausable = isCurrent && isPlaying;

  return (
    <li className="group min-w-0 rounded-2xl border border-line bg-surface p-3 transition hover:border-white/15 hover:bg-surface-raised">
      <div className="relative">
        <CoverArt src={track.cover_url} seed={track.id} className="w-full rounded-xl" />
        <button
          type="button"
          aria-label={`${pausable ? 'Pause' : 'Play'} ${track.title}`}
          onClick={() => {
            actions.play(track, queue);
          }}
          className={`absolute right-2 bottom-2 inline-flex size-11 items-center justify-center rounded-full bg-brand-gradient text-white shadow-lg shadow-black/40 transition focus-visible:opacity-100 ${
            isCurrent ? 'opacity-100' : 'opacity-100 sm:opacity-0 sm:group-hover:opacity-100'
          }`}
        >
          {pausable ? <PauseIcon /> : <PlayIcon />}
        </button>
      </div>
      <div className="mt-3 flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <Link
            to={trackPath(track.id)}
            className={`block truncate text-sm font-semibold hover:underline ${isCurrent ? 'text-brand-soft' : 'text-white'}`}
          >
            {track.title}
          </Link>
          <ArtistLink name={track.artist} />
        </div>
        {pausable ? <PlayingIndicator className="mt-1 h-4" /> : null}
      </div>
    </li>
  );
}
