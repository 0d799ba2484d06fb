import { Button } from './Button';
import type { ButtonSize } from './buttonStyles';

interface FollowToggleProps {
  following: boolean;
  /** While a follow or unfollow is on its way. */
  pending: boolean;
  /** Asked to follow (true) or unfollow (false). */
  onToggle: (follow: boolean) => void;
  size?: ButtonSize;
}

/** Follow / Following, for a user, an artist or a playlist: pressed while following. */
export function FollowToggle({ following, pending, onToggle, size }: FollowToggleProps) {
  return (
    <Button
      size={size}
      variant={following ? 'secondary' : 'primary'}
      aria-pressed={following}
      disabled={pending}
      onClick={() => {
        onToggle(!following);
      }}
    >
      {following ? 'Following' : 'Follow'}
    </Button>
  );
}
