import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormError } from '@/components/ui/FormError';
import { FormNotice } from '@/components/ui/FormNotice';
import { LoadError } from '@/components/ui/LoadError';
import { Spinner } from '@/components/ui/Spinner';
import { TextField } from '@/components/ui/TextField';
import { queryKeys } from '@/lib/queryKeys';
import { usePlans, type Plan } from './api/plans';
import {
  cancelSubscription,
  createCheckoutSession,
  isPaidPlan,
  useSubscription,
  type PaidPlanId,
  type PlanId,
  type StartedCheckout,
  type Subscription,
} from './api/subscription';
import { PlanCard } from './components/PlanCard';
import { PlanChangeDialog } from './components/PlanChangeDialog';
import { leaveFor } from './leavePage';
import type { PlanChange } from './planChange';
import {
  formatPeriodEnd,
  isInvalidPromoCode,
  isUnconfirmedPlanChange,
  offersPromoCode,
  planActionFor,
  subscriptionMessages,
  type PlanAction,
} from './planChoice';

/**
 * 'Renews on …' or 'Ends on …' under a paid plan that is running; nothing on Free, whose
 * subscription (if any) was cancelled and renews never.
 */
function periodNoteOf(subscription: Subscription | null): string | null {
  if (!subscription?.current_period_end || subscription.plan === 'free') return null;
  const date = formatPeriodEnd(subscription.current_period_end);
  return subscription.cancel_at_period_end ? `Ends on ${date}` : `Renews on ${date}`;
}

interface PlanChooserProps {
  plans: readonly Plan[];
  /** Null when it could not be read: the page then shows the free plan's choices. */
  subscription: Subscription | null;
}

function PlanChooser({ plans, subscription }: PlanChooserProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const current: PlanId = subscription?.plan ?? 'free';
  const [promoCode, setPromoCode] = useState('');
  const [promoRefused, setPromoRefused] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busyPlan, setBusyPlan] = useState<PlanId | null>(null);
  const [changeAsked, setChangeAsked] = useState<PlanChange | null>(null);
  const showsPromoCode = offersPromoCode(current);

  const startOver = (plan: PlanId) => {
    setBusyPlan(plan);
    setFailure(null);
    setNotice(null);
    setPromoRefused(false);
  };

  const goOn = ({ kind, url }: StartedCheckout) => {
    // A change is made already: its page in the app says so. A checkout is paid at the provider's page.
    if (kind === 'plan_change') void navigate(url);
    else leaveFor(url);
  };

  /** A checkout from Free, or a change between paid plans the user confirmed (`confirmChange`). */
  const checkOut = async (plan: PaidPlanId, confirmChange: boolean) => {
    startOver(plan);
    try {
      const code = showsPromoCode ? promoCode.trim() : '';
      // The page stays busy while the browser leaves for the next page.
      goOn(await createCheckoutSession(plan, code === '' ? null : code, confirmChange));
    } catch (error) {
      if (isInvalidPromoCode(error)) setPromoRefused(true);
      else if (isUnconfirmedPlanChange(error)) {
        setFailure(subscriptionMessages.planChangedMeanwhile);
        void queryClient.invalidateQueries({ queryKey: queryKeys.me.subscription() });
      } else {
        console.error('The checkout could not be started', error);
        setFailure(subscriptionMessages.checkoutFailed);
      }
      setBusyPlan(null);
    }
  };

  const askChange = (to: Plan) => {
    const from = plans.find((plan) => plan.id === current);
    if (from) setChangeAsked({ from, to });
  };

  const downgrade = async () => {
    if (!window.confirm(subscriptionMessages.downgradeQuestion)) return;
    startOver('free');
    try {
      await cancelSubscription();
      setNotice(subscriptionMessages.downgradeRequested);
      void queryClient.invalidateQueries({ queryKey: queryKeys.me.subscription() });
    } catch (error) {
      console.error('The subscription could not be cancelled', error);
      setFailure(subscriptionMessages.downgradeFailed);
    } finally {
      setBusyPlan(null);
    }
  };

  const choose = (plan: Plan, action: PlanAction) => {
    if (action.kind === 'downgrade') void downgrade();
    else if (action.kind === 'change') askChange(plan);
    else if (action.kind === 'checkout' && isPaidPlan(plan.id)) void checkOut(plan.id, false);
  };

  return (
    <div className="space-y-6">
      {subscription?.payment_failed ? (
        <p className="rounded-xl border border-amber-400/30 bg-amber-500/10 px-4 py-3 text-sm text-amber-100">
          Your last payment failed. Please check your card details, or choose a plan again to keep your subscription.
        </p>
      ) : null}
      <FormError message={failure} />
      <FormNotice message={notice} />
      {showsPromoCode ? (
        <TextField
          label="Promo code"
          className="max-w-sm"
          autoComplete="off"
          spellCheck={false}
          hint="Have a code? Enter it before you upgrade."
          value={promoCode}
          error={promoRefused ? subscriptionMessages.invalidPromoCode : null}
          onChange={(event) => {
            setPromoCode(event.target.value);
            setPromoRefused(false);
          }}
        />
      ) : null}
      <div className="grid gap-5 md:grid-cols-3">
        {plans.map((plan) => {
          const action = planActionFor(current, plan);
          return (
            <PlanCard
              key={plan.id}
              plan={plan}
              action={action}
              periodNote={action.kind === 'current' ? periodNoteOf(subscription) : null}
              busy={busyPlan === plan.id}
              // A cancellation already requested ends the plan with its period: there is nothing more to ask.
              disabled={
                (busyPlan !== null && busyPlan !== plan.id) ||
                (action.kind === 'downgrade' && subscription?.cancel_at_period_end === true)
              }
              onChoose={() => {
                choose(plan, action);
              }}
            />
          );
        })}
      </div>
      {changeAsked ? (
        <PlanChangeDialog
          change={changeAsked}
          onCancel={() => {
            setChangeAsked(null);
          }}
          onConfirm={() => {
            setChangeAsked(null);
            if (isPaidPlan(changeAsked.to.id)) void checkOut(changeAsked.to.id, true);
          }}
        />
      ) : null}
    </div>
  );
}

/** /subscription: the three plans, the current one marked, and the way to change plan. */
export function SubscriptionPage() {
  const plans = usePlans();
  const subscription = useSubscription();

  useEffect(() => {
    if (subscription.error) console.error('Failed to read the plan', subscription.error);
  }, [subscription.error]);

  let content;
  if (plans.isPending || subscription.isPending) {
    content = (
      <div className="flex justify-center rounded-3xl border border-line bg-surface py-20">
        <Spinner label="Loading plans…" />
      </div>
    );
  } else if (plans.isError) {
    content = (
      <LoadError
        title="We couldn't load the plans."
        error={plans.error}
        onRetry={() => {
          void plans.refetch();
        }}
      />
    );
  } else {
    content = <PlanChooser plans={plans.data} subscription={subscription.data ?? null} />;
  }

  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <title>Subscription · Backbeat</title>
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight text-white sm:text-4xl">Choose Your Plan</h1>
        <p className="mt-2 text-zinc-400">
          Go ad-free, stream in higher quality and upload more every month. Change or cancel at any time.
        </p>
      </header>
      {content}
    </div>
  );
}
