import { useState } from 'react';
import { Link } from 'react-router';
import { BackbeatLogo } from '@/components/ui/BackbeatLogo';
import { MOBILE_DRAWER_ID } from './MobileDrawer';
import { SearchBox, SearchIcon } from './SearchBox';

interface TopBarProps {
  homePath: string;
  menuOpen: boolean;
  onOpenMenu: () => void;
}

const iconButtonClass = 'inline-flex size-10 shrink-0 items-center justify-center rounded-full text-zinc-300 hover:bg-white/10';

/** The bar above every page: the menu button on narrow screens and the search box, which folds away on phones. */
export function TopBar({ homePath, menuOpen, onOpenMenu }: TopBarProps) {
  const [searchOpen, setSearchOpen] = useState(false);
  const closeSearch = () => {
    setSearchOpen(false);
  };

  return (
    <header className="sticky top-0 z-20 border-b border-line bg-night/80 backdrop-blur-xl">
      <div className="flex h-16 items-center gap-2 px-4 sm:px-6 lg:px-8">
        <button
          type="button"
          aria-label="Open menu"
          aria-expanded={menuOpen}
          aria-controls={MOBILE_DRAWER_ID}
          className={`${iconButtonClass} -ml-2 lg:hidden`}
          onClick={onOpenMenu}
        >
          <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path strokeLinecap="round" d="M4 7h16M4 12h16M4 17h16" />
          </svg>
        </button>
        <Link to={homePath} aria-label="Backbeat home" className="rounded-lg lg:hidden">
          <BackbeatLogo />
        </Link>
        <div className="ml-auto hidden w-full max-w-md md:block lg:ml-0">
          <SearchBox />
        </div>
        <button
          type="button"
          aria-label={searchOpen ? 'Close search' : 'Search'}
          aria-expanded={searchOpen}
          className={`${iconButtonClass} ml-auto md:hidden`}
          onClick={() => {
            setSearchOpen((open) => !open);
          }}
        >
          {searchOpen ? (
            <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path strokeLinecap="round" d="M6 6l12 12M18 6L6 18" />
            </svg>
          ) : (
            <SearchIcon />
          )}
        </button>
      </div>
      {searchOpen ? (
        <div className="border-t border-line px-4 py-3 md:hidden">
          <SearchBox autoFocus onSearch={closeSearch} />
        </div>
      ) : null}
    </header>
  );
}
