import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { components } from '@/api/schema';
import { CoverArt } from '@/components/ui/CoverArt';
import { useTrackAvailability, useTrackCover } from '@/lib/downloads/hooks';
import { DownloadIcon, PauseIcon, PlayIcon } from '@/components/ui/icons';
import { formatDuration } from '@/lib/duration';
import { useTrackActions } from '@/lib/trackActions';
import { albumLabel, formatPlays, trackPath } from '@/lib/trackFormat';
import { ArtistLink } from './ArtistLink';
import { PlayingIndicator } from './PlayingIndicator';
import { TrackPlayButton } from './TrackPlayButton';
import { TrackStatusBadge } from './TrackStatusBadge';
import { usePlayButton } from './usePlayButton';

type Track = components['schemas']['Track'];

interface TrackRowProps {
  track: Track;
  /** The list the row is in: playing the row plays on through the list's tracks that can be played. */
  queue: readonly Track[];
  /**
   * The row's number in a numbered list: the number is then the play button and the cover sits
   * beside it. Without one, the cover is the play button.
   */
  position?: number;
  /** More controls at the end of the row, e.g. reordering in a playlist. */
  trailing?: ReactNode;
}

/** The number of a numbered row as its play button: Play on hover, Pause while the track plays. */
function PositionPlayButton({ track, queue, position }: { track: Track; queue: readonly Track[]; position: number }) {
  const { ready, playable, unavailable, pausable, label, play } = usePlayButton(track, queue);
  return (
    <button
      type="button"
      aria-label={label}
      disabled={!ready}
      aria-disabled={unavailable ? true : undefined}
      title={unavailable}
      onClick={play}
      className="flex size-8 shrink-0 items-center justify-center rounded-full text-sm text-zinc-500 tabular-nums transition hover:bg-white/10 hover:text-white disabled:cursor-not-allowed disabled:hover:bg-transparent"
    >
      {pausable ? (
        <PauseIcon className="size-4 text-brand-soft" />
      ) : (
        <>
          <span className={playable ? 'group-hover/track:hidden' : ''}>{position}</span>
          {playable ? <PlayIcon className="hidden size-4 group-hover/track:block" /> : null}
        </>
      )}
    </button>
  );
}

/**
 * One track of a list: its play button (the cover, or the number in a numbered list), title,
 * artist and, while it cannot be played, its status; album, plays and length on wider screens;
 * the like button and the track menu. The like button and the menu are the app's track actions.
 * A downloaded track shows so; offline, a track that is not downloaded is greyed out.
 */
export function TrackRow({ track, queue, position, trailing }: TrackRowProps) {
  const actions = useTrackActions();
  const { LikeButton, TrackMenu } = actions;
  const { isCurrent, isPlaying } = actions.usePlaybackState(track.id);
  const numbered = position !== undefined;
  const pausable = isCurrent && isPlaying;
  const { downloaded, playable } = useTrackAvailability(track.id);
  const cover = useTrackCover(track.id, track.cover_url);

  return (
    <li
      aria-disabled={playable ? undefined : true}
      className={`group/track flex items-center rounded-xl p-2 transition hover:bg-white/[0.04] ${
        numbered ? 'gap-2 sm:gap-3' : 'gap-3 sm:gap-4'
      } ${isCurrent ? 'bg-white/[0.06]' : ''} ${playable ? '' : 'opacity-40'}`}
    >
      {numbered ? (
        <>
          <PositionPlayButton track={track} queue={queue} position={position} />
          {/* Rows with more controls leave the cover out on phones, to keep room for the title. */}
          <span className={`shrink-0 ${trailing ? 'hidden sm:block' : ''}`}>
            <CoverArt src={cover} seed={track.id} className="size-11 rounded-lg" />
          </span>
        </>
      ) : (
        <TrackPlayButton track={track} queue={queue} />
      )}
      <div className="min-w-0 flex-1">
        <Link
          to={trackPath(track.id)}
          className={`block truncate font-semibold hover:underline ${isCurrent ? 'text-brand-soft' : 'text-white'}`}
        >
          {track.title}
        </Link>
        <span className="flex min-w-0 items-center gap-1.5">
          {downloaded ? (
            <span role="img" aria-label="Downloaded" className="text-brand-soft">
              <DownloadIcon className="size-3.5" />
            </span>
          ) : null}
          <ArtistLink name={track.artist} />
        </span>
        {track.status === 'ready' ? null : (
          <div className="mt-1 flex min-w-0">
            <TrackStatusBadge track={track} withReason />
          </div>
        )}
      </div>
      {/* A numbered row has one more column, so the album shows from a wider screen on. */}
      <span className={`hidden w-40 truncate text-sm text-zinc-400 ${numbered ? 'lg:block' : 'md:block'}`}>{albumLabel(track.album)}</span>
      <span className="hidden w-24 text-right text-sm text-zinc-500 tabular-nums xl:block">{formatPlays(track.plays)}</span>
      <span className="hidden w-11 justify-end text-sm text-zinc-400 tabular-nums sm:flex">
        {pausable ? <PlayingIndicator /> : formatDuration(track.duration)}
      </span>
      <span className="flex shrink-0 items-center">
        {/* In rows with more controls the heart leaves room for the title on phones. */}
        {trailing ? (
          <span className="hidden sm:block">
            <LikeButton trackId={track.id} />
          </span>
        ) : (
          <LikeButton trackId={track.id} />
        )}
        <TrackMenu track={track} />
      </span>
      {trailing}
    </li>
  );
}

interface TrackListProps {
  tracks: readonly Track[];
  /** What the list is, for assistive technology ("Top Tracks", "Liked Songs"). */
  label: string;
  /** Numbers the rows, each number being the row's play button. */
  numbered?: boolean;
}

/** Tracks one under the other; playing one plays on through the list. */
export function TrackList({ tracks, label, numbered = false }: TrackListProps) {
  return (
    <ol aria-label={label} className={numbered ? 'space-y-1' : 'space-y-0.5'}>
      {tracks.map((track, index) => (
        <TrackRow key={track.id} track={track} queue={tracks} position={numbered ? index + 1 : undefined} />
      ))}
    </ol>
  );
}
