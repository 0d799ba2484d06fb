import { Link } from 'react-router';
import { CoverArt } from '@/components/ui/CoverArt';
import { PauseIcon, PlayIcon } from '@/components/ui/icons';
import { formatDuration } from '@/lib/duration';
import { useTrackActions } from '@/lib/trackActions';
import type { Track } from '../api/tracks';
import { albumLabel, artistPath, formatPlays, trackPath } from '../trackFormat';
import { PlayingIndicator } from './PlayingIndicator';
import { TrackStatusBadge } from './TrackStatusBadge';

interface TrackRowProps {
  track: Track;
  /** The list the row is in: playing the row plays on through it. */
  queue: readonly Track[];
}

/** One track in a list: cover (it plays), title, artist, album, plays, length, like and menu. */
export function TrackRow({ track, queue }: TrackRowProps) {
  const actions = useTrackActions();
  const { LikeButton, TrackMenu } = actions;
  const { isCurrent, isPlaying } = actions.usePlaybackState(track.id);
  const playable = track.status === 'ready';
  const pausable = isCurrent && isPlaying;

  return (
    <li
      className={`group flex items-center gap-3 rounded-xl p-2 transition hover:bg-white/[0.04] sm:gap-4 ${
        isCurrent ? 'bg-white/[0.06]' : ''
      }`}
    >
      <button
        type="button"
        aria-label={`${pausable ? 'Pause' : 'Play'} ${track.title}`}
        disabled={!playable}
        onClick={() => {
          actions.play(track, queue);
        }}
        className="group/cover relative size-12 shrink-0 overflow-hidden rounded-lg disabled:cursor-not-allowed"
      >
        <CoverArt src={track.cover_url} seed={track.id} className="size-12" />
        {playable ? (
          <span
            className={`absolute inset-0 flex items-center justify-center bg-night/60 text-white transition ${
              isCurrent ? 'opacity-100' : 'opacity-0 group-hover:opacity-100 group-focus-visible/cover:opacity-100'
            }`}
          >
            {pausable ? <PauseIcon /> : <PlayIcon />}
          </span>
        ) : null}
      </button>
      <div className="min-w-0 flex-1">
        <Link
          to={trackPath(track.id)}
          className={`block truncate font-semibold hover:underline ${isCurrent ? 'text-brand-soft' : 'text-white'}`}
        >
          {track.title}
        </Link>
        <Link to={artistPath(track.artist)} className="block truncate text-sm text-zinc-400 hover:text-white hover:underline">
          {track.artist}
        </Link>
      </div>
      <span className="hidden w-40 truncate text-sm text-zinc-400 md:block">{albumLabel(track.album)}</span>
      <span className="hidden w-24 text-right text-sm text-zinc-500 tabular-nums xl:block">{formatPlays(track.plays)}</span>
      {playable ? (
        <span className="hidden w-11 justify-end text-sm text-zinc-400 tabular-nums sm:flex">
          {pausable ? <PlayingIndicator /> : formatDuration(track.duration)}
        </span>
      ) : (
        <TrackStatusBadge track={track} />
      )}
      <span className="flex shrink-0 items-center">
        <LikeButton trackId={track.id} />
        <TrackMenu track={track} />
      </span>
    </li>
  );
}
