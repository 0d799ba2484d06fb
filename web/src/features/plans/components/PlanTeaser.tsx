import { LoadError } from '@/components/ui/LoadError';
import type { Plan } from '../api/plans';
import { usePlans } from '../api/plans';
import { formatPlanPrice } from '../planFormat';
import { PlanFeatureList } from './PlanFeatureList';

function PlanTeaserCard({ plan }: { plan: Plan }) {
  const isTopPlan = plan.id === 'premium';
  return (
    <li
      className={`flex flex-col rounded-3xl border p-6 ${
        isTopPlan ? 'border-brand/50 bg-linear-to-b from-brand/15 to-surface' : 'border-line bg-surface'
      }`}
    >
      <h3 className="text-lg font-bold text-white">{plan.name}</h3>
      <p className="mt-3 text-4xl font-extrabold tracking-tight text-white">
        {formatPlanPrice(plan.price_cents, plan.currency)}
        <span className="text-base font-medium text-zinc-500">/month</span>
      </p>
      <div className="mt-6">
        <PlanFeatureList features={plan.features} label={`${plan.name} features`} />
      </div>
    </li>
  );
}

function PlanTeaserSkeleton() {
  return (
    <ul aria-busy="true" aria-label="Loading plans" className="grid gap-5 md:grid-cols-3">
      {[0, 1, 2].map((slot) => (
        <li key={slot} className="h-64 animate-pulse rounded-3xl border border-line bg-surface" />
      ))}
    </ul>
  );
}

/** The three plans at a glance, as the server defines them. */
export function PlanTeaser() {
  const plans = usePlans();
  if (plans.isPending) return <PlanTeaserSkeleton />;
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
  return (
    <ul className="grid gap-5 md:grid-cols-3">
      {plans.data.map((plan) => (
        <PlanTeaserCard key={plan.id} plan={plan} />
      ))}
    </ul>
  );
}
