import { describe, expect, it } from 'vitest';
import { dayLabel, earningsSeriesOf, earningsSummaryOf } from './earningsChart';

const days = [
  { day: '2026-10-27', plays: 0, earned_units: 0, earned_eur: '0.00' },
  { day: '2026-10-28', plays: 1, earned_units: 21, earned_eur: '0.00' },
  { day: '2026-11-25', plays: 2000, earned_units: 42_000, earned_eur: '4.20' },
];

describe('earningsSeriesOf', () => {
  it('draws one point per day, oldest first, labelled by its UTC day', () => {
    expect(earningsSeriesOf(days)).toEqual({
      labels: ['Oct 27', 'Oct 28', 'Nov 25'],
      plays: [0, 1, 2000],
      euros: [0, 0.0021, 4.2],
      eurLabels: ['0.00 EUR', '0.00 EUR', '4.20 EUR'],
    });
  });

  it('keeps a day it cannot read as it came', () => {
    expect(dayLabel('yesterday')).toBe('yesterday');
  });
});

describe('earningsSummaryOf', () => {
  it("adds up the period's plays and earnings, rounded down to cents", () => {
    expect(earningsSummaryOf(days)).toBe('Last 3 days: 2,001 counted plays, 4.20 EUR earned');
    expect(earningsSummaryOf(days.slice(1, 2))).toBe('Last day: 1 counted play, 0.00 EUR earned');
  });
});
