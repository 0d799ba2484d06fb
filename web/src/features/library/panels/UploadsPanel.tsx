import { TrackList } from '@/components/tracks/TrackRow';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { LoadError } from '@/components/ui/LoadError';
import { LoadMoreButton } from '@/components/ui/LoadMoreButton';
import { Spinner } from '@/components/ui/Spinner';
import { loadedItems } from '@/lib/pages';
import { useMyUploads } from '../api/uploads';
import { EmptyState } from '../components/EmptyState';

/** My uploads in every state, a page at a time: processing and failed ones say so. */
export function UploadsPanel() {
  const uploads = useMyUploads();
  if (uploads.isPending) return <Spinner label="Loading your uploads…" />;
  if (uploads.isLoadingError) {
    return (
      <LoadError
        title="Failed to fetch user uploads"
        error={uploads.error}
        onRetry={() => {
          void uploads.refetch();
        }}
      />
    );
  }
  const tracks = loadedItems(uploads.data, (page) => page.tracks);
  if (tracks.length === 0) {
    return (
      <EmptyState message="You haven't uploaded any tracks yet.">
        <ButtonLink to="/upload">Upload Music</ButtonLink>
      </EmptyState>
    );
  }
  return (
    <>
      <TrackList tracks={tracks} label="Your uploads" numbered />
      <LoadMoreButton list={uploads} />
    </>
  );
}
