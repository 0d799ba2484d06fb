import { SpinnerMark } from '@/components/ui/Spinner';
import type { StemSource, StemsPlayer } from '@/lib/stems';
import { useAutoMix } from '../useAutoMix';

interface AutoMixControlsProps {
  /** The current track. */
  trackId: string;
  /** The player, which keeps the current track's stems and plays the source chosen. */
  player: StemsPlayer;
  /** Why AutoMix cannot be used now (e.g. offline); it is then disabled and says so. */
  unavailableReason?: string;
  className?: string;
}

const sources: { source: Exclude<StemSource, 'mix'>; label: string }[] = [
  { source: 'vocals', label: 'Vocals' },
  { source: 'accompaniment', label: 'Music' },
];

/**
 * The full-screen player's AutoMix: the AutoMix/Reset button, the progress while the track is
 * separated, the Vocals/Music switch once it is, and the message when it failed.
 */
export function AutoMixControls({ trackId, player, unavailableReason, className = '' }: AutoMixControlsProps) {
  const { stems, press, select } = useAutoMix(trackId, player);
  const ready = stems.status === 'ready';
  const loading = stems.status === 'loading';

  return (
    <div className={`rounded-2xl border border-line bg-white/[0.03] px-4 py-3 ${className}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <button
          type="button"
          onClick={press}
          disabled={loading || unavailableReason !== undefined}
          className="inline-flex h-9 items-center gap-2 rounded-full bg-brand-gradient px-4 text-sm font-semibold text-white shadow-lg shadow-brand/25 transition hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {ready ? 'Reset' : 'AutoMix'}
        </button>
        {loading && (
          <span role="status" className="inline-flex items-center gap-2 text-sm text-zinc-400">
            <SpinnerMark className="size-4" />
            Separating vocals and music… {stems.progress}%
          </span>
        )}
        {ready && (
          <div role="group" aria-label="AutoMix source" className="inline-flex rounded-full border border-white/15 p-0.5">
            {sources.map(({ source, label }) => {
              const pressed = stems.source === source;
              return (
                <button
                  key={source}
                  type="button"
                  aria-pressed={pressed}
                  onClick={() => {
                    select(pressed ? 'mix' : source);
                  }}
                  className={`h-8 rounded-full px-4 text-sm font-medium transition ${pressed ? 'bg-white text-night' : 'text-zinc-300 hover:text-white'}`}
                >
                  {label}
                </button>
              );
            })}
          </div>
        )}
      </div>
      {stems.status === 'error' && (
        <p role="alert" className="mt-2 text-sm text-red-300">
          {stems.message}
        </p>
      )}
      {unavailableReason !== undefined ? (
        <p className="mt-2 text-xs text-zinc-400">{unavailableReason}</p>
      ) : (
        stems.status === 'none' && <p className="mt-2 text-xs text-zinc-400">Split the track into vocals and music, then switch between them.</p>
      )}
    </div>
  );
}
