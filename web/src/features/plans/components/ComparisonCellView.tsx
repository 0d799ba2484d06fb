import type { ComparisonCell } from '../comparisonRows';

export function ComparisonCellView({ cell }: { cell: ComparisonCell }) {
  if (typeof cell === 'string') return <>{cell}</>;
  return cell ? (
    <span className="inline-flex items-center gap-1.5 text-emerald-300">
      <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden="true">
        <path
          fillRule="evenodd"
          d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.58l7.3-7.3a1 1 0 0 1 1.4 0Z"
          clipRule="evenodd"
        />
      </svg>
      <span className="sr-only">Yes</span>
    </span>
  ) : (
    <span className="inline-flex items-center gap-1.5 text-zinc-500">
      <svg viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path strokeLinecap="round" d="M6 6l8 8M14 6l-8 8" />
      </svg>
      <span className="sr-only">No</span>
    </span>
  );
}
