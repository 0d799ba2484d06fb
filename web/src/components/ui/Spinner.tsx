import { useOnline } from '@/lib/online';

interface SpinnerProps {
  label: string;
}

/** The turning ring, without a label: for a status that says more than one line. */
export function SpinnerMark({ className = 'size-5' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`${className} shrink-0 animate-spin rounded-full border-2 border-white/15 border-t-brand-fuchsia`}
    />
  );
}

/**
 * Something loading, or, while the browser is offline, that it waits for the network: queries
 * pause offline and go out when it returns, so no page spins with nothing on its way.
 */
export function Spinner({ label }: SpinnerProps) {
  const online = useOnline();
  if (!online) {
    return (
      <span role="status" className="inline-flex items-center gap-3 text-sm text-zinc-400">
        You&apos;re offline. This will load when you&apos;re back online.
      </span>
    );
  }
  return (
    <span role="status" className="inline-flex items-center gap-3 text-sm text-zinc-400">
      <SpinnerMark />
      {label}
    </span>
  );
}
