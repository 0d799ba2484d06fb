import { useQuery } from '@tanstack/react-query';
import { useId, useRef, type ComponentType } from 'react';
import { createPortal } from 'react-dom';
import { CoverArt } from '@/components/ui/CoverArt';
import { IconButton } from '@/components/ui/IconButton';
import { ChevronDownIcon } from '@/components/ui/icons';
import { useModalFocus } from '@/components/ui/useModalFocus';
import { useTrackCover } from '@/lib/downloads/hooks';
import { useTrackActions, type PlayableTrack } from '@/lib/trackActions';
import { trackDetailQueryOptions } from '../api/playback';
import { TransportControls } from './Controls';
import { LoudnessToggle } from './LoudnessToggle';
import { QueuePanel } from './QueuePanel';
import { SeekBar } from './SeekBar';
import { VolumeControl } from './VolumeControl';

/** AutoMix's controls for the current track, which the app hands the player (`app/PlayerAutoMix.tsx`). */
export type AutoMixSlot = ComponentType<{ trackId: string; className?: string }>;

interface FullScreenPlayerProps {
  track: PlayableTrack;
  onClose: () => void;
  /** AutoMix's controls, shown under the volume; none without them. */
  AutoMix?: AutoMixSlot;
}

/** The player over the whole screen: large cover, the track, like, seek bar, every control, AutoMix and Up Next. */
export function FullScreenPlayer({ track, onClose, AutoMix }: FullScreenPlayerProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useModalFocus(panel, onClose);
  const { LikeButton, TrackMenu } = useTrackActions();
  const detail = useQuery(trackDetailQueryOptions(track.id));
  const cover = useTrackCover(track.id, detail.data?.cover_large_url ?? track.cover_url);

  return createPortal(
    <div
      ref={panel}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      className="fixed inset-0 z-50 overflow-y-auto bg-night bg-[radial-gradient(ellipse_at_top,rgb(139_92_246/0.35),transparent_60%),radial-gradient(ellipse_at_bottom_right,rgb(217_70_239/0.18),transparent_55%)]"
    >
      <div className="mx-auto flex min-h-full max-w-6xl flex-col px-4 pt-4 pb-8 sm:px-8">
        <header className="flex items-center justify-between">
          <IconButton label="Close full-screen player" onClick={onClose} data-autofocus>
            <ChevronDownIcon className="size-6" />
          </IconButton>
          <p className="text-xs font-semibold tracking-widest text-zinc-400 uppercase">Now Playing</p>
          <TrackMenu track={track} />
        </header>
        <div className="mt-6 grid flex-1 items-center gap-8 lg:grid-cols-2 lg:gap-14">
          {/* On a wide screen the cover is as tall as the screen allows, beside the controls. */}
          <CoverArt
            src={cover}
            seed={track.id}
            className="mx-auto w-full max-w-md rounded-3xl shadow-2xl shadow-black/60 lg:max-w-[min(100%,calc(100dvh-9rem))]"
          />
          <div className="mx-auto flex w-full max-w-md flex-col">
            <div className="flex items-start justify-between gap-4">
              <div className="min-w-0">
                <h2 id={titleId} className="truncate text-2xl font-extrabold tracking-tight text-white sm:text-3xl">
                  {track.title}
                </h2>
                <p className="mt-1 truncate text-zinc-400">{track.artist}</p>
              </div>
              <LikeButton trackId={track.id} />
            </div>
            <SeekBar className="mt-6" />
            <div className="mt-4">
              <TransportControls large withModes />
            </div>
            <VolumeControl className="mx-auto mt-6 w-full max-w-xs" />
            {AutoMix ? <AutoMix trackId={track.id} className="mt-6" /> : null}
            <div className="mt-6">
              <LoudnessToggle />
            </div>
            <QueuePanel className="mt-6 rounded-3xl border border-line bg-surface/70 p-4 lg:max-h-56 lg:overflow-y-auto" />
          </div>
        </div>
      </div>
    </div>,
    document.body,
  );
}
