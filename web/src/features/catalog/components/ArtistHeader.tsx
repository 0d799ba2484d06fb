import { Link } from 'react-router';
import { Avatar } from '@/components/ui/Avatar';
import { FollowToggle } from '@/components/ui/FollowToggle';
import { trackCountLabel } from '@/lib/trackCount';
import { formatPlays } from '@/lib/trackFormat';
import { useFollowArtist, type Artist } from '../api/artists';
import { VerifiedBadge } from './VerifiedBadge';

/** Follow / Following: follows the profile of the artist's name. */
function FollowArtistButton({ artist }: { artist: Artist }) {
  const follow = useFollowArtist(artist);
  return <FollowToggle size="sm" following={artist.is_following} pending={follow.isPending} onToggle={follow.mutate} />;
}

/**
 * The artist's avatar (or initials), name, verified badge, track count and total plays; with the
 * profile of that name, Follow / Following (unless it is mine) and a link to it.
 */
export function ArtistHeader({ artist }: { artist: Artist }) {
  return (
    <section className="overflow-hidden rounded-3xl border border-line bg-surface">
      <div
        aria-hidden="true"
        className="h-24 bg-[radial-gradient(ellipse_at_top_left,rgb(139_92_246/0.45),transparent_70%),radial-gradient(ellipse_at_bottom_right,rgb(217_70_239/0.3),transparent_60%)] sm:h-32"
      />
      <div className="flex flex-col gap-4 px-5 pb-6 sm:flex-row sm:items-end sm:gap-6 sm:px-8 sm:pb-8">
        <Avatar name={artist.name} src={artist.avatar_url} className="-mt-12 size-24 ring-4 ring-surface sm:-mt-14 sm:size-32" />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold tracking-widest text-brand-soft uppercase">Artist</p>
          <h1 className="mt-1 flex items-center gap-2 text-3xl font-extrabold tracking-tight text-white sm:text-4xl">
            <span className="min-w-0 break-words">{artist.name}</span>
            {artist.verified ? <VerifiedBadge className="size-7" /> : null}
          </h1>
          <p className="mt-2 flex flex-wrap gap-x-3 text-sm text-zinc-400">
            <span>{trackCountLabel(artist.track_count)}</span>
            <span aria-hidden="true">·</span>
            <span>{formatPlays(artist.total_plays)}</span>
          </p>
        </div>
        {artist.profile_id ? (
          <div className="flex items-center gap-4 self-start sm:self-end">
            {artist.is_me ? null : <FollowArtistButton artist={artist} />}
            <Link to={`/profile/${encodeURIComponent(artist.profile_id)}`} className="text-sm font-semibold text-brand-soft hover:text-white">
              View profile →
            </Link>
          </div>
        ) : null}
      </div>
    </section>
  );
}
