import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { RefreshStems } from '@/lib/stems';
import { bindAudio } from '../engine/bindAudio';
import { useKeyboardShortcuts } from '../engine/useKeyboardShortcuts';
import { useMediaSession } from '../engine/useMediaSession';

interface AudioEngineProps {
  /** AutoMix's: reads the current track's stems again when a stem fails to play (their signed URLs expire). */
  refreshStems: RefreshStems;
}

/**
 * The app's audio, bound to the player store, with media keys and keyboard shortcuts: one element
 * plays, the other preloads the next AutoMix source so that a switch has no gap.
 */
export function AudioEngine({ refreshStems }: AudioEngineProps) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const spareRef = useRef<HTMLAudioElement>(null);
  const queryClient = useQueryClient();
  useMediaSession();
  useKeyboardShortcuts();

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    return bindAudio(audio, queryClient, { spare: spareRef.current ?? undefined, refreshStems });
  }, [queryClient, refreshStems]);

  // CORS mode: a stream may redirect to presigned S3 URLs (BACKBEAT_MEDIA_REDIRECT=presigned),
  // and the loudness gain stage (Web Audio) hears only silence from cross-origin media fetched
  // without CORS. Same-origin streams are unaffected.
  return (
    <>
      <audio ref={audioRef} preload="metadata" crossOrigin="anonymous" hidden />
      <audio ref={spareRef} preload="auto" crossOrigin="anonymous" hidden />
    </>
  );
}
