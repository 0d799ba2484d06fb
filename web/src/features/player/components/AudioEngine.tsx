import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { bindAudio } from '../engine/bindAudio';
import { useKeyboardShortcuts } from '../engine/useKeyboardShortcuts';
import { useMediaSession } from '../engine/useMediaSession';

/** The one audio element of the app, bound to the player store, with media keys and keyboard shortcuts. */
export function AudioEngine() {
  const audioRef = useRef<HTMLAudioElement>(null);
  const queryClient = useQueryClient();
  useMediaSession();
  useKeyboardShortcuts();

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    return bindAudio(audio, queryClient);
  }, [queryClient]);

  return <audio ref={audioRef} preload="metadata" hidden />;
}
