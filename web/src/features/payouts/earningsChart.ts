import type { EarningsDay } from './api/payouts';
import { eurOfUnits } from './withdrawal';

/** What the earnings chart draws: one label, play count and amount in EUR per day, oldest first. */
export interface EarningsSeries {
  labels: string[];
  plays: number[];
  /** Only to draw: the amounts shown as text come from the server's strings. */
  euros: number[];
  /** The amounts as the tooltips say them, '0.42 EUR'. */
  eurLabels: string[];
}

/** A UTC calendar day (2026-11-25) as a short axis label, 'Nov 25'. */
export function dayLabel(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

export function earningsSeriesOf(days: readonly EarningsDay[]): EarningsSeries {
  return {
    labels: days.map((day) => dayLabel(day.day)),
    plays: days.map((day) => day.plays),
    euros: days.map((day) => day.earned_units / 10_000),
    eurLabels: days.map((day) => `${day.earned_eur} EUR`),
  };
}

/** The period's totals, said in words: what the chart shows, for a screen reader and at a glance. */
export function earningsSummaryOf(days: readonly EarningsDay[]): string {
  const plays = days.reduce((sum, day) => sum + day.plays, 0);
  const units = days.reduce((sum, day) => sum + day.earned_units, 0);
  const playsText = `${new Intl.NumberFormat('en-US').format(plays)} ${plays === 1 ? 'counted play' : 'counted plays'}`;
  const period = days.length === 1 ? 'Last day' : `Last ${days.length} days`;
  return `${period}: ${playsText}, ${eurOfUnits(units)} EUR earned`;
}

/**
 * The decimals an amount axis needs for ticks `step` EUR apart: two, or more (up to the ledger's
 * four) when the steps are smaller, so that no two ticks read the same ('0.0005 €', '0.0010 €').
 */
export function euroTickDecimals(step: number): number {
  if (!(step > 0)) return 2;
  return Math.min(4, Math.max(2, Math.ceil(-Math.log10(step) - 1e-9)));
}

/** The labels of an amount axis whose ticks are at `values` (EUR, ascending). */
export function euroTickLabels(values: readonly number[]): string[] {
  const steps = values.slice(1).map((value, index) => value - (values[index] ?? 0));
  const decimals = euroTickDecimals(steps.length > 0 ? Math.min(...steps) : 0);
  return values.map((value) => `${value.toFixed(decimals)} €`);
}
