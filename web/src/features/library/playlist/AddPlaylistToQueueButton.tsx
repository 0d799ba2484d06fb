import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/Button';
import { QueueIcon } from '@/components/ui/icons';
import { useTrackActions } from '@/lib/trackActions';
import { fetchAllPlaylistTracks, type Playlist } from '../api/playlists';
import { reasonOf } from '../api/errors';

const isReady = (track: Playlist['tracks'][number]) => track.status === 'ready';

/**
 * 'Add to queue': puts every playable track of the playlist at the end of the player's queue, in
 * the playlist's order. Tracks not loaded on the page yet are read first.
 */
export function AddPlaylistToQueueButton({ playlist }: { playlist: Playlist }) {
  const actions = useTrackActions();
  const [reading, setReading] = useState(false);
  const allLoaded = playlist.next_cursor === null;

  const addAll = async () => {
    let tracks = playlist.tracks;
    if (!allLoaded) {
      setReading(true);
      try {
        tracks = await fetchAllPlaylistTracks(playlist.id);
      } catch (error) {
        toast.error(`Failed to add to queue: ${reasonOf(error)}`);
        return;
      } finally {
        setReading(false);
      }
    }
    actions.addToQueue(tracks.filter(isReady));
  };

  return (
    <Button
      variant="secondary"
      disabled={reading || (allLoaded && !playlist.tracks.some(isReady))}
      aria-busy={reading}
      onClick={() => {
        void addAll();
      }}
    >
      <QueueIcon className="size-4.5" />
      Add to queue
    </Button>
  );
}
