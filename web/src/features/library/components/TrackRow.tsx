import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { components } from '@/api/schema';
import { CoverArt } from '@/components/ui/CoverArt';
import { PauseIcon, PlayIcon } from '@/components/ui/icons';
import { formatDuration } from '@/lib/duration';
import { useTrackActions } from '@/lib/trackActions';
import { LikeButton } from './LikeButton';
import { TrackMenu } from './TrackMenu';
import { UploadStatus } from './UploadStatus';

type Track = components['schemas']['Track'];

interface TrackRowProps {
  track: Track;
  position: number;
  /** The list the row is in: playing the row plays on through it. */
  queue: readonly Track[];
  /** More controls at the end of the row, e.g. reordering in a playlist. */
  trailing?: ReactNode;
}

/** One track of a library list: position (it plays), cover, title, artist, album, status, like, length, menu. */
export function TrackRow({ track, position, queue, trailing }: TrackRowProps) {
  const actions = useTrackActions();
  const { isCurrent, isPlaying } = actions.usePlaybackState(track.id);
  const playable = track.status === 'ready';
  const pausable = isCurrent && isPlaying;

  return (
    <li className={`group flex items-center gap-2 rounded-xl p-2 transition hover:bg-white/[0.04] sm:gap-3 ${isCurrent ? 'bg-white/[0.06]' : ''}`}>
      <button
        type="button"
        aria-label={`${pausable ? 'Pause' : 'Play'} ${track.title}`}
        disabled={!playable}
        onClick={() => {
          actions.play(track, queue.filter((queued) => queued.status === 'ready'));
        }}
        className="flex size-8 shrink-0 items-center justify-center rounded-full text-sm text-zinc-500 tabular-nums transition hover:bg-white/10 hover:text-white disabled:cursor-not-allowed disabled:hover:bg-transparent"
      >
        {pausable ? (
          <PauseIcon className="size-4 text-brand-soft" />
        ) : (
          <>
            <span className={playable ? 'group-hover:hidden' : ''}>{position}</span>
            {playable ? <PlayIcon className="hidden size-4 group-hover:block" /> : null}
          </>
        )}
      </button>
      {/* Rows with more controls leave the cover out on phones, to keep room for the title. */}
      <span className={`shrink-0 ${trailing ? 'hidden sm:block' : ''}`}>
        <CoverArt src={track.cover_url} seed={track.id} className="size-11 rounded-lg" />
      </span>
      <div className="min-w-0 flex-1">
        <Link
          to={`/track/${encodeURIComponent(track.id)}`}
          className={`block truncate font-semibold hover:underline ${isCurrent ? 'text-brand-soft' : 'text-white'}`}
        >
          {track.title}
        </Link>
        <p className="truncate text-sm text-zinc-400">{track.artist}</p>
        {playable ? null : (
          <div className="mt-1 flex min-w-0">
            <UploadStatus track={track} />
          </div>
        )}
      </div>
      <span className="hidden w-40 truncate text-sm text-zinc-400 lg:block">{track.album ?? 'Single'}</span>
      {/* In rows with more controls the heart leaves room for the title on phones. */}
      <span className={trailing ? 'hidden sm:block' : ''}>
        <LikeButton trackId={track.id} />
      </span>
      <span className="hidden w-11 text-right text-sm text-zinc-400 tabular-nums sm:block">{formatDuration(track.duration)}</span>
      <TrackMenu track={track} />
      {trailing}
    </li>
  );
}

/** A numbered list of tracks; each plays the list from itself on. */
export function TrackList({ tracks, label }: { tracks: readonly Track[]; label: string }) {
  return (
    <ol aria-label={label} className="space-y-1">
      {tracks.map((track, index) => (
        <TrackRow key={track.id} track={track} position={index + 1} queue={tracks} />
      ))}
    </ol>
  );
}
