import type { UseQueryResult } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { usePlans, type Plan } from './api/plans';
import type { PlanId } from './api/subscription';
import { PaymentOutcome } from './components/PaymentOutcome';
import { PlanNotConfirmed } from './components/PlanNotConfirmed';
import { PlanSummary, WithPlans } from './components/PlanSummary';
import { PlanWaitNotice } from './components/PlanWaitNotice';
import { planNameOf } from './planFormat';
import { usePlanConfirmation } from './usePlanConfirmation';

const processing = "We're processing your payment. Your new plan will be ready in a moment.";

function HomeButton() {
  return (
    <ButtonLink to="/home" className="mt-8">
      Go to Home
    </ButtonLink>
  );
}

/** 'Payment Successful!' with the plan bought: its name and features from the plans' one definition. */
function PaidPlan({ plans, planId }: { plans: UseQueryResult<Plan[]>; planId: string | null }) {
  return (
    <PaymentOutcome title="Payment Successful!" tone="success">
      <WithPlans plans={plans}>
        {(loaded) => {
          const plan = loaded.find((candidate) => candidate.id === planId);
          // Only a signed-out visitor on an address that names no plan gets here without one.
          return plan ? (
            <PlanSummary plan={plan} />
          ) : (
            <p className="mt-4 text-zinc-400">Log in to see your new plan.</p>
          );
        }}
      </WithPlans>
      <HomeButton />
    </PaymentOutcome>
  );
}

/** The reads ran out with the plan still free (or unreadable): no success is claimed. */
function PaymentNotConfirmed({ plan, plans, onCheckAgain }: { plan: PlanId | null; plans: Plan[] | undefined; onCheckAgain: () => void }) {
  if (plan === null) {
    return (
      <PlanNotConfirmed title="We couldn't read your plan" onCheckAgain={onCheckAgain}>
        <p>Your payment may have gone through, but your plan could not be loaded just now.</p>
      </PlanNotConfirmed>
    );
  }
  return (
    <PlanNotConfirmed title={`Your plan is still ${planNameOf(plans, plan)}`} onCheckAgain={onCheckAgain}>
      <p>The payment provider hasn't confirmed your payment yet, so your plan hasn't changed.</p>
      <p>If you paid, your plan changes as soon as the confirmation arrives, and this page shows it. If you didn't finish paying, you can choose a plan again.</p>
    </PlanNotConfirmed>
  );
}

interface PaymentApprovedPageProps {
  /** A signed-in user's plan is read (and waited for); a signed-out visitor sees the plan the address names. */
  signedIn: boolean;
}

/**
 * /payment-approved, where the hosted checkout returns (`?plan=<id>`). The plan changes when the
 * payment provider's webhook arrives, so a signed-in user's plan is waited for (every attempt up
 * to 5/5 shown), then the plan read is shown: the paid plan, or honestly a plan still free.
 */
export function PaymentApprovedPage({ signedIn }: PaymentApprovedPageProps) {
  const [searchParams] = useSearchParams();
  // Read from the start, so the plan is ready to show when the wait ends.
  const plans = usePlans();
  const { confirmation, checkAgain } = usePlanConfirmation(signedIn, 'any-paid');

  if (!signedIn) return <PaidPlan plans={plans} planId={searchParams.get('plan')} />;
  if (confirmation.phase !== 'settled') {
    return (
      <PaymentOutcome title="Payment Successful!" tone="success">
        <PlanWaitNotice message={processing} confirmation={confirmation} />
        <HomeButton />
      </PaymentOutcome>
    );
  }
  if (confirmation.arrived) return <PaidPlan plans={plans} planId={confirmation.plan} />;
  return <PaymentNotConfirmed plan={confirmation.plan} plans={plans.data} onCheckAgain={checkAgain} />;
}
