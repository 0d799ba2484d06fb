import { useId } from 'react';
import { CoverArt } from '@/components/ui/CoverArt';
import { formatDuration } from '@/lib/duration';
import { usePlayerStore } from '../stores/playerStore';

/** 'Up Next': the tracks of the queue after the current one; choosing one plays it. */
export function QueuePanel({ className = '' }: { className?: string }) {
  const headingId = useId();
  const queue = usePlayerStore((state) => state.queue);
  const currentId = usePlayerStore((state) => state.currentTrack?.id);
  const setCurrentTrack = usePlayerStore((state) => state.setCurrentTrack);
  const upNext = queue.slice(queue.findIndex((track) => track.id === currentId) + 1);

  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="px-2 text-sm font-semibold tracking-wide text-zinc-400 uppercase">
        Up Next
      </h2>
      {upNext.length === 0 ? (
        <p className="px-2 py-6 text-sm text-zinc-500">No tracks in queue</p>
      ) : (
        <ol className="mt-2 space-y-0.5">
          {upNext.map((track, index) => (
            <li key={`${String(index)}-${track.id}`}>
              <button
                type="button"
                aria-label={`Play ${track.title} by ${track.artist}`}
                onClick={() => {
                  setCurrentTrack(track);
                }}
                className="flex w-full items-center gap-3 rounded-xl px-2 py-2 text-left transition hover:bg-white/5"
              >
                <CoverArt src={track.cover_url} seed={track.id} className="size-10 rounded-lg" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium text-white">{track.title}</span>
                  <span className="block truncate text-xs text-zinc-400">{track.artist}</span>
                </span>
                <span className="text-xs text-zinc-500 tabular-nums">{formatDuration(track.duration)}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
