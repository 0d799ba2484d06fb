import type { components } from '@/api/schema';

type Track = components['schemas']['Track'];

/**
 * The tracks of a list that can be played, in order: what a list hands the player as the queue
 * when one of its tracks is played, so that it never moves on to a track still processing or failed.
 */
export function playableOf(tracks: readonly Track[]): Track[] {
  return tracks.filter((track) => track.status === 'ready');
}
