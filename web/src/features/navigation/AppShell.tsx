import { useCallback, useState, type ReactNode } from 'react';
import type { Account } from './account';
import { BottomBar } from './components/BottomBar';
import { MobileDrawer } from './components/MobileDrawer';
import { Sidebar } from './components/Sidebar';
import { TopBar } from './components/TopBar';

interface AppShellProps {
  /** Who is signed in; null for a signed-out visitor. */
  account: Account | null;
  onLogOut: () => void;
  /** The player bar; it sits at the bottom, above the phone's tab bar, and the page keeps clear of it. */
  player?: ReactNode;
  /** What stands above every page, outside its main content (the free plan's banner). */
  pageTop?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of the signed-in area: sidebar (desktop), top bar with search, the page, the player
 * at the bottom, and on narrow screens a drawer and (on phones) a bottom bar.
 */
export function AppShell({ account, onLogOut, player, pageTop, children }: AppShellProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => {
    setMenuOpen(false);
  }, []);

  return (
    <div className="min-h-dvh lg:pl-64">
      <Sidebar account={account} />
      <div className="flex min-h-dvh min-w-0 flex-col">
        <TopBar
          homePath={account ? '/home' : '/'}
          menuOpen={menuOpen}
          onOpenMenu={() => {
            setMenuOpen(true);
          }}
        />
        {pageTop ? <div className="px-4 pt-4 empty:hidden sm:px-6 lg:px-8">{pageTop}</div> : null}
        <main
          id="main"
          className={`flex-1 px-4 pt-6 sm:px-6 lg:px-8 lg:pt-8 ${player ? 'pb-44 md:pb-32' : 'pb-28 md:pb-10'}`}
        >
          {children}
        </main>
      </div>
      {/* Only what is drawn takes clicks: a minimised player leaves the rest of the row to the page. */}
      <div className="pointer-events-none fixed inset-x-0 bottom-0 z-30 flex flex-col lg:left-64 [&>*]:pointer-events-auto">
        {player}
        {account ? <BottomBar /> : null}
      </div>
      {menuOpen ? <MobileDrawer account={account} onClose={closeMenu} onLogOut={onLogOut} /> : null}
    </div>
  );
}
