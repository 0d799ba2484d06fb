import { faqFilterLabels, type FaqFilter } from '../faqItems';

interface FaqCategoryFilterProps {
  filters: readonly FaqFilter[];
  selected: FaqFilter;
  onSelect: (filter: FaqFilter) => void;
}

export function FaqCategoryFilter({ filters, selected, onSelect }: FaqCategoryFilterProps) {
  return (
    <div role="group" aria-label="Filter questions by category" className="flex flex-wrap gap-2">
      {filters.map((filter) => {
        const isSelected = filter === selected;
        return (
          <button
            key={filter}
            type="button"
            aria-pressed={isSelected}
            onClick={() => {
              onSelect(filter);
            }}
            className={
              isSelected
                ? 'rounded-full bg-brand-gradient px-4 py-2 text-sm font-semibold text-white shadow-lg shadow-brand/20'
                : 'rounded-full border border-white/10 bg-white/5 px-4 py-2 text-sm font-medium text-zinc-300 transition hover:border-white/25 hover:text-white'
            }
          >
            {faqFilterLabels[filter]}
          </button>
        );
      })}
    </div>
  );
}
