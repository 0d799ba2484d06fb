import toast from 'react-hot-toast';
import type { PlayableTrack } from '@/lib/trackActions';
import { usePlayerStore, type QueueEntry } from './stores/playerStore';

/** What a toast says was queued: the track's title, or how many tracks. */
function queuedLabel(tracks: readonly PlayableTrack[]): string {
  const [only] = tracks;
  return tracks.length === 1 && only ? only.title : `${String(tracks.length)} tracks`;
}

/**
 * 'Play next' and 'Add to queue' as a track menu offers them: the player's queue changes and a
 * toast says how. With nothing loaded the tracks start playing, and the toast says that instead.
 */
function queueing(change: (tracks: readonly PlayableTrack[]) => void, done: (label: string) => string) {
  return (tracks: readonly PlayableTrack[]) => {
    const [first] = tracks;
    if (!first) return;
    const idle = usePlayerStore.getState().currentTrack === null;
    change(tracks);
    toast.success(idle ? `Now playing: ${first.title}` : done(queuedLabel(tracks)));
  };
}

/** Puts the tracks right after the one playing. */
export const playNext = queueing(
  (tracks) => {
    usePlayerStore.getState().playNext(tracks);
  },
  (label) => `Playing next: ${label}`,
);

/** Puts the tracks at the end of the queue. */
export const addToQueue = queueing(
  (tracks) => {
    usePlayerStore.getState().addToQueue(tracks);
  },
  (label) => `Added to queue: ${label}`,
);

/** Takes an entry out of Up Next. */
export function removeFromQueue(entry: QueueEntry): void {
  usePlayerStore.getState().removeFromQueue(entry.key);
  toast.success(`Removed from queue: ${entry.title}`);
}
