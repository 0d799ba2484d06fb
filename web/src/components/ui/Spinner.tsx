interface SpinnerProps {
  label: string;
}

export function Spinner({ label }: SpinnerProps) {
  return (
    <span role="status" className="inline-flex items-center gap-3 text-sm text-zinc-400">
      <span
        aria-hidden="true"
        className="size-5 animate-spin rounded-full border-2 border-white/15 border-t-brand-fuchsia"
      />
      {label}
    </span>
  );
}
