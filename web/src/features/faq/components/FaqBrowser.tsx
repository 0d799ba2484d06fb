import { useState } from 'react';
import { faqFilters, type FaqFilter, type FaqItem } from '../faqItems';
import { FaqCategoryFilter } from './FaqCategoryFilter';
import { FaqQuestion } from './FaqQuestion';

interface FaqBrowserProps {
  items: readonly FaqItem[];
}

/** Category filter plus an accordion in which at most one answer is open. */
export function FaqBrowser({ items }: FaqBrowserProps) {
  const [filter, setFilter] = useState<FaqFilter>('all');
  const [openId, setOpenId] = useState<string | null>(null);

  const visibleItems = filter === 'all' ? items : items.filter((item) => item.category === filter);

  const selectFilter = (next: FaqFilter) => {
    setFilter(next);
    setOpenId(null);
  };

  const toggle = (id: string) => {
    setOpenId((current) => (current === id ? null : id));
  };

  return (
    <div>
      <FaqCategoryFilter filters={faqFilters} selected={filter} onSelect={selectFilter} />
      {visibleItems.length === 0 ? (
        <p className="mt-8 rounded-2xl border border-dashed border-white/15 p-8 text-center text-zinc-400">
          No questions found for this category.
        </p>
      ) : (
        <ul className="mt-8 space-y-3">
          {visibleItems.map((item) => (
            <FaqQuestion
              key={item.id}
              item={item}
              isOpen={item.id === openId}
              onToggle={() => {
                toggle(item.id);
              }}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
