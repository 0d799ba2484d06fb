import { describe, expect, it } from 'vitest';
import { planName } from './planName';

describe('planName', () => {
  it('names each plan, and a missing or unknown one Free', () => {
    expect(planName('basic')).toBe('Basic');
    expect(planName('premium')).toBe('Premium');
    expect(planName('free')).toBe('Free');
    expect(planName(undefined)).toBe('Free');
    expect(planName('platinum')).toBe('Free');
  });
});
