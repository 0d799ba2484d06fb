import { describe, expect, it } from 'vitest';
import { formatCalendarDate } from './dates';

describe('formatCalendarDate', () => {
  it('spells out an ISO calendar date', () => {
    expect(formatCalendarDate('2026-11-22')).toBe('November 22, 2026');
  });

  it('keeps text that is not an ISO calendar date', () => {
    expect(formatCalendarDate('Spring 2026')).toBe('Spring 2026');
  });
});
