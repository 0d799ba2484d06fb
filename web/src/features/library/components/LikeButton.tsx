import { IconButton } from '@/components/ui/IconButton';
import { HeartIcon } from '@/components/ui/icons';
import { useIsLiked, useSetLiked } from '../api/likes';

/** The heart: pressed when the track is in Liked Songs; pressing it likes or unlikes at once. */
export function LikeButton({ trackId, className = '' }: { trackId: string; className?: string }) {
  const liked = useIsLiked(trackId);
  const setLiked = useSetLiked();
  return (
    <IconButton
      label="Like"
      aria-pressed={liked ?? false}
      active={liked}
      disabled={liked === undefined}
      className={className}
      onClick={() => {
        setLiked.mutate({ trackId, liked: !liked });
      }}
    >
      <HeartIcon filled={liked} />
    </IconButton>
  );
}
