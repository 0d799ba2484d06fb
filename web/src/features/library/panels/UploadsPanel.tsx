import { ButtonLink } from '@/components/ui/ButtonLink';
import { LoadError } from '@/components/ui/LoadError';
import { Spinner } from '@/components/ui/Spinner';
import { useMyUploads } from '../api/uploads';
import { EmptyState } from '../components/EmptyState';
import { TrackList } from '../components/TrackRow';

/** My uploads in every state: processing and failed ones say so. */
export function UploadsPanel() {
  const uploads = useMyUploads();
  if (uploads.isPending) return <Spinner label="Loading your uploads…" />;
  if (uploads.isError) {
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
  if (uploads.data.length === 0) {
    return (
      <EmptyState message="You haven't uploaded any tracks yet.">
        <ButtonLink to="/upload">Upload Music</ButtonLink>
      </EmptyState>
    );
  }
  return <TrackList tracks={uploads.data} label="Your uploads" />;
}
