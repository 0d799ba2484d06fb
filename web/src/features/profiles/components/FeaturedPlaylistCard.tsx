import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CoverArt } from '@/components/ui/CoverArt';
import type { FeaturedPlaylist } from '../api/myPlaylists';

interface FeaturedPlaylistCardProps {
  playlist: FeaturedPlaylist;
  /** The owner opens it; other people see it (playlists are private to their owner). */
  linked: boolean;
}

function trackCount(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'track' : 'tracks'}`;
}

/** The playlist a user features on their profile. */
export function FeaturedPlaylistCard({ playlist, linked }: FeaturedPlaylistCardProps) {
  const body: ReactNode = (
    <>
      <CoverArt src={playlist.cover_url} seed={playlist.id} className="size-20 rounded-xl sm:size-24" />
      <span className="min-w-0">
        <span className="block text-xs font-semibold tracking-widest text-brand-soft uppercase">Featured playlist</span>
        <span className="mt-1 block truncate text-lg font-bold text-white">{playlist.name}</span>
        <span className="block text-sm text-zinc-400">{trackCount(playlist.track_count)}</span>
      </span>
    </>
  );
  const classes = 'flex items-center gap-4 rounded-3xl border border-line bg-surface p-4 sm:p-5';
  return (
    <section aria-label="Featured playlist">
      {linked ? (
        <Link to={`/playlist/${encodeURIComponent(playlist.id)}`} className={`${classes} transition hover:border-white/15 hover:bg-surface-raised`}>
          {body}
        </Link>
      ) : (
        <div className={classes}>{body}</div>
      )}
    </section>
  );
}
