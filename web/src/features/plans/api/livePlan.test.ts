import { describe, expect, it } from 'vitest';
import { planOfEvent } from './livePlan';

describe('planOfEvent', () => {
  it("reads the plan of a plan_changed event's data", () => {
    expect(planOfEvent('{"plan":"premium"}')).toBe('premium');
    expect(planOfEvent('{"plan":"free"}')).toBe('free');
  });

  it('reads no plan from data that is not JSON or names no known plan', () => {
    expect(planOfEvent('premium')).toBeNull();
    expect(planOfEvent('{"plan":"gold"}')).toBeNull();
    expect(planOfEvent('{"plan":3}')).toBeNull();
    expect(planOfEvent('null')).toBeNull();
  });
});
