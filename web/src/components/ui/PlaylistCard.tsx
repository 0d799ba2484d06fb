import { Link } from 'react-router';
import type { components } from '@/api/schema';
import { trackCountLabel } from '@/lib/trackCount';
import { CoverArt } from './CoverArt';
import { StarIcon } from './icons';

type PlaylistSummary = components['schemas']['PlaylistSummary'];

/** What a playlist's card shows of it. */
export type PlaylistCardData = Pick<PlaylistSummary, 'id' | 'name' | 'cover_url' | 'track_count' | 'is_featured' | 'is_owner' | 'owner_name'>;

/** Whose a playlist is, as cards and its page say it: 'Created by You', or 'by' its owner. */
function playlistByline(playlist: Pick<PlaylistSummary, 'is_owner' | 'owner_name'>): string {
  return playlist.is_owner ? 'Created by You' : `by ${playlist.owner_name}`;
}

/** A playlist in a grid: cover, name, whose it is and track count; it opens the playlist. */
export function PlaylistCard({ playlist }: { playlist: PlaylistCardData }) {
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
      <p className="truncate text-sm text-zinc-400">{playlistByline(playlist)}</p>
      <p className="text-sm text-zinc-500">{trackCountLabel(playlist.track_count)}</p>
    </Link>
  );
}

export function PlaylistGrid({ playlists, label }: { playlists: readonly PlaylistCardData[]; label: string }) {
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
