import { barsOf } from '../waveformBars';

/** How many bars the peaks are drawn as: fine enough to read, coarse enough for a phone. */
const BAR_COUNT = 160;
const STEP = 4;
const BAR_WIDTH = 2.5;
const HEIGHT = 100;
/** Silence still shows as a thin line, so the track's length stays visible. */
const MIN_BAR = 3;

interface WaveformProps {
  /** Peaks 0-255 from the server. */
  peaks: readonly number[];
  title: string;
  /** Drawn in the brand gradient while the track is the one in the player. */
  active: boolean;
}

/** The track's loudness over time, as mirrored bars. */
export function Waveform({ peaks, title, active }: WaveformProps) {
  const bars = barsOf(peaks, BAR_COUNT);
  const width = bars.length * STEP;
  return (
    <svg
      viewBox={`0 0 ${width} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={`Waveform of ${title}`}
      className={`h-24 w-full sm:h-32 ${active ? 'text-brand-fuchsia' : 'text-brand-soft/70'}`}
    >
      {bars.map((peak, index) => {
        const height = Math.max(MIN_BAR, (peak / 255) * HEIGHT);
        return (
          <rect
            key={index}
            x={index * STEP}
            y={(HEIGHT - height) / 2}
            width={BAR_WIDTH}
            height={height}
            rx={1}
            fill="currentColor"
          />
        );
      })}
    </svg>
  );
}
