import { Link } from 'react-router';
import { ArtistLink } from '@/components/tracks/ArtistLink';
import { CoverArt } from '@/components/ui/CoverArt';
import { useTrackCover } from '@/lib/downloads/hooks';
import type { PlayableTrack } from '@/lib/trackActions';
import { trackPath } from '@/lib/trackFormat';

/** The current track at a glance: cover, title (to its page) and artist (to theirs). */
export function NowPlaying({ track }: { track: PlayableTrack }) {
  const cover = useTrackCover(track.id, track.cover_url);
  return (
    <div className="flex min-w-0 items-center gap-3">
      <CoverArt src={cover} seed={track.id} className="size-12 rounded-lg" />
      <div className="min-w-0">
        <Link to={trackPath(track.id)} className="block truncate text-sm font-semibold text-white hover:underline">
          {track.title}
        </Link>
        <ArtistLink name={track.artist} className="block truncate text-xs text-zinc-400 hover:text-white hover:underline" />
      </div>
    </div>
  );
}
