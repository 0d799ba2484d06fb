import { useState } from 'react';
import { CoverArt } from '@/components/ui/CoverArt';
import { IconButton } from '@/components/ui/IconButton';
import { ChevronUpIcon, ExpandIcon, MinimiseIcon, QueueIcon } from '@/components/ui/icons';
import { useTrackCover } from '@/lib/downloads/hooks';
import { useTrackActions, type PlayableTrack } from '@/lib/trackActions';
import { usePlayerStore } from '../stores/playerStore';
import { NextButton, PlayPauseButton, TransportControls } from './Controls';
import { FullScreenPlayer, type AutoMixSlot } from './FullScreenPlayer';
import { NowPlaying } from './NowPlaying';
import { QueuePanel } from './QueuePanel';
import { ProgressLine, SeekBar } from './SeekBar';
import { VolumeControl } from './VolumeControl';

interface CompactBarProps {
  track: PlayableTrack;
  onMinimise: () => void;
  onOpenFullScreen: () => void;
}

function CompactBar({ track, onMinimise, onOpenFullScreen }: CompactBarProps) {
  const { LikeButton, TrackMenu } = useTrackActions();
  const [queueOpen, setQueueOpen] = useState(false);
  return (
    <section aria-label="Player" className="relative border-t border-line bg-surface/95 shadow-[0_-12px_32px_rgb(0_0_0/0.35)] backdrop-blur-xl">
      <div className="md:hidden">
        <ProgressLine />
      </div>
      <div className="flex h-16 items-center gap-3 px-3 md:h-20 md:px-5">
        <div className="flex min-w-0 flex-1 items-center gap-2 md:w-1/4 md:flex-none lg:w-[30%]">
          <NowPlaying track={track} />
          <LikeButton trackId={track.id} />
        </div>
        <div className="hidden min-w-0 flex-1 flex-col items-center md:flex">
          <TransportControls withModes />
          <SeekBar className="w-full max-w-xl" />
        </div>
        <div className="flex items-center md:hidden">
          <PlayPauseButton />
          <NextButton />
          <IconButton label="Open full-screen player" onClick={onOpenFullScreen}>
            <ChevronUpIcon />
          </IconButton>
        </div>
        <div className="hidden items-center justify-end gap-0.5 md:flex md:w-1/4 lg:w-[30%]">
          <IconButton
            label="Up Next"
            aria-expanded={queueOpen}
            active={queueOpen}
            onClick={() => {
              setQueueOpen((open) => !open);
            }}
          >
            <QueueIcon />
          </IconButton>
          <div className="hidden w-36 lg:block">
            <VolumeControl />
          </div>
          <TrackMenu track={track} />
          <IconButton label="Open full-screen player" onClick={onOpenFullScreen}>
            <ExpandIcon />
          </IconButton>
          <IconButton label="Minimise player" onClick={onMinimise}>
            <MinimiseIcon />
          </IconButton>
        </div>
      </div>
      {queueOpen ? (
        <QueuePanel className="absolute right-4 bottom-full mb-3 hidden max-h-96 w-80 overflow-y-auto rounded-2xl border border-line bg-surface-raised p-3 shadow-2xl shadow-black/50 md:block" />
      ) : null}
    </section>
  );
}

function MinimisedPlayer({ track, onRestore }: { track: PlayableTrack; onRestore: () => void }) {
  const cover = useTrackCover(track.id, track.cover_url);
  return (
    <section
      aria-label="Player"
      className="mr-4 mb-4 flex items-center gap-2 self-end rounded-full border border-line bg-surface-raised/95 p-1.5 pr-2 shadow-2xl shadow-black/50 backdrop-blur-xl"
    >
      <CoverArt src={cover} seed={track.id} className="size-10 rounded-full" />
      <PlayPauseButton />
      <IconButton label="Show player" onClick={onRestore}>
        <ChevronUpIcon />
      </IconButton>
    </section>
  );
}

/**
 * The player at the bottom of the signed-in area: a compact bar that can be minimised to a small
 * button, and opened over the whole screen (with `AutoMix`'s controls when given). Renders nothing
 * until a track is loaded.
 */
export function PlayerBar({ AutoMix }: { AutoMix?: AutoMixSlot }) {
  const track = usePlayerStore((state) => state.currentTrack);
  const [minimised, setMinimised] = useState(false);
  const [fullScreen, setFullScreen] = useState(false);
  if (!track) return null;

  const openFullScreen = () => {
    setFullScreen(true);
  };
  return (
    <>
      {minimised ? (
        <MinimisedPlayer
          track={track}
          onRestore={() => {
            setMinimised(false);
          }}
        />
      ) : (
        <CompactBar
          track={track}
          onOpenFullScreen={openFullScreen}
          onMinimise={() => {
            setMinimised(true);
          }}
        />
      )}
      {fullScreen ? (
        <FullScreenPlayer
          track={track}
          AutoMix={AutoMix}
          onClose={() => {
            setFullScreen(false);
          }}
        />
      ) : null}
    </>
  );
}
