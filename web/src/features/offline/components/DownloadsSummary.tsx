import { useOfflineStatus, useSpaceUsed, useStorageEstimate } from '@/lib/downloads/hooks';
import { formatBytes, formatHours } from '@/lib/downloads/format';

/** What Basic's 10 hours leave, or that Premium has no limit; nothing before the server has said. */
function PlanAllowance() {
  const status = useOfflineStatus();
  if (!status?.allowed) return null;
  if (status.remaining_secs === null || status.limit_secs === null) return <p>Unlimited downloads with Premium.</p>;
  return (
    <p>
      {formatHours(status.remaining_secs)} of {formatHours(status.limit_secs)} of downloads left on Basic.
    </p>
  );
}

/** The space downloads take, the browser's quota, and what the plan still allows. */
export function DownloadsSummary({ count }: { count: number }) {
  const used = useSpaceUsed();
  const estimate = useStorageEstimate();
  return (
    <div className="space-y-1 text-sm text-zinc-400">
      <p className="font-semibold text-white">
        {count} {count === 1 ? 'track' : 'tracks'} · {formatBytes(used)} used
      </p>
      {estimate && estimate.quota > 0 ? (
        <p>
          This browser stores up to {formatBytes(estimate.quota)} for Backbeat ({formatBytes(estimate.usage)} in use).
        </p>
      ) : null}
      <PlanAllowance />
    </div>
  );
}
