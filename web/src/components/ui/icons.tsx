import type { ReactNode } from 'react';

interface IconProps {
  className?: string;
}

function StrokeIcon({ className = 'size-5', children }: IconProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={`shrink-0 ${className}`}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

function SolidIcon({ className = 'size-5', children }: IconProps & { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" className={`shrink-0 ${className}`} fill="currentColor" aria-hidden="true">
      {children}
    </svg>
  );
}

/** An outline that fills in when on (a liked heart, a featured star). */
function FillableIcon({ className = 'size-5', filled, children }: IconProps & { filled: boolean; children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={`shrink-0 ${className}`}
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

export function PlayIcon(props: IconProps) {
  return (
    <SolidIcon {...props}>
      <path d="M8 5.2v13.6a.8.8 0 0 0 1.2.7l10.6-6.8a.8.8 0 0 0 0-1.4L9.2 4.5A.8.8 0 0 0 8 5.2Z" />
    </SolidIcon>
  );
}

export function PauseIcon(props: IconProps) {
  return (
    <SolidIcon {...props}>
      <rect x="6" y="4.5" width="4" height="15" rx="1.2" />
      <rect x="14" y="4.5" width="4" height="15" rx="1.2" />
    </SolidIcon>
  );
}

export function NextIcon(props: IconProps) {
  return (
    <SolidIcon {...props}>
      <path d="M5 6.1v11.8a.8.8 0 0 0 1.2.7l8.9-5.9a.8.8 0 0 0 0-1.4L6.2 5.4A.8.8 0 0 0 5 6.1Z" />
      <rect x="16.5" y="5" width="2.5" height="14" rx="1" />
    </SolidIcon>
  );
}

export function PreviousIcon(props: IconProps) {
  return (
    <SolidIcon {...props}>
      <path d="M19 6.1v11.8a.8.8 0 0 1-1.2.7l-8.9-5.9a.8.8 0 0 1 0-1.4l8.9-5.9a.8.8 0 0 1 1.2.7Z" />
      <rect x="5" y="5" width="2.5" height="14" rx="1" />
    </SolidIcon>
  );
}

export function ShuffleIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M3.5 7h3.2c1.6 0 3 .8 3.9 2.1l2.8 5.8c.9 1.3 2.3 2.1 3.9 2.1h3.2M3.5 17h3.2c1.2 0 2.3-.5 3.1-1.3M14.2 8.3A4.6 4.6 0 0 1 17.3 7h3.2M18 4.5 20.5 7 18 9.5M18 14.5l2.5 2.5-2.5 2.5" />
    </StrokeIcon>
  );
}

export function RepeatIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M17 3.5 19.5 6 17 8.5M19.5 6H8a4 4 0 0 0-4 4v1M7 20.5 4.5 18 7 15.5M4.5 18H16a4 4 0 0 0 4-4v-1" />
    </StrokeIcon>
  );
}

export function VolumeIcon({ level, ...props }: IconProps & { level: 'muted' | 'low' | 'high' }) {
  return (
    <StrokeIcon {...props}>
      <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4v-5Z" />
      {level === 'muted' ? <path d="m16 9.5 5 5M21 9.5l-5 5" /> : <path d="M15.5 9.5a3.5 3.5 0 0 1 0 5" />}
      {level === 'high' ? <path d="M18 7a7 7 0 0 1 0 10" /> : null}
    </StrokeIcon>
  );
}

export function QueueIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M4 6h12M4 11h12M4 16h7M17.5 13.5v6M17.5 19.5a2 2 0 1 1-2-2h2" />
    </StrokeIcon>
  );
}

export function ChevronUpIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="m6 15 6-6 6 6" />
    </StrokeIcon>
  );
}

export function ChevronDownIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="m6 9 6 6 6-6" />
    </StrokeIcon>
  );
}

export function ChevronRightIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="m9 6 6 6-6 6" />
    </StrokeIcon>
  );
}

export function ExpandIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M14.5 4H20v5.5M9.5 20H4v-5.5M20 4l-6.5 6.5M4 20l6.5-6.5" />
    </StrokeIcon>
  );
}

export function MinimiseIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M5 19h14" />
    </StrokeIcon>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M6 6l12 12M18 6 6 18" />
    </StrokeIcon>
  );
}

export function HeartIcon({ filled = false, ...props }: IconProps & { filled?: boolean }) {
  return (
    <FillableIcon filled={filled} {...props}>
      <path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.1a4.3 4.3 0 0 1 7.5 2.7C19.5 15.4 12 20 12 20Z" />
    </FillableIcon>
  );
}

export function MoreIcon(props: IconProps) {
  return (
    <SolidIcon {...props}>
      <circle cx="5.5" cy="12" r="1.8" />
      <circle cx="12" cy="12" r="1.8" />
      <circle cx="18.5" cy="12" r="1.8" />
    </SolidIcon>
  );
}

/** The handle an item is dragged by (two columns of dots). */
export function GripIcon(props: IconProps) {
  return (
    <SolidIcon {...props}>
      <circle cx="9" cy="6" r="1.6" />
      <circle cx="15" cy="6" r="1.6" />
      <circle cx="9" cy="12" r="1.6" />
      <circle cx="15" cy="12" r="1.6" />
      <circle cx="9" cy="18" r="1.6" />
      <circle cx="15" cy="18" r="1.6" />
    </SolidIcon>
  );
}

export function PlusIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M12 5v14M5 12h14" />
    </StrokeIcon>
  );
}

export function ShareIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M12 15V4M12 4 8 8M12 4l4 4M5 13v5.5A1.5 1.5 0 0 0 6.5 20h11a1.5 1.5 0 0 0 1.5-1.5V13" />
    </StrokeIcon>
  );
}

/** The tick shown once something is done (a link copied). */
export function CheckIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="m5 12.5 4.5 4.5L19 7.5" />
    </StrokeIcon>
  );
}

export function DownloadIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M12 4.5v10M7.5 10.5 12 15l4.5-4.5M5 19.5h14" />
    </StrokeIcon>
  );
}

export function TrashIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M4.5 7h15M9.5 7V4.5h5V7M6.5 7l1 12.5h9l1-12.5M10 11v5M14 11v5" />
    </StrokeIcon>
  );
}

export function ArrowUpIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M12 19V5M6 11l6-6 6 6" />
    </StrokeIcon>
  );
}

export function ArrowDownIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M12 5v14M6 13l6 6 6-6" />
    </StrokeIcon>
  );
}

export function PencilIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M4.5 19.5 5.5 15 15.8 4.7a2 2 0 0 1 2.8 0l.7.7a2 2 0 0 1 0 2.8L9 18.5l-4.5 1ZM14 6.5l3.5 3.5" />
    </StrokeIcon>
  );
}

export function StarIcon({ filled = false, ...props }: IconProps & { filled?: boolean }) {
  return (
    <FillableIcon filled={filled} {...props}>
      <path d="m12 3.8 2.5 5.1 5.6.8-4 4 .9 5.6-5-2.6-5 2.6.9-5.6-4-4 5.6-.8L12 3.8Z" />
    </FillableIcon>
  );
}

export function MusicNoteIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M9 18V5.5l10-2V16M9 18a3 3 0 1 1-3-3 3 3 0 0 1 3 3Zm10-2a3 3 0 1 1-3-3 3 3 0 0 1 3 3Z" />
    </StrokeIcon>
  );
}

/** Waiting: something is on its way (a pending payout). */
export function ClockIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </StrokeIcon>
  );
}

/** Only its owner: a private playlist. */
export function LockIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <rect x="5" y="11" width="14" height="9.5" rx="2" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" />
    </StrokeIcon>
  );
}

/** Anyone signed in: a public playlist. */
export function GlobeIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M3.5 12h17M12 3.5c2.3 2.4 3.5 5.2 3.5 8.5s-1.2 6.1-3.5 8.5c-2.3-2.4-3.5-5.2-3.5-8.5s1.2-6.1 3.5-8.5Z" />
    </StrokeIcon>
  );
}
