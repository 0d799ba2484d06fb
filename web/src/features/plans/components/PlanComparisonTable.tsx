import type { Plan } from '../api/plans';
import { comparisonRows, competitor } from '../comparisonRows';
import { formatPlanPrice } from '../planFormat';
import { ComparisonCellView } from './ComparisonCellView';

interface PlanComparisonTableProps {
  plans: readonly Plan[];
}

const stickyFeatureCell = 'sticky left-0 z-10 bg-surface';

export function PlanComparisonTable({ plans }: PlanComparisonTableProps) {
  return (
    <div>
      <p className="mb-3 text-sm text-zinc-500 md:hidden" aria-hidden="true">
        Swipe sideways to see every plan.
      </p>
      <div className="relative overflow-x-auto rounded-3xl border border-line bg-surface">
        <table className="w-full min-w-[46rem] table-fixed border-collapse text-left text-sm">
          <caption className="sr-only">Backbeat plans compared with a typical streaming service</caption>
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className={`${stickyFeatureCell} w-44 px-5 py-6 align-bottom text-xs font-semibold tracking-widest text-zinc-500 uppercase`}>
                Feature
              </th>
              {plans.map((plan) => (
                <th key={plan.id} scope="col" className="px-5 py-6 align-bottom">
                  <span className="block text-base font-bold text-white">{plan.name}</span>
                  <span className="mt-1 block text-2xl font-extrabold text-white">
                    {formatPlanPrice(plan.price_cents, plan.currency)}
                    <span className="text-sm font-medium text-zinc-500">/month</span>
                  </span>
                </th>
              ))}
              <th scope="col" className="bg-white/[0.02] px-5 py-6 align-bottom">
                <span className="block text-base font-bold text-zinc-300">{competitor.name}</span>
                <span className="mt-1 block text-2xl font-extrabold text-zinc-300">
                  {competitor.monthlyPrice}
                  <span className="text-sm font-medium text-zinc-500">/month</span>
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {comparisonRows.map((row) => (
              <tr key={row.feature} className="border-b border-line last:border-b-0">
                <th scope="row" className={`${stickyFeatureCell} px-5 py-4 font-medium text-zinc-300`}>
                  {row.feature}
                </th>
                {plans.map((plan) => (
                  <td key={plan.id} className="px-5 py-4 text-zinc-100">
                    <ComparisonCellView cell={row.backbeat(plan)} />
                  </td>
                ))}
                <td className="bg-white/[0.02] px-5 py-4 text-zinc-400">
                  <ComparisonCellView cell={row.competitor} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
