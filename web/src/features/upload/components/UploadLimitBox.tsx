import { Link } from 'react-router';
import { errorCatalogue } from '@/api/errors';
import { LoadError } from '@/components/ui/LoadError';
import { Spinner } from '@/components/ui/Spinner';
import { useUploadLimit, type UploadLimit } from '../api/uploadLimit';
import { isAtUploadLimit } from '../uploadRules';

function resetDate(limit: UploadLimit): string {
  return new Date(limit.resets_at).toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
}

function LimitSummary({ limit }: { limit: UploadLimit }) {
  if (limit.limit === null) {
    return (
      <>
        <p className="font-semibold text-white">Unlimited uploads on your plan</p>
        <p className="mt-1 text-sm text-zinc-400">
          {limit.used.toLocaleString('en-US')} {limit.used === 1 ? 'upload' : 'uploads'} this month.
        </p>
      </>
    );
  }
  const share = Math.min(100, (limit.used / limit.limit) * 100);
  const atLimit = isAtUploadLimit(limit);
  return (
    <>
      <p className="font-semibold text-white">
        {limit.used} of {limit.limit} uploads used this month
      </p>
      <div
        role="progressbar"
        aria-label="Uploads used this month"
        aria-valuemin={0}
        aria-valuemax={limit.limit}
        aria-valuenow={limit.used}
        className="mt-3 h-2 overflow-hidden rounded-full bg-white/10"
      >
        <div className={`h-full rounded-full ${atLimit ? 'bg-amber-400' : 'bg-brand-gradient'}`} style={{ width: `${share}%` }} />
      </div>
      {atLimit ? (
        <p className="mt-3 text-sm text-amber-200">
          {errorCatalogue.upload_limit_reached.message}{' '}
          <Link to="/subscription" className="font-semibold text-white underline underline-offset-2">
            See plans
          </Link>
        </p>
      ) : (
        <p className="mt-2 text-xs text-zinc-500">The count starts again on {resetDate(limit)}.</p>
      )}
    </>
  );
}

/** How many uploads this month's plan allows and how many are used. */
export function UploadLimitBox() {
  const limit = useUploadLimit();
  if (limit.isError) {
    return (
      <LoadError
        title="We couldn't load your upload limit."
        error={limit.error}
        onRetry={() => {
          void limit.refetch();
        }}
      />
    );
  }
  return (
    <section aria-label="Upload limit" className="rounded-2xl border border-line bg-surface p-5">
      {limit.isPending ? <Spinner label="Checking your upload limit…" /> : <LimitSummary limit={limit.data} />}
    </section>
  );
}
