import { Link } from 'react-router';
import { CoverArt } from '@/components/ui/CoverArt';
import { StarIcon } from '@/components/ui/icons';
import type { PlaylistSummary } from '../api/playlists';
import { trackCountLabel } from '../format';

/** A playlist in a grid: cover, name and track count; it opens the playlist. */
export function PlaylistCard({ playlist }: { playlist: PlaylistSummary }) {
  return (
    <Link
      to={`/playlist/${encodeURIComponent(playlist.id)}`}
      className="group block rounded-2xl border border-line bg-surface p-3 transition hover:border-white/15 hover:bg-surface-raised"
    >
      <div className="relative">
        <CoverArt src={playlist.cover_url} seed={playlist.id} className="w-full rounded-xl" />
        {playlist.is_featured ? (
          <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-full bg-night/80 px-2 py-0.5 text-xs font-semibold text-brand-soft backdrop-blur">
            <StarIcon filled className="size-3.5" />
            Featured
          </span>
        ) : null}
      </div>
      <p className="mt-3 truncate font-semibold text-white">{playlist.name}</p>
      <p className="text-sm text-zinc-400">{trackCountLabel(playlist.track_count)}</p>
    </Link>
  );
}

export function PlaylistGrid({ playlists, label }: { playlists: readonly PlaylistSummary[]; label: string }) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5">
      {playlists.map((playlist) => (
        <li key={playlist.id}>
          <PlaylistCard playlist={playlist} />
        </li>
      ))}
    </ul>
  );
}
