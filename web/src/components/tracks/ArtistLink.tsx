import { Link } from 'react-router';
import { artistPath } from '@/lib/trackFormat';

interface ArtistLinkProps {
  name: string;
  /** The link's look; a track list's muted artist line unless given. */
  className?: string;
}

/** A track's artist, linked to their artist page. */
export function ArtistLink({ name, className = 'block truncate text-sm text-zinc-400 hover:text-white hover:underline' }: ArtistLinkProps) {
  return (
    <Link to={artistPath(name)} className={className}>
      {name}
    </Link>
  );
}
