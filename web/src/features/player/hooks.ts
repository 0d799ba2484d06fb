import type { PlaybackState } from '@/lib/trackActions';
import { usePlayerStore } from './stores/playerStore';

/** Whether a track is loaded, i.e. whether the player bar takes room at the bottom. */
export function useHasPlayerTrack(): boolean {
  return usePlayerStore((state) => state.currentTrack !== null);
}

/** Whether `trackId` is the loaded track, and whether it is playing. */
export function useTrackPlaybackState(trackId: string): PlaybackState {
  const isCurrent = usePlayerStore((state) => state.currentTrack?.id === trackId);
  const isPlaying = usePlayerStore((state) => state.currentTrack?.id === trackId && state.isPlaying);
  return { isCurrent, isPlaying };
}

/** The loaded track's id (null when none) and whether it is playing. */
export function useNowPlaying(): { trackId: string | null; isPlaying: boolean } {
  const trackId = usePlayerStore((state) => state.currentTrack?.id ?? null);
  const isPlaying = usePlayerStore((state) => state.isPlaying);
  return { trackId, isPlaying };
}
