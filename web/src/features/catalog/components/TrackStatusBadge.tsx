import type { Track } from '../api/tracks';

/** Where a track that cannot be played yet stands: 'Processing', or 'Failed' with the reason. */
export function TrackStatusBadge({ track }: { track: Pick<Track, 'status' | 'failure_reason'> }) {
  if (track.status === 'ready') return null;
  if (track.status === 'processing') {
    return (
      <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-400/10 px-2.5 py-1 text-xs font-semibold text-amber-200">
        <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-amber-300" />
        Processing
      </span>
    );
  }
  return (
    <span
      title={track.failure_reason ?? undefined}
      className="inline-flex items-center rounded-full bg-red-500/10 px-2.5 py-1 text-xs font-semibold text-red-200"
    >
      Failed
    </span>
  );
}
