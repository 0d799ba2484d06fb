import { useEffect, useId, useRef, useState, type ButtonHTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import { IconButton } from './IconButton';
import { MoreIcon } from './icons';

interface MenuProps {
  /** The trigger's accessible name, e.g. "More options for Feeling Good". */
  label: string;
  /** The trigger's icon; three dots by default. */
  icon?: ReactNode;
  /** The menu's items; `close` closes it and gives focus back to the trigger. */
  children: (close: () => void) => ReactNode;
}

function itemsOf(menu: HTMLElement): HTMLElement[] {
  return [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])')];
}

/**
 * A button that opens a list of actions, below the button or, in the lower half of the screen,
 * above it. Arrow keys move between the actions; Escape or a click outside closes the list.
 */
export function Menu({ label, icon = <MoreIcon />, children }: MenuProps) {
  const [open, setOpen] = useState(false);
  const [opensUp, setOpensUp] = useState(false);
  const menuId = useId();
  const triggerId = useId();
  const root = useRef<HTMLDivElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  const close = () => {
    setOpen(false);
    document.getElementById(triggerId)?.focus();
  };

  useEffect(() => {
    if (!open) return;
    if (menu.current && !menu.current.contains(document.activeElement)) itemsOf(menu.current)[0]?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
    };
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!menu.current) return;
    const items = itemsOf(menu.current);
    const index = items.findIndex((item) => item === document.activeElement);
    const moves: Partial<Record<string, number>> = {
      ArrowDown: (index + 1) % items.length,
      ArrowUp: (index - 1 + items.length) % items.length,
      Home: 0,
      End: items.length - 1,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      items[target]?.focus();
    } else if (event.key === 'Escape') {
      // Only the menu closes, not a dialog it sits in.
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div ref={root} className="relative">
      <IconButton
        id={triggerId}
        label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => {
          setOpensUp(event.currentTarget.getBoundingClientRect().top > window.innerHeight / 2);
          setOpen((isOpen) => !isOpen);
        }}
      >
        {icon}
      </IconButton>
      {open ? (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onKeyDown}
          className={`absolute right-0 z-40 w-60 rounded-2xl border border-line bg-surface-raised p-1.5 text-left shadow-2xl shadow-black/50 ${
            opensUp ? 'bottom-full mb-2' : 'top-full mt-2'
          }`}
        >
          {children(close)}
        </div>
      ) : null}
    </div>
  );
}

export const menuItemClasses =
  'flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left text-sm text-zinc-200 transition hover:bg-white/10 hover:text-white focus:bg-white/10 focus:text-white focus:outline-none disabled:opacity-50';

interface MenuItemProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  icon?: ReactNode;
}

/** One action of a menu. */
export function MenuItem({ icon, children, className = '', type = 'button', ...props }: MenuItemProps) {
  return (
    <button type={type} role="menuitem" tabIndex={-1} className={`${menuItemClasses} ${className}`} {...props}>
      {icon ? <span className="text-zinc-400">{icon}</span> : null}
      <span className="min-w-0 flex-1 truncate">{children}</span>
    </button>
  );
}
