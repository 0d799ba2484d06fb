import type { ButtonHTMLAttributes, ReactNode } from 'react';

interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /** The accessible name, also shown as the tooltip. */
  label: string;
  children: ReactNode;
  /** Highlighted, e.g. shuffle when it is on. */
  active?: boolean;
}

/** A round button showing only an icon; its label is the accessible name and the tooltip. */
export function IconButton({ label, active = false, className = '', type = 'button', children, ...props }: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={`inline-flex size-10 shrink-0 items-center justify-center rounded-full transition hover:bg-white/10 disabled:cursor-not-allowed disabled:opacity-40 ${
        active ? 'text-brand-soft' : 'text-zinc-300 hover:text-white'
      } ${className}`}
      {...props}
    >
      {children}
    </button>
  );
}
