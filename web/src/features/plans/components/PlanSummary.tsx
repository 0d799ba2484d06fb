import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '@/components/ui/LoadError';
import { Spinner } from '@/components/ui/Spinner';
import type { Plan } from '../api/plans';
import { PlanFeatureList } from './PlanFeatureList';

/** The plans' one definition, once loaded: a spinner meanwhile, and a retry when it failed. */
export function WithPlans({ plans, children }: { plans: UseQueryResult<Plan[]>; children: (plans: Plan[]) => ReactNode }) {
  if (plans.isPending) {
    return (
      <div className="mt-6">
        <Spinner label="Loading your plan…" />
      </div>
    );
  }
  if (plans.isError) {
    return (
      <div className="mt-6">
        <LoadError
          title="We couldn't load the plans."
          error={plans.error}
          onRetry={() => {
            void plans.refetch();
          }}
        />
      </div>
    );
  }
  return children(plans.data);
}

/** A plan the user now has: its name and features. */
export function PlanSummary({ plan }: { plan: Plan }) {
  return (
    <div className="mt-6 rounded-2xl border border-brand/40 bg-linear-to-b from-brand/15 to-surface p-6 text-left">
      <p className="text-sm font-semibold tracking-widest text-brand-soft uppercase">Your plan</p>
      <h2 className="mt-1 text-2xl font-bold text-white">{plan.name}</h2>
      <div className="mt-4">
        <PlanFeatureList features={plan.features} label={`${plan.name} features`} />
      </div>
    </div>
  );
}
