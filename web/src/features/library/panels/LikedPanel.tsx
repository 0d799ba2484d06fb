import { TrackList } from '@/components/tracks/TrackRow';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { LoadError } from '@/components/ui/LoadError';
import { LoadMoreButton } from '@/components/ui/LoadMoreButton';
import { Spinner } from '@/components/ui/Spinner';
import { useDownloadControls } from '@/lib/downloads/controls';
import { loadedItems } from '@/lib/pages';
import { playableOf } from '@/lib/playable';
import { fetchLikedPlayableIds, useLikedTracks } from '../api/likes';
import { EmptyState } from '../components/EmptyState';

/** Liked Songs, newest like first, a page at a time. */
export function LikedPanel() {
  const liked = useLikedTracks();
  const { DownloadButton } = useDownloadControls();
  if (liked.isPending) return <Spinner label="Loading your liked songs…" />;
  if (liked.isLoadingError) {
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
  const tracks = loadedItems(liked.data, (page) => page.tracks);
  if (tracks.length === 0) {
    return (
      <EmptyState message="No liked songs yet.">
        <ButtonLink to="/explore" variant="secondary">
          Explore music
        </ButtonLink>
      </EmptyState>
    );
  }
  return (
    <>
      <div className="mb-4 flex justify-end">
        <DownloadButton
          trackIds={playableOf(tracks).map((track) => track.id)}
          loadTrackIds={liked.hasNextPage ? fetchLikedPlayableIds : undefined}
        />
      </div>
      <TrackList tracks={tracks} label="Liked Songs" numbered />
      <LoadMoreButton list={liked} />
    </>
  );
}
