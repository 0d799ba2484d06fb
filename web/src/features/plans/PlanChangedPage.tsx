import { Navigate, useSearchParams } from 'react-router';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { usePlans, type Plan } from './api/plans';
import { isPaidPlan, planIdOf, useSubscription, type PaidPlanId, type PlanId } from './api/subscription';
import { PaymentOutcome } from './components/PaymentOutcome';
import { PlanNotConfirmed } from './components/PlanNotConfirmed';
import { PlanSummary, WithPlans } from './components/PlanSummary';
import { PlanWaitNotice } from './components/PlanWaitNotice';
import { changeBilling } from './planChange';
import { formatPeriodEnd } from './planChoice';
import { planNameOf } from './planFormat';
import { usePlanConfirmation } from './usePlanConfirmation';

/** What the change costs, and when the next bill comes (once the subscription says). */
function ChangeBilling({ from, to, plans }: { from: PlanId | null; to: Plan; plans: Plan[] }) {
  const subscription = useSubscription();
  const left = plans.find((plan) => plan.id === from);
  if (!left || !isPaidPlan(left.id) || left.id === to.id) return null;
  const renewal = subscription.data?.current_period_end;
  return (
    <p className="mt-4 text-sm leading-relaxed text-zinc-400">
      {changeBilling({ from: left, to }, renewal ? formatPeriodEnd(renewal) : null)}
    </p>
  );
}

function PlanChangeOutcome({ to, from }: { to: PaidPlanId; from: PlanId | null }) {
  const plans = usePlans();
  const { confirmation, checkAgain } = usePlanConfirmation(true, to);
  const toName = planNameOf(plans.data, to);

  if (confirmation.phase !== 'settled') {
    return (
      <PaymentOutcome title={`Changing your plan to ${toName}`} tone="pending">
        <PlanWaitNotice message="The payment provider is changing your subscription. It takes a moment." confirmation={confirmation} />
      </PaymentOutcome>
    );
  }
  if (confirmation.plan === null) {
    return (
      <PlanNotConfirmed title="We couldn't read your plan" onCheckAgain={checkAgain}>
        <p>The change to {toName} may have gone through, but your plan could not be loaded just now.</p>
      </PlanNotConfirmed>
    );
  }
  if (!confirmation.arrived) {
    return (
      <PlanNotConfirmed title={`Your plan is still ${planNameOf(plans.data, confirmation.plan)}`} onCheckAgain={checkAgain}>
        <p>The payment provider hasn't confirmed the change to {toName} yet. If it goes through, this page shows it.</p>
      </PlanNotConfirmed>
    );
  }
  return (
    <PaymentOutcome title={`Your plan is now ${toName}`} tone="success">
      <WithPlans plans={plans}>
        {(loaded) => {
          const plan = loaded.find((candidate) => candidate.id === to);
          return plan ? (
            <>
              <PlanSummary plan={plan} />
              <ChangeBilling from={from} to={plan} plans={loaded} />
            </>
          ) : null;
        }}
      </WithPlans>
      <div className="mt-8 flex flex-col items-stretch gap-3 sm:flex-row sm:flex-wrap sm:justify-center">
        <ButtonLink to="/home">Go to Home</ButtonLink>
        <ButtonLink to="/subscription" variant="secondary">
          Back to Subscription Plans
        </ButtonLink>
      </div>
    </PaymentOutcome>
  );
}

/**
 * /subscription/changed?plan=<new>&from=<old>, where a confirmed change between paid plans lands
 * (nothing was paid: the provider prorates it on the next invoice). Waits for the provider's event
 * like /payment-approved, then says what happened: 'Your plan is now Basic', or the plan still read.
 */
export function PlanChangedPage() {
  const [searchParams] = useSearchParams();
  const to = planIdOf(searchParams.get('plan'));
  if (to === null || !isPaidPlan(to)) return <Navigate to="/subscription" replace />;
  return <PlanChangeOutcome to={to} from={planIdOf(searchParams.get('from'))} />;
}
