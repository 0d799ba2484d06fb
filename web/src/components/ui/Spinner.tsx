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

export function Spinner({ label }: SpinnerProps) {
  return (
    <span role="status" className="inline-flex items-center gap-3 text-sm text-zinc-400">
      <SpinnerMark />
      {label}
    </span>
  );
}
