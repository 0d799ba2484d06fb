import { TrackRow } from '@/components/tracks/TrackRow';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { IconButton } from '@/components/ui/IconButton';
import { LoadMoreButton, type PagedList } from '@/components/ui/LoadMoreButton';
import { ArrowDownIcon, ArrowUpIcon, TrashIcon } from '@/components/ui/icons';
import { useMoveInPlaylist, useRemoveFromPlaylist, type Playlist } from '../api/playlists';
import { EmptyState } from '../components/EmptyState';

/**
 * The playlist's tracks loaded so far, in order; on my own playlist each is movable up or down and
 * removable. 'Load more' reads the next page. The last loaded track can move down into the tracks
 * not loaded yet.
 */
export function PlaylistTracks({ playlist, pages }: { playlist: Playlist; pages: PagedList }) {
  const move = useMoveInPlaylist(playlist.id);
  const remove = useRemoveFromPlaylist(playlist.id);
  const { tracks } = playlist;

  if (tracks.length === 0) {
    return (
      <EmptyState message="This playlist is empty.">
        {playlist.is_owner ? (
          <ButtonLink to="/explore" variant="secondary">
            Find tracks on Explore
          </ButtonLink>
        ) : null}
      </EmptyState>
    );
  }
  const isLast = (index: number) => index === tracks.length - 1 && !pages.hasNextPage;
  return (
    <>
      <ol aria-label="Tracks" className="space-y-1">
        {tracks.map((track, index) => (
          <TrackRow
            key={track.id}
            track={track}
            position={index + 1}
            queue={tracks}
            trailing={
              playlist.is_owner ? (
                <span className="flex shrink-0 items-center">
                  <IconButton
                    label={`Move ${track.title} up`}
                    className="size-8"
                    disabled={index === 0 || move.isPending}
                    onClick={() => {
                      move.mutate({ trackId: track.id, position: index - 1 });
                    }}
                  >
                    <ArrowUpIcon className="size-4" />
                  </IconButton>
                  <IconButton
                    label={`Move ${track.title} down`}
                    className="size-8"
                    disabled={isLast(index) || move.isPending}
                    onClick={() => {
                      move.mutate({ trackId: track.id, position: index + 1 });
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
              ) : undefined
            }
          />
        ))}
      </ol>
      <LoadMoreButton list={pages} label="Load more tracks" />
    </>
  );
}
