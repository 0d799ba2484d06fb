import type { components } from '@/api/schema';

type Track = components['schemas']['Track'];

/** An upload that cannot be played yet: 'Processing', or 'Failed' with the reason. */
export function UploadStatus({ track }: { track: Pick<Track, 'status' | 'failure_reason'> }) {
  if (track.status === 'processing') {
    return (
      <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-400/10 px-2.5 py-1 text-xs font-semibold text-amber-200">
        <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-amber-300" />
        Processing
      </span>
    );
  }
  if (track.status === 'failed') {
    return (
      <span className="inline-flex min-w-0 items-center gap-2 text-xs">
        <span className="rounded-full bg-red-500/10 px-2.5 py-1 font-semibold text-red-200">Failed</span>
        {track.failure_reason ? <span className="truncate text-red-300/80">{track.failure_reason}</span> : null}
      </span>
    );
  }
  return null;
}
