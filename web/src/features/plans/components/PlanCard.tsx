import { useId } from 'react';
import { Button } from '@/components/ui/Button';
import type { Plan } from '../api/plans';
import type { PlanAction } from '../planChoice';
import { formatPlanPrice } from '../planFormat';
import { PlanFeatureList } from './PlanFeatureList';

interface PlanCardProps {
  plan: Plan;
  action: PlanAction;
  /** 'Renews on …' or 'Ends on …' under the current paid plan; null when there is no date to tell (Free never renews). */
  periodNote: string | null;
  /** This card's checkout or downgrade is under way. */
  busy: boolean;
  /** Another card's is, or this action is not available now. */
  disabled: boolean;
  onChoose: () => void;
}

/** One plan on the subscription page: name, price, features and what choosing it does. */
export function PlanCard({ plan, action, periodNote, busy, disabled, onChoose }: PlanCardProps) {
  const headingId = useId();
  const isCurrent = action.kind === 'current';
  const isTopPlan = plan.id === 'premium';
  return (
    <article
      aria-labelledby={headingId}
      className={`flex flex-col rounded-3xl border p-6 ${
        isTopPlan ? 'border-brand/50 bg-linear-to-b from-brand/15 to-surface' : 'border-line bg-surface'
      } ${isCurrent ? 'ring-2 ring-brand-soft/60' : ''}`}
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={headingId} className="text-lg font-bold text-white">
          {plan.name}
        </h2>
        {isCurrent ? (
          <span className="rounded-full bg-brand/20 px-3 py-1 text-xs font-semibold text-brand-soft">Current Plan</span>
        ) : null}
      </div>
      <p className="mt-3 text-4xl font-extrabold tracking-tight text-white">
        {formatPlanPrice(plan.price_cents, plan.currency)}
        <span className="text-base font-medium text-zinc-500">/month</span>
      </p>
      {periodNote ? <p className="mt-2 text-sm text-zinc-400">{periodNote}</p> : null}
      <div className="mt-6 flex-1">
        <PlanFeatureList features={plan.features} label={`${plan.name} features`} />
      </div>
      <Button
        variant={action.kind === 'checkout' || action.kind === 'change' ? 'primary' : 'secondary'}
        className="mt-8 w-full"
        disabled={isCurrent || busy || disabled}
        aria-busy={busy || undefined}
        onClick={onChoose}
      >
        {busy ? 'Processing…' : action.label}
      </Button>
    </article>
  );
}
