import type { components } from '@/api/schema';
import { explainUnavailable, unavailableMessage } from '@/lib/downloads/availability';
import { useTrackAvailability } from '@/lib/downloads/hooks';
import { playableOf } from '@/lib/playable';
import { useTrackActions } from '@/lib/trackActions';

type Track = components['schemas']['Track'];

/**
 * What every track's play button shows and does: disabled while the track cannot be played,
 * Pause while it is the one playing, else Play through the list's playable tracks. Offline, only
 * a downloaded track can be played: the others' buttons say why (`unavailable`, also when pressed).
 */
export function usePlayButton(track: Track, queue: readonly Track[]) {
  const actions = useTrackActions();
  const { isCurrent, isPlaying } = actions.usePlaybackState(track.id);
  const pausable = isCurrent && isPlaying;
  const { playable } = useTrackAvailability(track.id);
  const ready = track.status === 'ready';
  const unavailable = ready && !playable ? unavailableMessage(track.id) : undefined;
  return {
    ready,
    playable: ready && playable,
    unavailable,
    isCurrent,
    pausable,
    label: `${pausable ? 'Pause' : 'Play'} ${track.title}`,
    play: () => {
      if (unavailable) explainUnavailable(track.id);
      else actions.play(track, playableOf(queue));
    },
  };
}
