import { lazy, Suspense } from 'react';
import { LoadError } from '@/components/ui/LoadError';
import { Spinner } from '@/components/ui/Spinner';
import { useEarnings, type TrackEarnings } from '../api/payouts';
import { earningsSummaryOf } from '../earningsChart';

// chart.js is loaded only when this section shows, never with the app's first bundle.
const EarningsChart = lazy(() => import('./EarningsChart'));

const plays = new Intl.NumberFormat('en-US');

/**
 * Plays and earnings take the width their numbers need; the title has the rest of the row and is
 * cut short only when it does not fit there.
 */
function TrackEarningsTable({ tracks }: { tracks: readonly TrackEarnings[] }) {
  if (tracks.length === 0) {
    return <p className="text-sm text-zinc-400">No tracks yet: upload music to start earning.</p>;
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Earnings per track</caption>
        <thead className="text-xs tracking-wider text-zinc-500 uppercase">
          <tr>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Track
            </th>
            <th scope="col" className="w-px py-2 pr-4 text-right font-semibold whitespace-nowrap">
              Plays
            </th>
            <th scope="col" className="w-px py-2 text-right font-semibold whitespace-nowrap">
              Earnings
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {tracks.map((track) => (
            <tr key={track.track_id}>
              <th
                scope="row"
                title={track.title}
                className="w-full max-w-0 truncate py-2.5 pr-4 font-medium text-white"
              >
                {track.title}
              </th>
              <td className="py-2.5 pr-4 text-right whitespace-nowrap text-zinc-300 tabular-nums">{plays.format(track.plays)}</td>
              <td className="py-2.5 text-right whitespace-nowrap text-zinc-300 tabular-nums">{track.earned_eur} EUR</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Earnings at a glance: counted plays and earnings per day for the last 30 days, and per track. */
export function EarningsSection() {
  const earnings = useEarnings();

  let content;
  if (earnings.isPending) {
    content = (
      <div className="flex justify-center py-10">
        <Spinner label="Loading earnings…" />
      </div>
    );
  } else if (earnings.isError) {
    content = (
      <LoadError
        title="We couldn't load your earnings."
        error={earnings.error}
        onRetry={() => {
          void earnings.refetch();
        }}
      />
    );
  } else {
    const summary = earningsSummaryOf(earnings.data.days);
    content = (
      <div className="space-y-6">
        <p className="text-sm text-zinc-400">{summary}</p>
        <Suspense
          fallback={
            <div className="flex h-64 items-center justify-center sm:h-72">
              <Spinner label="Loading chart…" />
            </div>
          }
        >
          <EarningsChart days={earnings.data.days} summary={summary} />
        </Suspense>
        <TrackEarningsTable tracks={earnings.data.tracks} />
      </div>
    );
  }

  return (
    <section aria-labelledby="earnings-heading" className="space-y-4">
      <h2 id="earnings-heading" className="text-xl font-bold text-white">
        Earnings at a glance
      </h2>
      <div className="rounded-3xl border border-line bg-surface p-4 sm:p-6">{content}</div>
    </section>
  );
}
