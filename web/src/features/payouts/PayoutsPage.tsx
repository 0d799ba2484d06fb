import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Spinner } from '@/components/ui/Spinner';
import { queryKeys } from '@/lib/queryKeys';
import { useBalance, type Balance } from './api/payouts';
import { BalancePanel } from './components/BalancePanel';
import { EarningsSection } from './components/EarningsSection';
import { PayoutHistory } from './components/PayoutHistory';
import { defaultMinimumEur, payoutMessages } from './withdrawal';

/** What the page shows when the balance could not be read: nothing to withdraw. */
const noBalance: Balance = { balance_units: 0, balance_eur: '0.00', minimum_eur: defaultMinimumEur, total_plays: 0 };

/** /payouts: my balance and plays, the withdrawal form, my payout history and my earnings at a glance. */
export function PayoutsPage() {
  const queryClient = useQueryClient();
  const balance = useBalance();
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    if (balance.error) console.error('Failed to read the balance', balance.error);
  }, [balance.error]);

  const withdrawn = () => {
    setNotice(payoutMessages.succeeded);
    // The whole balance (to the cent) was withdrawn: it shows 0 at once, then as the server has it.
    queryClient.setQueryData<Balance>(queryKeys.me.balance(), (current) =>
      current ? { ...current, balance_units: current.balance_units % 100, balance_eur: '0.00' } : current,
    );
    void queryClient.invalidateQueries({ queryKey: queryKeys.me.balance() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.me.withdrawals() });
  };

  return (
    <div className="mx-auto max-w-5xl space-y-10">
      <title>My Payouts · Backbeat</title>
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight text-white sm:text-4xl">My Payouts</h1>
        <p className="mt-2 text-zinc-400">
          Every counted play of your music earns 2.10 EUR per 1,000 plays, all of it yours: no platform fee.
        </p>
      </header>
      {balance.isPending ? (
        <div className="flex justify-center rounded-3xl border border-line bg-surface py-20">
          <Spinner label="Loading balance…" />
        </div>
      ) : (
        <BalancePanel balance={balance.data ?? noBalance} notice={notice} onWithdrawn={withdrawn} />
      )}
      <PayoutHistory />
      <EarningsSection />
    </div>
  );
}
