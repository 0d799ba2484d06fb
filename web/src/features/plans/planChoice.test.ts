import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { isInvalidPromoCode, offersPromoCode, planActionFor } from './planChoice';

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

  it('offers a basic user the downgrade and the upgrade', () => {
    expect([free, basic, premium].map((plan) => planActionFor('basic', plan))).toEqual([
      { kind: 'downgrade', label: 'Downgrade to Free' },
      { kind: 'current', label: 'Current Plan' },
      { kind: 'checkout', label: 'Upgrade to Premium' },
    ]);
  });

  it('offers a premium user the downgrade and a switch to Basic', () => {
    expect([free, basic, premium].map((plan) => planActionFor('premium', plan).label)).toEqual([
      'Downgrade to Free',
      'Switch to Basic',
      'Current Plan',
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
