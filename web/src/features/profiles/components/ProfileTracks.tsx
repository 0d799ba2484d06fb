import { Link } from 'react-router';
import type { components } from '@/api/schema';
import { ArtistLink } from '@/components/tracks/ArtistLink';
import { TrackPlayButton } from '@/components/tracks/TrackPlayButton';
import { LoadMoreButton, type PagedList } from '@/components/ui/LoadMoreButton';
import { formatDuration } from '@/lib/duration';
import { trackPath } from '@/lib/trackFormat';
import { useTrackActions } from '@/lib/trackActions';

type Track = components['schemas']['Track'];

/** A user's tracks on their profile, newest first: each plays on through the list, with like and menu. */
export function ProfileTracks({ tracks, pages }: { tracks: readonly Track[]; pages: PagedList }) {
  const { LikeButton, TrackMenu } = useTrackActions();
  return (
    <>
      <ol aria-label="Tracks" className="space-y-1">
        {tracks.map((track) => (
          <li key={track.id} className="flex items-center gap-3 rounded-xl p-1.5 transition hover:bg-white/[0.04]">
            <TrackPlayButton track={track} queue={tracks} />
            <div className="min-w-0 flex-1">
              <Link to={trackPath(track.id)} className="block truncate font-semibold text-white hover:underline">
                {track.title}
              </Link>
              <ArtistLink name={track.artist} />
            </div>
            <span className="hidden text-sm text-zinc-400 tabular-nums sm:block">{formatDuration(track.duration)}</span>
            <span className="flex shrink-0 items-center">
              <LikeButton trackId={track.id} />
              <TrackMenu track={track} />
            </span>
          </li>
        ))}
      </ol>
      <LoadMoreButton list={pages} label="Load more tracks" />
    </>
  );
}
