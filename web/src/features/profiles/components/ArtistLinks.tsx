import { Link } from 'react-router';
import { artistPath } from '@/lib/trackFormat';

/** Links to the artist pages of the names a user uploads under. Renders nothing without any. */
export function ArtistLinks({ names }: { names: readonly string[] }) {
  if (names.length === 0) return null;
  return (
    <nav aria-label="Artist pages" className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-zinc-400">{names.length === 1 ? 'Artist page:' : 'Artist pages:'}</span>
      {names.map((name) => (
        <Link
          key={name}
          to={artistPath(name)}
          className="inline-flex items-center gap-1 rounded-full border border-brand/30 bg-brand/10 px-3 py-1.5 font-semibold text-brand-soft transition hover:border-brand/60 hover:text-white"
        >
          {name}
          <span aria-hidden="true">→</span>
        </Link>
      ))}
    </nav>
  );
}
