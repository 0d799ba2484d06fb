import { Link } from 'react-router';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { LoadError } from '@/components/ui/LoadError';
import { Spinner } from '@/components/ui/Spinner';
import { useNewestPlaylists } from './api/playlists';
import { EmptyState } from './components/EmptyState';
import { PlaylistGrid } from '@/components/ui/PlaylistCard';
import { libraryTabHref } from './libraryTabs';

/** The dashboard shows this many playlists. */
const SHOWN = 5;

function Playlists() {
  // The dashboard shows a few: it asks for exactly those, and 'See All' leads to the paged list.
  const playlists = useNewestPlaylists(SHOWN);
  if (playlists.isPending) return <Spinner label="Loading your playlists…" />;
  if (playlists.isError) {
    return (
      <LoadError
        title="Failed to fetch playlists"
        error={playlists.error}
        onRetry={() => {
          void playlists.refetch();
        }}
      />
    );
  }
  if (playlists.data.length === 0) {
    return (
      <EmptyState message="No playlists found.">
        <ButtonLink to="/library?create=playlist">Create Playlist</ButtonLink>
      </EmptyState>
    );
  }
  return <PlaylistGrid playlists={playlists.data} label="Your playlists" />;
}

/** Up to 5 of my playlists on the dashboard, with 'See All' to the library's playlists tab. */
export function HomePlaylists() {
  return (
    <section aria-labelledby="home-playlists-heading" className="space-y-4">
      <div className="flex items-center justify-between gap-4">
        <h2 id="home-playlists-heading" className="text-xl font-bold text-white sm:text-2xl">
          Your Playlists
        </h2>
        <Link to={libraryTabHref('playlists')} className="text-sm font-semibold text-brand-soft hover:text-white">
          See All
        </Link>
      </div>
      <Playlists />
    </section>
  );
}
