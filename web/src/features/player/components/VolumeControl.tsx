import { IconButton } from '@/components/ui/IconButton';
import { VolumeIcon } from '@/components/ui/icons';
import { usePlayerStore } from '../stores/playerStore';
import { RangeSlider } from './RangeSlider';

/** Mute and a volume slider from 0 to 1 in steps of 0.01. */
export function VolumeControl({ className = '' }: { className?: string }) {
  const volume = usePlayerStore((state) => state.volume);
  const setVolume = usePlayerStore((state) => state.setVolume);
  const toggleMute = usePlayerStore((state) => state.toggleMute);
  const muted = volume === 0;
  return (
    <div className={`flex items-center gap-1 ${className}`}>
      <IconButton label={muted ? 'Unmute' : 'Mute'} aria-pressed={muted} onClick={toggleMute}>
        <VolumeIcon level={muted ? 'muted' : volume < 0.5 ? 'low' : 'high'} />
      </IconButton>
      <RangeSlider
        label="Volume"
        className="w-full"
        max={1}
        step={0.01}
        value={volume}
        valueText={`${Math.round(volume * 100)}%`}
        onValueChange={setVolume}
      />
    </div>
  );
}
