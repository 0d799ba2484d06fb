import { Link } from 'react-router';
import { BackbeatLogo } from '@/components/ui/BackbeatLogo';
import type { Account } from '../account';
import { navEntriesFor } from '../navEntries';
import { NavList } from './NavList';
import { UserCard } from './UserCard';

/** The desktop sidebar: the logo, the entries and, at the bottom, the user card. */
export function Sidebar({ account }: { account: Account | null }) {
  return (
    <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-line bg-surface/60 px-4 pb-5 lg:flex">
      <div className="flex h-16 shrink-0 items-center px-2">
        <Link to={account ? '/home' : '/'} aria-label="Backbeat home" className="rounded-lg">
          <BackbeatLogo />
        </Link>
      </div>
      <nav aria-label="Sidebar" className="mt-6 flex-1 overflow-y-auto">
        <NavList entries={navEntriesFor(account !== null)} />
      </nav>
      {account ? <UserCard account={account} /> : null}
    </aside>
  );
}
