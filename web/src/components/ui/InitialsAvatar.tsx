import { avatarColorOf, initialsOf } from './initials';

/** Drawn at 128 px, like an uploaded avatar, and scaled by the caller's size classes. */
const AVATAR_SIZE = 128;

interface InitialsAvatarProps {
  name: string;
  className?: string;
}

/** The avatar of someone without a picture: their initials on a colour derived from their name. */
export function InitialsAvatar({ name, className = '' }: InitialsAvatarProps) {
  return (
    <svg
      viewBox={`0 0 ${AVATAR_SIZE} ${AVATAR_SIZE}`}
      width={AVATAR_SIZE}
      height={AVATAR_SIZE}
      className={`shrink-0 rounded-full ${className}`}
      aria-hidden="true"
    >
      <rect width={AVATAR_SIZE} height={AVATAR_SIZE} fill={avatarColorOf(name)} />
      <text
        x="50%"
        y="50%"
        dy="0.35em"
        textAnchor="middle"
        fill="#fff"
        fontFamily="ui-sans-serif, system-ui, sans-serif"
        fontSize="52"
        fontWeight="600"
      >
        {initialsOf(name)}
      </text>
    </svg>
  );
}
