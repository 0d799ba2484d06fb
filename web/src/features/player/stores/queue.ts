import { moveItem } from '@/lib/moveItem';
import type { PlayableTrack } from '@/lib/trackActions';

/**
 * One place in the queue. A track can be queued more than once (Play next on the track that is
 * playing hears it again), so an entry is known by its own key, not by its track's id.
 */
export interface QueueEntry extends PlayableTrack {
  key: string;
  /** Put in by the listener (Play next, Add to queue) and not played yet: it comes next even with shuffle on. */
  requested?: true;
}

let keysMade = 0;

/** A key no other entry has: the time tells page loads apart, the count the entries of one load. */
function newKey(): string {
  keysMade += 1;
  return `${Date.now().toString(36)}-${keysMade.toString(36)}`;
}

interface EntryOptions {
  key?: string;
  requested?: boolean;
}

/** An entry for `track` with only the fields a player needs, so that a full API track is not stored whole. */
export function entryOf({ id, title, artist, album, duration, cover_url }: PlayableTrack, options: EntryOptions = {}): QueueEntry {
  const entry: QueueEntry = { id, title, artist, album, duration, cover_url, key: options.key ?? newKey() };
  if (options.requested) entry.requested = true;
  return entry;
}

/** Where the entry `key` is in the queue; -1 when it is not. */
export function indexOfEntry(queue: readonly QueueEntry[], key: string | undefined): number {
  return key === undefined ? -1 : queue.findIndex((entry) => entry.key === key);
}

/** 'Up Next': the entries after the current one (all of them when it is not in the queue). */
export function upNextOf(queue: readonly QueueEntry[], current: QueueEntry | null): QueueEntry[] {
  return queue.slice(indexOfEntry(queue, current?.key) + 1);
}

/** The queue with `entries` right after the current one, ahead of the rest of Up Next. */
export function withNext(queue: readonly QueueEntry[], current: QueueEntry | null, entries: readonly QueueEntry[]): QueueEntry[] {
  const at = indexOfEntry(queue, current?.key) + 1;
  return [...queue.slice(0, at), ...entries, ...queue.slice(at)];
}

/** The queue with the Up Next entry `key` moved to `position` of Up Next; unchanged when either is outside it. */
export function withMovedInUpNext(queue: readonly QueueEntry[], current: QueueEntry | null, key: string, position: number): QueueEntry[] {
  const upNext = upNextOf(queue, current);
  const played = queue.slice(0, queue.length - upNext.length);
  return [...played, ...moveItem(upNext, indexOfEntry(upNext, key), position)];
}

/**
 * With shuffle on, the entry the listener asked for that comes first after the current one (or,
 * failing that, from the start of the queue); undefined when there is none.
 */
export function requestedAfter(
  queue: readonly QueueEntry[],
  current: number,
  playable: (entry: QueueEntry) => boolean = () => true,
): QueueEntry | undefined {
  const wanted = (entry: QueueEntry) => entry.requested === true && playable(entry);
  const later = queue.slice(current + 1).find(wanted);
  return later ?? queue.slice(0, Math.max(current, 0)).find(wanted);
}

function isTrack(value: unknown): value is PlayableTrack & Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const track = value as Record<string, unknown>;
  return typeof track.id === 'string' && typeof track.title === 'string' && typeof track.artist === 'string';
}

/**
 * A stored queue, taking only well-formed tracks. Each keeps its stored key unless it has none or
 * shares it (a queue stored before entries had keys, or an edited one): those get a new key.
 */
export function restoredQueue(stored: unknown[]): QueueEntry[] {
  const keys = new Set<string>();
  return stored.filter(isTrack).map((track) => {
    const key = typeof track.key === 'string' && !keys.has(track.key) ? track.key : newKey();
    keys.add(key);
    return entryOf(track, { key, requested: track.requested === true });
  });
}

/**
 * A stored current track as an entry of the restored queue: the entry with its key, else the
 * first with its track (a queue stored before entries had keys); undefined when it is not a track.
 */
export function restoredCurrent(stored: unknown, queue: readonly QueueEntry[]): QueueEntry | undefined {
  if (!isTrack(stored)) return undefined;
  const entry = queue.find((queued) => queued.key === stored.key) ?? queue.find((queued) => queued.id === stored.id);
  return entryOf(entry ?? stored, { key: entry?.key });
}
