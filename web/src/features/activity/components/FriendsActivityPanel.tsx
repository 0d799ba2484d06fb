import { Link } from 'react-router';
import { TrackPlayButton } from '@/components/tracks/TrackPlayButton';
import { Avatar } from '@/components/ui/Avatar';
import { LoadError } from '@/components/ui/LoadError';
import { Spinner } from '@/components/ui/Spinner';
import { trackPath } from '@/lib/trackFormat';
import { useFriendsActivity } from '../api/friendsActivity';
import { timeAgo } from '../timeAgo';
import { HomePanel, PanelMessage } from './HomePanel';

function FriendsActivity() {
  const activity = useFriendsActivity();
  if (activity.isPending) return <Spinner label="Loading your friends' activity…" />;
  if (activity.isError) {
    return (
      <LoadError
        title="We couldn't load your friends' activity."
        error={activity.error}
        onRetry={() => {
          void activity.refetch();
        }}
      />
    );
  }
  if (activity.data.length === 0) return <PanelMessage>No activity yet</PanelMessage>;
  // Several friends may play the same track; the queue holds it once.
  const tracks = [...new Map(activity.data.map(({ track }) => [track.id, track])).values()];
  return (
    <ol aria-label="Friends' listens" className="space-y-1">
      {activity.data.map((listen) => (
        <li key={listen.id} className="flex items-center gap-3 rounded-xl p-1.5 transition hover:bg-white/[0.04]">
          <Link to={`/profile/${encodeURIComponent(listen.user.id)}`} aria-label={listen.user.name} className="shrink-0 rounded-full">
            <Avatar name={listen.user.name} src={listen.user.avatar_url} className="size-10" />
          </Link>
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm text-zinc-400">
              <Link to={`/profile/${encodeURIComponent(listen.user.id)}`} className="font-semibold text-white hover:underline">
                {listen.user.name}
              </Link>{' '}
              · <time dateTime={listen.listened_at}>{timeAgo(listen.listened_at)}</time>
            </p>
            <p className="truncate text-sm">
              <Link to={trackPath(listen.track.id)} className="font-medium text-zinc-100 hover:underline">
                {listen.track.title}
              </Link>
              <span className="text-zinc-500"> · {listen.track.artist}</span>
            </p>
          </div>
          <TrackPlayButton track={listen.track} queue={tracks} />
        </li>
      ))}
    </ol>
  );
}

/** 'Friends Activity' on the dashboard: what the people I follow play, live. */
export function FriendsActivityPanel() {
  return (
    <HomePanel title="Friends Activity">
      <FriendsActivity />
    </HomePanel>
  );
}
