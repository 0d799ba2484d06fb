import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface PlaybackSettings {
  /** Play every track at -14 LUFS from its measured loudness. On by default. */
  normaliseLoudness: boolean;
  setNormaliseLoudness: (on: boolean) => void;
}

/** The listener's playback preferences, kept apart from the player's own 'music-player-storage' fields. */
export const usePlaybackSettings = create<PlaybackSettings>()(
  persist(
    (set) => ({
      normaliseLoudness: true,
      setNormaliseLoudness: (on) => {
        set({ normaliseLoudness: on });
      },
    }),
    {
      name: 'backbeat-playback-settings',
      storage: createJSONStorage(() => localStorage),
      partialize: ({ normaliseLoudness }) => ({ normaliseLoudness }),
    },
  ),
);
