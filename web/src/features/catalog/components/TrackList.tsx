import type { Track } from '../api/tracks';
import { TrackRow } from './TrackRow';

interface TrackListProps {
  tracks: readonly Track[];
  /** What the list is, for assistive technology ("Top tracks", "Up Next"). */
  label: string;
}

/** Tracks one under the other; playing one queues the whole list. */
export function TrackList({ tracks, label }: TrackListProps) {
  return (
    <ol aria-label={label} className="space-y-0.5">
      {tracks.map((track) => (
        <TrackRow key={track.id} track={track} queue={tracks} />
      ))}
    </ol>
  );
}
