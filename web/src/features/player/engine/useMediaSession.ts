import { useEffect } from 'react';
import { usePlayerStore } from '../stores/playerStore';

/** Seconds the system's seek-backward / seek-forward buttons move when they do not say. */
const DEFAULT_SKIP_S = 10;

function artworkOf(coverUrl: string | null): MediaImage[] {
  if (!coverUrl) return [];
  return [{ src: new URL(coverUrl, window.location.origin).href, sizes: '256x256' }];
}

/**
 * The system's media controls (media keys, lock screen, notification): what is playing, with
 * artwork, and play, pause, next, previous and seeking wired to the player.
 */
export function useMediaSession(): void {
  const track = usePlayerStore((state) => state.currentTrack);
  const isPlaying = usePlayerStore((state) => state.isPlaying);
  const currentTime = usePlayerStore((state) => state.currentTime);
  const duration = usePlayerStore((state) => state.duration);
  const supported = typeof navigator !== 'undefined' && 'mediaSession' in navigator;

  useEffect(() => {
    if (!supported) return;
    const session = navigator.mediaSession;
    const store = () => usePlayerStore.getState();
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => { store().setPlaying(true); }],
      ['pause', () => { store().setPlaying(false); }],
      ['nexttrack', () => { store().next(); }],
      ['previoustrack', () => { store().previous(); }],
      ['seekto', (details) => { store().seek(details.seekTime ?? 0); }],
      ['seekbackward', (details) => { store().seek(store().currentTime - (details.seekOffset ?? DEFAULT_SKIP_S)); }],
      ['seekforward', (details) => { store().seek(store().currentTime + (details.seekOffset ?? DEFAULT_SKIP_S)); }],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // This browser does not offer the action.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // Never set.
        }
      }
    };
  }, [supported]);

  useEffect(() => {
    if (!supported) return;
    navigator.mediaSession.metadata = track
      ? new MediaMetadata({ title: track.title, artist: track.artist, album: track.album ?? '', artwork: artworkOf(track.cover_url) })
      : null;
  }, [supported, track]);

  useEffect(() => {
    if (!supported) return;
    navigator.mediaSession.playbackState = track ? (isPlaying ? 'playing' : 'paused') : 'none';
  }, [supported, track, isPlaying]);

  useEffect(() => {
    if (!supported || duration <= 0) return;
    try {
      navigator.mediaSession.setPositionState({ duration, position: Math.min(currentTime, duration), playbackRate: 1 });
    } catch {
      // A position the browser refuses (e.g. during a track change) is left out.
    }
  }, [supported, currentTime, duration]);
}
