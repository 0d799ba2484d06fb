import { useOnline } from '@/lib/online';

/** Says the app is offline, while it is; renders nothing online. */
export function OfflineBanner({ className = '' }: { className?: string }) {
  const online = useOnline();
  if (online) return null;
  return (
    <p
      role="status"
      className={`rounded-xl border border-amber-300/25 bg-amber-400/10 px-4 py-3 text-sm text-amber-100 ${className}`}
    >
      You&apos;re offline. Downloaded music still plays.
    </p>
  );
}
