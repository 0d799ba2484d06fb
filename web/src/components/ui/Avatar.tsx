import { InitialsAvatar } from './InitialsAvatar';

interface AvatarProps {
  name: string;
  /** The uploaded picture; without one the initials avatar is drawn. */
  src: string | null | undefined;
  /** Size classes, e.g. "size-10". */
  className?: string;
}

/** A person's round avatar. Decorative: the name is always written next to it. */
export function Avatar({ name, src, className = '' }: AvatarProps) {
  if (src) {
    return (
      <img
        src={src}
        alt=""
        width={128}
        height={128}
        className={`shrink-0 rounded-full bg-surface-raised object-cover ${className}`}
      />
    );
  }
  return <InitialsAvatar name={name} className={className} />;
}
