import { Link, useLocation } from 'react-router';
import { activeEntryOf, bottomBarEntries } from '../navEntries';
import { NavIcon } from './NavIcon';

/** The phone's tab bar: Home, Explore, Library and Upload. The app shell pins it to the bottom. */
export function BottomBar() {
  const location = useLocation();
  const active = activeEntryOf(bottomBarEntries, location);
  return (
    <nav
      aria-label="Quick links"
      className="border-t border-line bg-night/90 pb-[env(safe-area-inset-bottom)] backdrop-blur-xl md:hidden"
    >
      <ul className="grid grid-cols-4">
        {bottomBarEntries.map((entry) => {
          const isActive = entry === active;
          return (
            <li key={entry.to}>
              <Link
                to={entry.to}
                aria-current={isActive ? 'page' : undefined}
                className={`flex flex-col items-center gap-1 py-2.5 text-[11px] font-medium ${
                  isActive ? 'text-white' : 'text-zinc-500 hover:text-zinc-200'
                }`}
              >
                <NavIcon name={entry.icon} className={`size-6 ${isActive ? 'text-brand-soft' : ''}`} />
                {entry.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
