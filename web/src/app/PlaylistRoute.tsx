import { PlaylistPage } from '@/features/library/PlaylistPage';
import { useNowPlaying } from '@/features/player/hooks';

/** /playlist/:id, told by the player what is playing, so its Play button can read Pause. */
export function PlaylistRoute() {
  return <PlaylistPage nowPlaying={useNowPlaying()} />;
}
