import type { ReactNode } from 'react';
import { LikeButton } from '@/features/library/components/LikeButton';
import { TrackMenu } from '@/features/library/components/TrackMenu';
import { useTrackPlaybackState } from '@/features/player/hooks';
import { addToQueue, playNext } from '@/features/player/queueActions';
import { usePlayerStore } from '@/features/player/stores/playerStore';
import { TrackActionsContext, type TrackActions } from '@/lib/trackActions';
import { DownloadsBridge } from './DownloadsBridge';

/** The listening actions every track list offers: the player plays and queues, the library likes and adds to playlists. */
const trackActions: TrackActions = {
  play: (track, queue) => {
    usePlayerStore.getState().play(track, queue);
  },
  playNext,
  addToQueue,
  usePlaybackState: useTrackPlaybackState,
  LikeButton,
  TrackMenu,
};

/** Provides the listening actions to the signed-in area, downloading included. */
export function TrackActionsBridge({ children }: { children: ReactNode }) {
  return (
    <TrackActionsContext value={trackActions}>
      <DownloadsBridge>{children}</DownloadsBridge>
    </TrackActionsContext>
  );
}
