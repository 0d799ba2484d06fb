import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface Tab<Id extends string> {
  id: Id;
  label: string;
  panel: ReactNode;
}

interface TabsProps<Id extends string> {
  label: string;
  tabs: readonly Tab<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
}

/** Tabs as assistive technology expects them: arrow keys, Home and End move between them. */
export function Tabs<Id extends string>({ label, tabs, selected, onSelect }: TabsProps<Id>) {
  const baseId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const current = tabs.find((tab) => tab.id === selected) ?? tabs[0];

  const moveFocus = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const target = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[
      event.key
    ];
    const tab = target === undefined ? undefined : tabs[target];
    if (target === undefined || !tab) return;
    event.preventDefault();
    onSelect(tab.id);
    buttons.current[target]?.focus();
  };

  return (
    <div>
      <div role="tablist" aria-label={label} className="flex gap-1 overflow-x-auto border-b border-line">
        {tabs.map((tab, index) => {
          const isSelected = tab.id === current?.id;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel-${tab.id}`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => {
                onSelect(tab.id);
              }}
              onKeyDown={(event) => {
                moveFocus(event, index);
              }}
              className={`-mb-px shrink-0 border-b-2 px-4 py-3 text-sm font-semibold whitespace-nowrap transition ${
                isSelected ? 'border-brand-fuchsia text-white' : 'border-transparent text-zinc-400 hover:text-white'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {current ? (
        <div
          role="tabpanel"
          id={`${baseId}-panel-${current.id}`}
          aria-labelledby={`${baseId}-tab-${current.id}`}
          className="pt-5"
        >
          {current.panel}
        </div>
      ) : null}
    </div>
  );
}
