import type { Plan } from './api/plans';
import { isHigherPlan } from './planChoice';
import { formatPlanPrice } from './planFormat';

/** A change between the two paid plans, Basic and Premium, as the plans' one definition describes them. */
export interface PlanChange {
  from: Plan;
  to: Plan;
}

export function isUpgrade({ from, to }: PlanChange): boolean {
  return isHigherPlan(to.id, from.id);
}

function monthly(plan: Plan): string {
  return `${formatPlanPrice(plan.price_cents, plan.currency)}/month`;
}

/** 'Switch to Basic?' or 'Upgrade to Premium?': the confirmation's title. */
export function changeQuestion(change: PlanChange): string {
  return `${isUpgrade(change) ? 'Upgrade' : 'Switch'} to ${change.to.name}?`;
}

/** 'Basic costs $4.99/month instead of $9.99/month.' */
export function changePrice({ from, to }: PlanChange): string {
  return `${to.name} costs ${monthly(to)} instead of ${monthly(from)}.`;
}

/** The features of the plan left that the new one does not list: what a downgrade loses. */
export function featuresLost({ from, to }: PlanChange): string[] {
  return from.features.filter((feature) => !to.features.includes(feature));
}

/** The features of the new plan the old one does not list: what an upgrade gains. */
export function featuresGained({ from, to }: PlanChange): string[] {
  return to.features.filter((feature) => !from.features.includes(feature));
}

/**
 * What is paid for the change, with the day of the next bill when known ('December 28, 2026'). The
 * payment provider changes the subscription at once and prorates the change on its next invoice
 * (Stripe's `create_prorations`): nothing is charged on the spot.
 */
export function changeBilling(change: PlanChange, nextBillOn: string | null = null): string {
  const { from, to } = change;
  const bill = nextBillOn === null ? 'Your next bill' : `Your next bill, on ${nextBillOn},`;
  const between = `the difference between ${from.name} and ${to.name} for the rest of this billing period`;
  const difference = isUpgrade(change) ? `${bill} adds ${between}` : `${bill} is reduced by ${between}`;
  return `Nothing is charged today. ${difference}; after that, ${to.name} costs ${monthly(to)}.`;
}
