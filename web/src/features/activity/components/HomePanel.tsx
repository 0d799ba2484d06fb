import { useId, type ReactNode } from 'react';

/** A card of the dashboard with its heading. */
export function HomePanel({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col rounded-3xl border border-line bg-surface p-4 sm:p-5">
      <h2 id={headingId} className="text-xl font-bold text-white">
        {title}
      </h2>
      <div className="mt-3 flex-1">{children}</div>
    </section>
  );
}

export function PanelMessage({ children }: { children: ReactNode }) {
  return <p className="py-8 text-center text-sm text-zinc-400">{children}</p>;
}
