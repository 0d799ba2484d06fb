import { Link } from 'react-router';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { LoadError } from '@/components/ui/LoadError';
import { Spinner } from '@/components/ui/Spinner';
import { useHomeSummary } from './api/home';
import { CatalogMessage } from './components/CatalogMessage';
import { TrackCard } from './components/TrackCard';

/** The 8 newest tracks as tiles, with 'See All' to /explore. */
export function RecentTracks() {
  const home = useHomeSummary();

  const content = () => {
    if (home.isPending) return <Spinner label="Loading tracks…" />;
    if (home.isError) {
      return (
        <LoadError
          title="We couldn't load the newest tracks."
          error={home.error}
          onRetry={() => {
            void home.refetch();
          }}
        />
      );
    }
    const tracks = home.data.recent;
    if (tracks.length === 0) {
      return (
        <CatalogMessage
          title="No tracks found"
          action={
            <ButtonLink to="/upload" variant="secondary">
              Upload a track
            </ButtonLink>
          }
        >
          Nobody has uploaded a track yet. Yours could be the first.
        </CatalogMessage>
      );
    }
    return (
      <ul aria-label="Recently added" className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
        {tracks.map((track) => (
          <TrackCard key={track.id} track={track} queue={tracks} />
        ))}
      </ul>
    );
  };

  return (
    <section aria-labelledby="recent-heading" className="space-y-4">
      <div className="flex items-center justify-between gap-4">
        <h2 id="recent-heading" className="text-xl font-bold text-white sm:text-2xl">
          Recently Added
        </h2>
        <Link to="/explore" className="text-sm font-semibold text-brand-soft hover:text-white">
          See All
        </Link>
      </div>
      {content()}
    </section>
  );
}
