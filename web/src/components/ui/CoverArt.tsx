import { avatarColorOf } from './initials';
import { MusicNoteIcon } from './icons';

interface CoverArtProps {
  /** The cover image; without one a gradient of the seed's colour is drawn. */
  src: string | null | undefined;
  /** What the gradient's colour is derived from, e.g. the track or playlist id. */
  seed: string;
  /** Size and shape classes, e.g. "size-12 rounded-lg". */
  className?: string;
}

/** A track's or playlist's square cover. Decorative: the title is always written next to it. */
export function CoverArt({ src, seed, className = '' }: CoverArtProps) {
  if (src) {
    return <img src={src} alt="" className={`aspect-square shrink-0 bg-surface-raised object-cover ${className}`} />;
  }
  return (
    <span
      aria-hidden="true"
      className={`flex aspect-square shrink-0 items-center justify-center text-white/80 ${className}`}
      style={{ backgroundImage: `linear-gradient(135deg, ${avatarColorOf(seed)}, #8b5cf6 55%, #d946ef)` }}
    >
      <MusicNoteIcon className="size-2/5" />
    </span>
  );
}
