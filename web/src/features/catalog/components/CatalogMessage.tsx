import type { ReactNode } from 'react';

interface CatalogMessageProps {
  title: string;
  children?: ReactNode;
  /** A way on: Go Back, Explore, ... */
  action?: ReactNode;
}

/** A page or list with nothing to show: 'Track Not Found', 'No tracks found', ... */
export function CatalogMessage({ title, children, action }: CatalogMessageProps) {
  return (
    <div className="rounded-3xl border border-line bg-surface px-6 py-14 text-center">
      <p className="text-lg font-semibold text-white">{title}</p>
      {children ? <div className="mx-auto mt-2 max-w-md text-sm text-zinc-400">{children}</div> : null}
      {action ? <div className="mt-6 flex justify-center">{action}</div> : null}
    </div>
  );
}
