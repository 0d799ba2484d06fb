import { describe, expect, it } from 'vitest';
import { planLabel } from './planLabel';

describe('planLabel', () => {
  it('names each plan', () => {
    expect(planLabel('free')).toBe('Free Plan');
    expect(planLabel('basic')).toBe('Basic Plan');
    expect(planLabel('premium')).toBe('Premium Plan');
  });

  it('reads a missing or unknown plan as free', () => {
    expect(planLabel(undefined)).toBe('Free Plan');
    expect(planLabel(null)).toBe('Free Plan');
    expect(planLabel('platinum')).toBe('Free Plan');
  });
});
