import { useId, useLayoutEffect, useRef, useState } from 'react';
import { CoverArt } from '@/components/ui/CoverArt';
import { IconButton } from '@/components/ui/IconButton';
import { CloseIcon, GripIcon } from '@/components/ui/icons';
import { useDragReorder } from '@/components/ui/useDragReorder';
import { formatDuration } from '@/lib/duration';
import { removeFromQueue } from '../queueActions';
import { usePlayerStore } from '../stores/playerStore';
import { upNextOf } from '../stores/queue';

/**
 * 'Up Next': the entries of the queue after the current one. Choosing one plays it; its handle
 * drags it to another place (or the arrow keys move it, when the handle has focus); Remove takes
 * it out of the queue.
 */
export function QueuePanel({ className = '' }: { className?: string }) {
  const headingId = useId();
  const hintId = useId();
  const queue = usePlayerStore((state) => state.queue);
  const current = usePlayerStore((state) => state.currentTrack);
  const skipTo = usePlayerStore((state) => state.skipTo);
  const moveInUpNext = usePlayerStore((state) => state.moveInUpNext);
  const upNext = upNextOf(queue, current);
  const [moved, setMoved] = useState('');
  const drag = useDragReorder(upNext.length, (from, to) => {
    const entry = upNext[from];
    if (!entry) return;
    moveInUpNext(entry.key, to);
    setMoved(`${entry.title} moved to position ${String(to + 1)} of ${String(upNext.length)}`);
  });
  // After a removal, focus goes to the Remove button now in that place (or the one before it).
  const list = useRef<HTMLOListElement>(null);
  const section = useRef<HTMLElement>(null);
  const focusRemoveAt = useRef<number | null>(null);
  useLayoutEffect(() => {
    const at = focusRemoveAt.current;
    if (at === null) return;
    focusRemoveAt.current = null;
    const buttons = list.current?.querySelectorAll<HTMLElement>('[data-remove]') ?? [];
    (buttons[Math.min(at, buttons.length - 1)] ?? section.current)?.focus();
  });

  return (
    <section ref={section} tabIndex={-1} aria-labelledby={headingId} className={`focus:outline-none ${className}`}>
      <h2 id={headingId} className="px-2 text-sm font-semibold tracking-wide text-zinc-400 uppercase">
        Up Next
      </h2>
      <p id={hintId} className="sr-only">
        Drag a track by its handle, or press the up and down arrow keys on the handle, to change its place.
      </p>
      <p aria-live="polite" className="sr-only">
        {moved}
      </p>
      {upNext.length === 0 ? (
        <p className="px-2 py-6 text-sm text-zinc-500">No tracks in queue</p>
      ) : (
        <ol ref={list} className="mt-2 space-y-0.5">
          {upNext.map((entry, index) => (
            <li
              key={entry.key}
              {...drag.itemProps(index)}
              className="flex items-center gap-1 rounded-xl transition-colors hover:bg-white/5 data-dragging:bg-surface-raised data-dragging:shadow-xl data-dragging:shadow-black/50"
            >
              <button
                type="button"
                {...drag.handleProps(index)}
                aria-label={`Move ${entry.title}`}
                aria-describedby={hintId}
                title="Drag, or use the arrow keys, to move"
                className="flex h-10 w-7 shrink-0 items-center justify-center rounded-lg text-zinc-500 select-none hover:text-white focus-visible:text-white"
              >
                <GripIcon className="size-4" />
              </button>
              <button
                type="button"
                aria-label={`Play ${entry.title} by ${entry.artist}`}
                onClick={() => {
                  skipTo(entry.key);
                }}
                className="flex min-w-0 flex-1 items-center gap-3 rounded-xl py-2 pr-1 text-left"
              >
                <CoverArt src={entry.cover_url} seed={entry.id} className="size-10 rounded-lg" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium text-white">{entry.title}</span>
                  <span className="block truncate text-xs text-zinc-400">{entry.artist}</span>
                </span>
                <span className="text-xs text-zinc-500 tabular-nums">{formatDuration(entry.duration)}</span>
              </button>
              <IconButton
                label={`Remove ${entry.title} from queue`}
                data-remove
                className="size-8"
                onClick={() => {
                  focusRemoveAt.current = index;
                  removeFromQueue(entry);
                }}
              >
                <CloseIcon className="size-4" />
              </IconButton>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
