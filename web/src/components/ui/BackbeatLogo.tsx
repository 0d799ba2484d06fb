import { useId } from 'react';

interface BackbeatLogoProps {
  className?: string;
}

/** The Backbeat mark (four equaliser bars on the brand gradient) and wordmark. */
export function BackbeatLogo({ className = '' }: BackbeatLogoProps) {
  const gradientId = useId();
  return (
    <span className={`inline-flex items-center gap-2.5 ${className}`}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#8b5cf6" />
            <stop offset="1" stopColor="#d946ef" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
        <g fill="#fff">
          <rect x="7" y="13" width="3" height="6" rx="1.5" />
          <rect x="12" y="9" width="3" height="14" rx="1.5" />
          <rect x="17" y="6" width="3" height="20" rx="1.5" />
          <rect x="22" y="11" width="3" height="10" rx="1.5" />
        </g>
      </svg>
      <span className="text-lg font-bold tracking-tight text-white">Backbeat</span>
    </span>
  );
}
