import { ButtonLink } from '@/components/ui/ButtonLink';
import { IconButton } from '@/components/ui/IconButton';
import { ArrowDownIcon, ArrowUpIcon, TrashIcon } from '@/components/ui/icons';
import { useRemoveFromPlaylist, useReorderPlaylist, type Playlist } from '../api/playlists';
import { EmptyState } from '../components/EmptyState';
import { TrackRow } from '../components/TrackRow';
import { moveTrack } from './moveTrack';

/** The playlist's tracks in order, each movable up or down and removable. */
export function PlaylistTracks({ playlist }: { playlist: Playlist }) {
  const reorder = useReorderPlaylist(playlist.id);
  const remove = useRemoveFromPlaylist(playlist.id);
  const { tracks } = playlist;

  if (tracks.length === 0) {
    return (
      <EmptyState message="This playlist is empty.">
        <ButtonLink to="/explore" variant="secondary">
          Find tracks on Explore
        </ButtonLink>
      </EmptyState>
    );
  }
  return (
    <ol aria-label="Tracks" className="space-y-1">
      {tracks.map((track, index) => (
        <TrackRow
          key={track.id}
          track={track}
          position={index + 1}
          queue={tracks}
          trailing={
            <span className="flex shrink-0 items-center">
              <IconButton
                label={`Move ${track.title} up`}
                className="size-8"
                disabled={index === 0 || reorder.isPending}
                onClick={() => {
                  reorder.mutate(moveTrack(tracks, index, -1));
                }}
              >
                <ArrowUpIcon className="size-4" />
              </IconButton>
              <IconButton
                label={`Move ${track.title} down`}
                className="size-8"
                disabled={index === tracks.length - 1 || reorder.isPending}
                onClick={() => {
                  reorder.mutate(moveTrack(tracks, index, 1));
                }}
              >
                <ArrowDownIcon className="size-4" />
              </IconButton>
              <IconButton
                label={`Remove ${track.title} from playlist`}
                className="size-8"
                disabled={remove.isPending}
                onClick={() => {
                  remove.mutate(track.id);
                }}
              >
                <TrashIcon className="size-4" />
              </IconButton>
            </span>
          }
        />
      ))}
    </ol>
  );
}
