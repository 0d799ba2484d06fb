import { Button } from '@/components/ui/Button';
import { LoadError } from '@/components/ui/LoadError';
import { LoadMoreButton } from '@/components/ui/LoadMoreButton';
import { Spinner } from '@/components/ui/Spinner';
import { loadedItems } from '@/lib/pages';
import { usePlaylists } from '../api/playlists';
import { EmptyState } from '../components/EmptyState';
import { PlaylistGrid } from '../components/PlaylistCard';

/** My playlists as a grid of cards, a page at a time. */
export function PlaylistsPanel({ onCreate }: { onCreate: () => void }) {
  const playlists = usePlaylists();
  if (playlists.isPending) return <Spinner label="Loading your playlists…" />;
  if (playlists.isLoadingError) {
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
  const loaded = loadedItems(playlists.data, (page) => page.playlists);
  if (loaded.length === 0) {
    return (
      <EmptyState message="No playlists found.">
        <Button onClick={onCreate}>Create Playlist</Button>
      </EmptyState>
    );
  }
  return (
    <>
      <PlaylistGrid playlists={loaded} label="Your playlists" />
      <LoadMoreButton list={playlists} label="Load more playlists" />
    </>
  );
}
