import type { components } from '@/api/schema';

type Track = components['schemas']['Track'];

interface TrackStatusBadgeProps {
  track: Pick<Track, 'status' | 'failure_reason'>;
  /** Writes a failed track's reason beside the badge (it is always the badge's tooltip). */
  withReason?: boolean;
}

/** Where a track that cannot be played yet stands: 'Processing', or 'Failed' with the reason. Nothing for a ready track. */
export function TrackStatusBadge({ track, withReason = false }: TrackStatusBadgeProps) {
  if (track.status === 'processing') {
    return (
      <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-400/10 px-2.5 py-1 text-xs font-semibold text-amber-200">
        <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-amber-300" />
        Processing
      </span>
    );
  }
  if (track.status !== 'failed') return null;
  const badge = (
    <span
      title={track.failure_reason ?? undefined}
      className="inline-flex items-center rounded-full bg-red-500/10 px-2.5 py-1 text-xs font-semibold text-red-200"
    >
      Failed
    </span>
  );
  if (!withReason || !track.failure_reason) return badge;
  return (
    <span className="inline-flex min-w-0 items-center gap-2 text-xs">
      {badge}
      <span className="truncate text-red-300/80">{track.failure_reason}</span>
    </span>
  );
}
