import { describe, expect, it } from 'vitest';
import { formatPlanPrice, formatUploadLimit } from './planFormat';

describe('formatPlanPrice', () => {
  it('writes a free plan as $0', () => {
    expect(formatPlanPrice(0, 'USD')).toBe('$0');
  });

  it('keeps the cents of a paid plan', () => {
    expect(formatPlanPrice(499, 'USD')).toBe('$4.99');
    expect(formatPlanPrice(999, 'USD')).toBe('$9.99');
  });
});

describe('formatUploadLimit', () => {
  it('writes a monthly limit', () => {
    expect(formatUploadLimit(50)).toBe('50 per month');
  });

  it('writes a missing limit as unlimited', () => {
    expect(formatUploadLimit(null)).toBe('Unlimited');
    expect(formatUploadLimit(undefined)).toBe('Unlimited');
  });
});
