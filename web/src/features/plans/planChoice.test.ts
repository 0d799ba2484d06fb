import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { isInvalidPromoCode, isUnconfirmedPlanChange, offersPromoCode, planActionFor } from './planChoice';

const free = { id: 'free', name: 'Free' } as const;
const basic = { id: 'basic', name: 'Basic' } as const;
const premium = { id: 'premium', name: 'Premium' } as const;

describe('planActionFor', () => {
  it('offers a free user both upgrades', () => {
    expect([free, basic, premium].map((plan) => planActionFor('free', plan).label)).toEqual([
      'Current Plan',
      'Upgrade to Basic',
      'Upgrade to Premium',
    ]);
  });

  it('checks a free user out to either paid plan', () => {
    expect(planActionFor('free', premium).kind).toBe('checkout');
    expect(planActionFor('free', basic).kind).toBe('checkout');
  });

  it('offers a basic user the downgrade and the upgrade, a change of their subscription', () => {
    expect([free, basic, premium].map((plan) => planActionFor('basic', plan))).toEqual([
      { kind: 'downgrade', label: 'Downgrade to Free' },
      { kind: 'current', label: 'Current Plan' },
      { kind: 'change', label: 'Upgrade to Premium' },
    ]);
  });

  it('offers a premium user the downgrade and a switch to Basic, a change of their subscription', () => {
    expect([free, basic, premium].map((plan) => planActionFor('premium', plan))).toEqual([
      { kind: 'downgrade', label: 'Downgrade to Free' },
      { kind: 'change', label: 'Switch to Basic' },
      { kind: 'current', label: 'Current Plan' },
    ]);
  });
});

describe('offersPromoCode', () => {
  it('is for free and basic users only', () => {
    expect(offersPromoCode('free')).toBe(true);
    expect(offersPromoCode('basic')).toBe(true);
    expect(offersPromoCode('premium')).toBe(false);
  });
});

describe('isInvalidPromoCode', () => {
  it("recognises the server's invalid_coupon refusal, and any message saying 'Invalid coupon'", () => {
    expect(isInvalidPromoCode(new ApiError('No such promotion code.', 400, 'invalid_coupon'))).toBe(true);
    expect(isInvalidPromoCode(new Error('Invalid coupon: SPRING'))).toBe(true);
  });

  it('leaves every other failure to the generic alert', () => {
    expect(isInvalidPromoCode(new ApiError('The payment provider failed.', 502, 'payment_provider'))).toBe(false);
    expect(isInvalidPromoCode(new TypeError('Failed to fetch'))).toBe(false);
    expect(isInvalidPromoCode('Invalid coupon')).toBe(false);
  });
});

describe('isUnconfirmedPlanChange', () => {
  it("recognises the server's refusal of a change between paid plans that was not confirmed", () => {
    expect(isUnconfirmedPlanChange(new ApiError('Confirm it.', 409, 'plan_change_unconfirmed'))).toBe(true);
    expect(isUnconfirmedPlanChange(new ApiError('You are already on the Basic plan.', 409, 'already_on_plan'))).toBe(false);
    expect(isUnconfirmedPlanChange(new Error('plan_change_unconfirmed'))).toBe(false);
  });
});
