/** The tick beside a verified artist's name. */
export function VerifiedBadge({ className = 'size-6' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={`shrink-0 text-sky-400 ${className}`} role="img" aria-label="Verified artist">
      <title>Verified artist</title>
      <path
        fill="currentColor"
        d="M12 1.5l2.6 1.9 3.2-.1 1 3 2.6 1.9-1 3.1 1 3-2.6 1.9-1 3.1-3.2-.1L12 22.5l-2.6-1.9-3.2.1-1-3.1-2.6-1.9 1-3-1-3.1 2.6-1.9 1-3 3.2.1Z"
      />
      <path fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" d="m8 12.2 2.8 2.8L16.2 9.5" />
    </svg>
  );
}
