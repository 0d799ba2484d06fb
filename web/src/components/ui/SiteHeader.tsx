import { useEffect, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { scrollToSection } from '@/lib/scroll';
import { BackbeatLogo } from './BackbeatLogo';
import { ButtonLink } from './ButtonLink';

export interface HeaderSection {
  label: string;
  targetId: string;
}

interface SiteHeaderProps {
  /** In-page sections the header scrolls to (the landing page's Features, Pricing, About). */
  sections?: readonly HeaderSection[];
}

const pageLinks = [
  { label: 'Compare', to: '/comparison' },
  { label: 'FAQ', to: '/faq' },
] as const;

const navItemClass =
  'rounded-full px-3.5 py-2 text-sm font-medium text-zinc-300 transition hover:bg-white/5 hover:text-white';
const activeNavItemClass = 'rounded-full px-3.5 py-2 text-sm font-medium bg-white/10 text-white';
const menuItemClass =
  'block w-full rounded-xl px-4 py-3 text-left text-base font-medium text-zinc-200 hover:bg-white/5 hover:text-white';

const MENU_ID = 'site-menu';

export function SiteHeader({ sections = [] }: SiteHeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => {
    setMenuOpen(false);
  };

  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', closeOnEscape);
    return () => {
      window.removeEventListener('keydown', closeOnEscape);
    };
  }, [menuOpen]);

  const goToSection = (targetId: string) => {
    setMenuOpen(false);
    scrollToSection(targetId);
  };

  return (
    <header className="fixed inset-x-0 top-0 z-50 border-b border-line bg-night/80 backdrop-blur-xl">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6 lg:px-8">
        <Link to="/" aria-label="Backbeat home" className="rounded-lg" onClick={closeMenu}>
          <BackbeatLogo />
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {sections.map((section) => (
            <button
              key={section.targetId}
              type="button"
              className={navItemClass}
              onClick={() => {
                goToSection(section.targetId);
              }}
            >
              {section.label}
            </button>
          ))}
          {pageLinks.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              className={({ isActive }) => (isActive ? activeNavItemClass : navItemClass)}
            >
              {link.label}
            </NavLink>
          ))}
        </nav>

        <div className="flex items-center gap-2">
          <span className="hidden lg:block">
            <ButtonLink to="/login" variant="ghost" size="sm">
              Log In
            </ButtonLink>
          </span>
          <ButtonLink to="/signup" size="sm" className="max-[359px]:hidden">
            Sign Up Free
          </ButtonLink>
          <button
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-full text-zinc-200 hover:bg-white/10 lg:hidden"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls={MENU_ID}
            onClick={() => {
              setMenuOpen((open) => !open);
            }}
          >
            <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              {menuOpen ? (
                <path strokeLinecap="round" d="M6 6l12 12M18 6L6 18" />
              ) : (
                <path strokeLinecap="round" d="M4 7h16M4 12h16M4 17h16" />
              )}
            </svg>
          </button>
        </div>
      </div>

      {menuOpen ? (
        <nav id={MENU_ID} aria-label="Menu" className="border-t border-line bg-night/95 px-4 pt-2 pb-4 lg:hidden">
          <ul className="space-y-1">
            {sections.map((section) => (
              <li key={section.targetId}>
                <button
                  type="button"
                  className={menuItemClass}
                  onClick={() => {
                    goToSection(section.targetId);
                  }}
                >
                  {section.label}
                </button>
              </li>
            ))}
            {pageLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={menuItemClass} onClick={closeMenu}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
          <div className="mt-3 grid grid-cols-2 gap-2 border-t border-line pt-4">
            <ButtonLink to="/login" variant="secondary" onClick={closeMenu}>
              Log In
            </ButtonLink>
            <ButtonLink to="/signup" onClick={closeMenu}>
              Sign Up Free
            </ButtonLink>
          </div>
        </nav>
      ) : null}
    </header>
  );
}
