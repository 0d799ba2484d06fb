import { ButtonLink } from '@/components/ui/ButtonLink';
import { LoadError } from '@/components/ui/LoadError';
import { Spinner } from '@/components/ui/Spinner';
import { useLikedTracks } from '../api/likes';
import { EmptyState } from '../components/EmptyState';
import { TrackList } from '../components/TrackRow';

/** Liked Songs, newest like first. */
export function LikedPanel() {
  const liked = useLikedTracks();
  if (liked.isPending) return <Spinner label="Loading your liked songs…" />;
  if (liked.isError) {
    return (
      <LoadError
        title="Failed to fetch liked tracks"
        error={liked.error}
        onRetry={() => {
          void liked.refetch();
        }}
      />
    );
  }
  if (liked.data.length === 0) {
    return (
      <EmptyState message="No liked songs yet.">
        <ButtonLink to="/explore" variant="secondary">
          Explore music
        </ButtonLink>
      </EmptyState>
    );
  }
  return <TrackList tracks={liked.data} label="Liked Songs" />;
}
