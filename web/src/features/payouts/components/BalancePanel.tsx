import { FormNotice } from '@/components/ui/FormNotice';
import type { Balance } from '../api/payouts';
import { canWithdraw, payoutMessages } from '../withdrawal';
import { WithdrawalForm } from './WithdrawalForm';

interface BalancePanelProps {
  balance: Balance;
  /** What the last withdrawal request achieved, kept while the form gives way to the new balance. */
  notice: string | null;
  onWithdrawn: () => void;
}

const plays = new Intl.NumberFormat('en-US');

/** The balance, the minimum, my tracks' plays, and the way to withdraw (or why not yet). */
export function BalancePanel({ balance, notice, onWithdrawn }: BalancePanelProps) {
  const minimum = balance.minimum_eur;
  return (
    <section aria-labelledby="balance-heading" className="space-y-6 rounded-3xl border border-line bg-surface p-5 sm:p-8">
      <div className="flex flex-wrap items-end justify-between gap-6">
        <div>
          <h2 id="balance-heading" className="text-sm font-semibold tracking-widest text-brand-soft uppercase">
            Available balance
          </h2>
          <p className="mt-2 text-4xl font-extrabold tracking-tight text-white sm:text-5xl">{balance.balance_eur} EUR</p>
          <p className="mt-2 text-sm text-zinc-400">{payoutMessages.minimumNote(minimum)}</p>
        </div>
        <div className="text-left sm:text-right">
          <p className="text-sm text-zinc-400">Total plays</p>
          <p className="mt-1 text-2xl font-bold text-white">{plays.format(balance.total_plays)}</p>
        </div>
      </div>

      <FormNotice message={notice} />

      {canWithdraw(balance.balance_eur, minimum) ? (
        <WithdrawalForm balanceEur={balance.balance_eur} minimumEur={minimum} onWithdrawn={onWithdrawn} />
      ) : (
        <p className="rounded-xl border border-yellow-400/30 bg-yellow-500/10 px-4 py-3 text-sm text-yellow-100">
          {payoutMessages.insufficientBalance(minimum)}
        </p>
      )}
    </section>
  );
}
