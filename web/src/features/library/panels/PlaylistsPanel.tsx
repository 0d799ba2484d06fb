import { Button } from '@/components/ui/Button';
import { LoadError } from '@/components/ui/LoadError';
import { Spinner } from '@/components/ui/Spinner';
import { usePlaylists } from '../api/playlists';
import { EmptyState } from '../components/EmptyState';
import { PlaylistGrid } from '../components/PlaylistCard';

/** My playlists as a grid of cards. */
export function PlaylistsPanel({ onCreate }: { onCreate: () => void }) {
  const playlists = usePlaylists();
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
        <Button onClick={onCreate}>Create Playlist</Button>
      </EmptyState>
    );
  }
  return <PlaylistGrid playlists={playlists.data} label="Your playlists" />;
}
