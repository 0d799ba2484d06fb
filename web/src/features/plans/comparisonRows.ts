import type { Plan } from './api/plans';
import { formatPlanPrice, formatUploadLimit } from './planFormat';

/** A cell is text, or yes/no drawn as a tick or a cross. */
export type ComparisonCell = string | boolean;

export interface ComparisonRow {
  feature: string;
  backbeat: (plan: Plan) => ComparisonCell;
  competitor: ComparisonCell;
}

export const competitor = {
  name: 'Typical streaming service',
  monthlyPrice: '$10.99',
} as const;

const artistEarnings = '2.10 EUR per 1,000 plays, 100% to the artist';

export const comparisonRows: readonly ComparisonRow[] = [
  {
    feature: 'Monthly price',
    backbeat: (plan) => formatPlanPrice(plan.price_cents, plan.currency),
    competitor: competitor.monthlyPrice,
  },
  {
    feature: 'Uploads per month',
    backbeat: (plan) => formatUploadLimit(plan.upload_limit),
    competitor: 'Only through a distributor',
  },
  {
    feature: 'Audio quality',
    backbeat: (plan) => plan.stream_quality_label,
    competitor: 'High (up to 320 kbps)',
  },
  {
    feature: 'Ads',
    backbeat: (plan) => (plan.ads ? 'With ads' : 'Ad-free'),
    competitor: 'Ad-free',
  },
  {
    feature: 'Playlists',
    backbeat: () => 'Unlimited',
    competitor: 'Unlimited',
  },
  {
    feature: 'Offline listening',
    backbeat: (plan) => plan.offline,
    competitor: 'Unlimited',
  },
  {
    feature: 'Priority support',
    backbeat: (plan) => plan.priority_support,
    competitor: false,
  },
  {
    feature: 'Web and mobile',
    backbeat: () => true,
    competitor: true,
  },
  {
    feature: 'Artist earnings',
    backbeat: () => artistEarnings,
    competitor: 'Varies, shared with labels and distributors',
  },
];
