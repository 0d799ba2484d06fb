import { useEffect } from 'react';
import { LoadMoreButton } from '@/components/ui/LoadMoreButton';
import { Spinner } from '@/components/ui/Spinner';
import { loadedItems } from '@/lib/pages';
import { useWithdrawals, type Withdrawal } from '../api/payouts';
import { methodLabels, payoutMessages } from '../withdrawal';
import { statusLookOf, toneClasses } from '../withdrawalStatus';

/** A requested date as the history shows it: 'Nov 25, 2026', in the reader's time zone. */
function requestedOn(createdAt: string): string {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return createdAt;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

function StatusBadge({ status }: { status: Withdrawal['status'] }) {
  const { label, tone, Icon } = statusLookOf(status);
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-semibold ${toneClasses[tone]}`}
    >
      <Icon className="size-4" />
      {label}
    </span>
  );
}

function WithdrawalRow({ withdrawal }: { withdrawal: Withdrawal }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 px-5 py-4">
      <div className="min-w-0">
        <p className="text-lg font-bold text-white">{withdrawal.amount_eur} EUR</p>
        <p className="text-sm text-zinc-400">Requested {requestedOn(withdrawal.created_at)}</p>
        <p className="text-sm break-words text-zinc-400">
          {methodLabels[withdrawal.method]} · {withdrawal.details}
        </p>
        {withdrawal.status === 'rejected' && withdrawal.reason ? (
          <p className="mt-1 text-sm break-words text-red-300">Reason: {withdrawal.reason}</p>
        ) : null}
      </div>
      <StatusBadge status={withdrawal.status} />
    </li>
  );
}

/**
 * My withdrawals, newest first, with 'Load more'. A failed read is only logged: the history then
 * shows as empty.
 */
export function PayoutHistory() {
  const history = useWithdrawals();
  const withdrawals = loadedItems(history.data, (page) => page.items);

  useEffect(() => {
    if (history.error && !history.isFetchNextPageError) console.error('Failed to read the payout history', history.error);
  }, [history.error, history.isFetchNextPageError]);

  let content;
  if (history.isPending) {
    content = (
      <div className="flex justify-center py-10">
        <Spinner label="Loading payout history…" />
      </div>
    );
  } else if (withdrawals.length === 0) {
    content = <p className="px-5 py-8 text-center text-sm text-zinc-400">{payoutMessages.noHistory}</p>;
  } else {
    content = (
      <>
        <ul aria-label="Withdrawals" className="divide-y divide-line">
          {withdrawals.map((withdrawal) => (
            <WithdrawalRow key={withdrawal.id} withdrawal={withdrawal} />
          ))}
        </ul>
        <div className="pb-4">
          <LoadMoreButton list={history} />
        </div>
      </>
    );
  }

  return (
    <section aria-labelledby="payout-history-heading" className="space-y-4">
      <h2 id="payout-history-heading" className="text-xl font-bold text-white">
        Payout History
      </h2>
      <div className="rounded-3xl border border-line bg-surface">{content}</div>
    </section>
  );
}
