import type { Stems, StemsPlayer } from '@/lib/stems';
import { usePlayerStore } from './stores/playerStore';

function useStems(): Stems {
  return usePlayerStore((state) => state.stems);
}

/** The player's side of AutoMix (`lib/stems.ts`): the stems the store keeps with the current track. */
export const stemsPlayer: StemsPlayer = {
  useStems,
  stems: () => usePlayerStore.getState().stems,
  setStems: (trackId, stems) => {
    usePlayerStore.getState().setStems(trackId, stems);
  },
  selectStemSource: (source) => {
    usePlayerStore.getState().selectStemSource(source);
  },
  resetStems: () => {
    usePlayerStore.getState().resetStems();
  },
};
