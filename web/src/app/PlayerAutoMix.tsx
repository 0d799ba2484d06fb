import { AutoMixControls } from '@/features/automix/components/AutoMixControls';
import { stemsPlayer } from '@/features/player/stemsPlayer';
import { useOnline } from '@/lib/online';

/**
 * AutoMix in the full-screen player: the automix feature's controls on the player's stems. The
 * player shows it in its AutoMix slot (`SignedInShell`), and the audio engine asks AutoMix for
 * fresh stem URLs (`RootLayout`): `lib/stems.ts` is what the two features share.
 */
export function PlayerAutoMix({ trackId, className }: { trackId: string; className?: string }) {
  const online = useOnline();
  return (
    <AutoMixControls
      trackId={trackId}
      player={stemsPlayer}
      unavailableReason={online ? undefined : 'AutoMix needs a connection'}
      className={className}
    />
  );
}
