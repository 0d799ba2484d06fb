import { describe, expect, it } from 'vitest';
import { dayLabel, earningsSeriesOf, earningsSummaryOf, euroTickLabels } from './earningsChart';

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

describe('euroTickLabels', () => {
  it('says amounts of a cent or more with two decimals', () => {
    expect(euroTickLabels([0, 1, 2, 3, 4])).toEqual(['0.00 €', '1.00 €', '2.00 €', '3.00 €', '4.00 €']);
    expect(euroTickLabels([0, 0.05, 0.1, 0.15])).toEqual(['0.00 €', '0.05 €', '0.10 €', '0.15 €']);
  });

  it('gives small amounts the decimals that tell the ticks apart', () => {
    const labels = euroTickLabels([0, 0.0005, 0.001, 0.0015, 0.002]);
    expect(labels).toEqual(['0.0000 €', '0.0005 €', '0.0010 €', '0.0015 €', '0.0020 €']);
    expect(new Set(euroTickLabels([0, 0.002, 0.004, 0.006])).size).toBe(4);
    expect(euroTickLabels([0, 0.005, 0.01])).toEqual(['0.000 €', '0.005 €', '0.010 €']);
  });

  it('labels a lone tick with two decimals', () => {
    expect(euroTickLabels([0])).toEqual(['0.00 €']);
  });
});
