import type { UseQueryResult } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { LoadError } from '@/components/ui/LoadError';
import { Spinner, SpinnerMark } from '@/components/ui/Spinner';
import { usePlans, type Plan } from './api/plans';
import { PaymentOutcome } from './components/PaymentOutcome';
import { PlanFeatureList } from './components/PlanFeatureList';
import { attemptMessage, type PlanConfirmation } from './planConfirmation';
import { usePlanConfirmation } from './usePlanConfirmation';

function ProcessingNotice({ confirmation }: { confirmation: PlanConfirmation }) {
  const attempt = attemptMessage(confirmation);
  return (
    <div role="status" className="mt-6 rounded-2xl border border-line bg-white/[0.03] p-5 text-sm text-zinc-300">
      <span className="flex items-center justify-center gap-3">
        <SpinnerMark />
        We're processing your payment. Your new plan will be ready in a moment.
      </span>
      {attempt ? <span className="mt-2 block text-zinc-400">{attempt}</span> : null}
    </div>
  );
}

/** The plan bought: its name and features from the plans' one definition. */
function PurchasedPlan({ plans, planId }: { plans: UseQueryResult<Plan[]>; planId: string | null }) {
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
  const plan = plans.data.find((candidate) => candidate.id === planId);
  if (!plan) return <p className="mt-4 text-zinc-400">Thank you! Your plan will be updated shortly.</p>;
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

interface PaymentApprovedPageProps {
  /** A signed-in user's plan is read (and waited for); a signed-out visitor sees the plan the address names. */
  signedIn: boolean;
}

/**
 * /payment-approved, where the hosted checkout returns (`?plan=<id>`). The plan changes when the
 * payment provider's webhook arrives, so a signed-in user's plan is waited for before it is shown.
 */
export function PaymentApprovedPage({ signedIn }: PaymentApprovedPageProps) {
  const [searchParams] = useSearchParams();
  // Read from the start, so the plan is ready to show when the wait ends.
  const plans = usePlans();
  const confirmation = usePlanConfirmation(signedIn);
  const settled = !signedIn || confirmation.phase === 'settled';
  const paidPlan = confirmation.phase === 'settled' ? confirmation.paidPlan : null;
  const planId = paidPlan ?? searchParams.get('plan');

  return (
    <PaymentOutcome title="Payment Successful!" tone="success">
      {settled ? <PurchasedPlan plans={plans} planId={planId} /> : <ProcessingNotice confirmation={confirmation} />}
      <ButtonLink to="/home" className="mt-8">
        Go to Home
      </ButtonLink>
    </PaymentOutcome>
  );
}
