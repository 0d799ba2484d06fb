import { Link, useLocation } from 'react-router';
import { activeEntryOf, type NavEntry } from '../navEntries';
import { NavIcon } from './NavIcon';

interface NavListProps {
  entries: readonly NavEntry[];
  onNavigate?: () => void;
}

const entryClass = 'flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium transition';
const idleClass = `${entryClass} text-zinc-400 hover:bg-white/5 hover:text-white`;
const activeClass = `${entryClass} bg-white/10 text-white`;

/** The entries of the sidebar and the drawer; the current page's entry is highlighted. */
export function NavList({ entries, onNavigate }: NavListProps) {
  const location = useLocation();
  const active = activeEntryOf(entries, location);
  return (
    <ul className="space-y-1">
      {entries.map((entry) => {
        const isActive = entry === active;
        return (
          <li key={entry.to}>
            <Link
              to={entry.to}
              onClick={onNavigate}
              aria-current={isActive ? 'page' : undefined}
              className={isActive ? activeClass : idleClass}
            >
              <NavIcon name={entry.icon} className={`size-5 ${isActive ? 'text-brand-soft' : ''}`} />
              {entry.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
