import { Link } from 'react-router';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { LoadError } from '@/components/ui/LoadError';
import { PageIntro } from '@/components/ui/PageIntro';
import { Spinner } from '@/components/ui/Spinner';
import { useSignedIn } from '@/lib/viewer';
import { usePlans } from './api/plans';
import { PlanComparisonTable } from './components/PlanComparisonTable';

function PlanComparison() {
  const plans = usePlans();
  if (plans.isPending) {
    return (
      <div className="flex justify-center rounded-3xl border border-line bg-surface py-20">
        <Spinner label="Loading plans…" />
      </div>
    );
  }
  if (plans.isError) {
    return (
      <LoadError
        title="We couldn't load the plans."
        error={plans.error}
        onRetry={() => {
          void plans.refetch();
        }}
      />
    );
  }
  return <PlanComparisonTable plans={plans.data} />;
}

export function PlanComparisonPage() {
  const signedIn = useSignedIn();
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <title>Compare plans · Backbeat</title>
      <Link
        to="/"
        className="inline-flex items-center gap-2 text-sm font-medium text-zinc-400 transition hover:text-white"
      >
        <span aria-hidden="true">←</span> Back to Landing
      </Link>
      <div className="mt-8">
        <PageIntro eyebrow="Plans" title="Compare plans">
          <p>
            Free, Basic and Premium side by side, next to a typical streaming service. On every Backbeat plan,
            artists earn 2.10 EUR per 1,000 plays and keep 100% of it.
          </p>
        </PageIntro>
      </div>
      <div className="mt-10">
        <PlanComparison />
      </div>
      <p className="mt-4 text-sm text-zinc-500">Prices are per month. Cancel a paid plan at any time.</p>
      <div className="mt-12 flex flex-col items-start gap-4 rounded-3xl border border-line bg-surface p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8">
        {signedIn ? (
          <>
            <div>
              <h2 className="text-xl font-bold text-white">Change your plan whenever you like</h2>
              <p className="mt-1 text-zinc-400">Upgrade, switch or cancel from your subscription page.</p>
            </div>
            <ButtonLink to="/subscription">See your plan</ButtonLink>
          </>
        ) : (
          <>
            <div>
              <h2 className="text-xl font-bold text-white">Start on Free, upgrade when you need to</h2>
              <p className="mt-1 text-zinc-400">Sign up in a minute. No card needed for the Free plan.</p>
            </div>
            <ButtonLink to="/signup">Sign Up Free</ButtonLink>
          </>
        )}
      </div>
    </div>
  );
}
