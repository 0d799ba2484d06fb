import type { ReactNode } from 'react';

/** A profile that cannot be shown, e.g. 'Profile not found.' */
export function ProfileMessage({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rounded-3xl border border-line bg-surface px-6 py-16 text-center">
      <p className="text-lg font-semibold text-white">{children}</p>
    </div>
  );
}
