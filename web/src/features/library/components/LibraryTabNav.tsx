import { Link } from 'react-router';
import { libraryTabHref, libraryTabs, type LibraryTab } from '../libraryTabs';

/** Uploads, Liked Songs, Playlists and Downloads; the tab is kept in the URL. */
export function LibraryTabNav({ active }: { active: LibraryTab }) {
  return (
    <nav aria-label="Library" className="border-b border-line">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {libraryTabs.map((tab) => {
          const isActive = tab.id === active;
          return (
            <li key={tab.id}>
              <Link
                to={libraryTabHref(tab.id)}
                aria-current={isActive ? 'page' : undefined}
                className={`block border-b-2 px-4 py-3 text-sm font-semibold whitespace-nowrap transition ${
                  isActive ? 'border-brand-soft text-white' : 'border-transparent text-zinc-400 hover:text-white'
                }`}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
