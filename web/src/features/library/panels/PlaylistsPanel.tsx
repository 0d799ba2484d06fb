import { Button } from '@/components/ui/Button';
import { LoadError } from '@/components/ui/LoadError';
import { LoadMoreButton } from '@/components/ui/LoadMoreButton';
import { PlaylistGrid } from '@/components/ui/PlaylistCard';
import { Spinner } from '@/components/ui/Spinner';
import { loadedItems } from '@/lib/pages';
import { useFollowedPlaylists } from '../api/followedPlaylists';
import { usePlaylists } from '../api/playlists';
import { EmptyState } from '../components/EmptyState';

/**
 * My playlists ('Created by You') and, below them, other users' public playlists I follow ('by'
 * their owner), each as a grid of cards a page at a time.
 */
export function PlaylistsPanel({ onCreate }: { onCreate: () => void }) {
  const playlists = usePlaylists();
  const followed = useFollowedPlaylists();
  if (playlists.isPending || followed.isPending) return <Spinner label="Loading your playlists…" />;
  const failed = playlists.isLoadingError ? playlists : followed.isLoadingError ? followed : null;
  if (failed) {
    return (
      <LoadError
        title="Failed to fetch playlists"
        error={failed.error}
        onRetry={() => {
          void failed.refetch();
        }}
      />
    );
  }
  const own = loadedItems(playlists.data, (page) => page.playlists);
  const following = loadedItems(followed.data, (page) => page.playlists);
  if (own.length === 0 && following.length === 0) {
    return (
      <EmptyState message="No playlists found.">
        <Button onClick={onCreate}>Create Playlist</Button>
      </EmptyState>
    );
  }
  return (
    <div className="space-y-10">
      {own.length > 0 ? (
        <section>
          <PlaylistGrid playlists={own} label="Your playlists" />
          <LoadMoreButton list={playlists} label="Load more playlists" />
        </section>
      ) : null}
      {following.length > 0 ? (
        <section aria-labelledby="followed-playlists-heading">
          <h2 id="followed-playlists-heading" className="mb-4 text-lg font-bold text-white">
            Playlists you follow
          </h2>
          <PlaylistGrid playlists={following} label="Playlists you follow" />
          <LoadMoreButton list={followed} label="Load more playlists you follow" />
        </section>
      ) : null}
    </div>
  );
}
