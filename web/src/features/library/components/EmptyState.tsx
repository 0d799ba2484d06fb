import type { ReactNode } from 'react';

/** What a list says when it has nothing to show, with a way forward. */
export function EmptyState({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="rounded-3xl border border-dashed border-white/10 bg-surface/40 px-6 py-14 text-center">
      <p className="font-semibold text-white">{message}</p>
      {children ? <div className="mt-4 flex flex-wrap justify-center gap-3">{children}</div> : null}
    </div>
  );
}
