import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { BackbeatLogo } from '@/components/ui/BackbeatLogo';
import { Button } from '@/components/ui/Button';
import { ButtonLink } from '@/components/ui/ButtonLink';
import type { Account } from '../account';
import { navEntriesFor } from '../navEntries';
import { NavList } from './NavList';
import { UserCard } from './UserCard';

export const MOBILE_DRAWER_ID = 'mobile-drawer';

interface MobileDrawerProps {
  account: Account | null;
  onClose: () => void;
  onLogOut: () => void;
}

/** The menu on narrow screens: the sidebar's entries, plus Sign Up and Log In, or Log Out. */
export function MobileDrawer({ account, onClose, onLogOut }: MobileDrawerProps) {
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    closeButton.current?.focus();
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', closeOnEscape);
    return () => {
      window.removeEventListener('keydown', closeOnEscape);
    };
  }, [onClose]);

  return (
    <div className="fixed inset-0 z-50 lg:hidden">
      <div aria-hidden="true" className="absolute inset-0 bg-black/60 backdrop-blur-sm" onClick={onClose} />
      <div
        id={MOBILE_DRAWER_ID}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        className="absolute inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col gap-6 overflow-y-auto border-r border-line bg-surface px-4 py-5"
      >
        <div className="flex items-center justify-between">
          <Link to={account ? '/home' : '/'} aria-label="Backbeat home" className="rounded-lg px-2" onClick={onClose}>
            <BackbeatLogo />
          </Link>
          <button
            ref={closeButton}
            type="button"
            aria-label="Close menu"
            className="inline-flex size-10 items-center justify-center rounded-full text-zinc-300 hover:bg-white/10"
            onClick={onClose}
          >
            <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path strokeLinecap="round" d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        {account ? <UserCard account={account} onNavigate={onClose} /> : null}
        <nav aria-label="Menu entries" className="flex-1">
          <NavList entries={navEntriesFor(account !== null)} onNavigate={onClose} />
        </nav>
        <div className="border-t border-line pt-4">
          {account ? (
            <Button
              variant="secondary"
              className="w-full"
              onClick={() => {
                onClose();
                onLogOut();
              }}
            >
              Log Out
            </Button>
          ) : (
            <div className="grid grid-cols-2 gap-2">
              <ButtonLink to="/signup" onClick={onClose}>
                Sign Up
              </ButtonLink>
              <ButtonLink to="/login" variant="secondary" onClick={onClose}>
                Log In
              </ButtonLink>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
