import { Link } from 'react-router';
import { TrackPlayButton } from '@/components/tracks/TrackPlayButton';
import { LoadError } from '@/components/ui/LoadError';
import { Spinner } from '@/components/ui/Spinner';
import { formatDuration } from '@/lib/duration';
import { useTrackActions } from '@/lib/trackActions';
import { trackPath } from '@/lib/trackFormat';
import { useRecommendations } from '../api/recommendations';
import { HomePanel, PanelMessage } from './HomePanel';

/** The panel shows this many recommendations. */
const SHOWN = 5;

function Recommendations() {
  const recommendations = useRecommendations();
  const { LikeButton } = useTrackActions();
  if (recommendations.isPending) return <Spinner label="Loading recommendations…" />;
  if (recommendations.isError) {
    return (
      <LoadError
        title="We couldn't load your recommendations."
        error={recommendations.error}
        onRetry={() => {
          void recommendations.refetch();
        }}
      />
    );
  }
  const tracks = recommendations.data.slice(0, SHOWN);
  if (tracks.length === 0) return <PanelMessage>No recommendations yet.</PanelMessage>;
  return (
    <ol aria-label="Recommended tracks" className="space-y-1">
      {tracks.map((track) => (
        <li key={track.id} className="flex items-center gap-3 rounded-xl p-1.5 transition hover:bg-white/[0.04]">
          <TrackPlayButton track={track} queue={tracks} />
          <div className="min-w-0 flex-1">
            <Link to={trackPath(track.id)} className="block truncate text-sm font-semibold text-white hover:underline">
              {track.title}
            </Link>
            <p className="truncate text-sm text-zinc-400">{track.artist}</p>
          </div>
          <span className="text-xs text-zinc-500 tabular-nums">{formatDuration(track.duration)}</span>
          <LikeButton trackId={track.id} />
        </li>
      ))}
    </ol>
  );
}

/** 'Recommended For You' on the dashboard. */
export function RecommendationsPanel() {
  return (
    <HomePanel title="Recommended For You">
      <Recommendations />
    </HomePanel>
  );
}
