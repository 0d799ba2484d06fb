import { Link } from 'react-router';
import { CoverArt } from '@/components/ui/CoverArt';
import { trackCountLabel } from '@/lib/trackCount';
import type { FeaturedPlaylist } from '../api/myPlaylists';

/**
 * The playlist a user features on their profile; it opens the playlist. Others see it only when it
 * is public, so on my own profile a private one says that only I see it.
 */
export function FeaturedPlaylistCard({ playlist }: { playlist: FeaturedPlaylist }) {
  return (
    <section aria-label="Featured playlist">
      <Link
        to={`/playlist/${encodeURIComponent(playlist.id)}`}
        className="flex items-center gap-4 rounded-3xl border border-line bg-surface p-4 transition hover:border-white/15 hover:bg-surface-raised sm:p-5"
      >
        <CoverArt src={playlist.cover_url} seed={playlist.id} className="size-20 rounded-xl sm:size-24" />
        <span className="min-w-0">
          <span className="block text-xs font-semibold tracking-widest text-brand-soft uppercase">Featured playlist</span>
          <span className="mt-1 block truncate text-lg font-bold text-white">{playlist.name}</span>
          <span className="block text-sm text-zinc-400">
            {trackCountLabel(playlist.track_count)}
            {playlist.visibility === 'private' ? ' · Private: only you see it here' : null}
          </span>
        </span>
      </Link>
    </section>
  );
}
