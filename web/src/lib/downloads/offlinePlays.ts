import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/queryKeys';
import { recordOfflinePlays } from './api';
import { isSessionRefusal, isTransient } from './grants';
import { downloads } from './store';
import type { OfflinePlay } from './types';

/** The most plays one request takes. */
const PLAYS_BATCH = 500;

export function offlinePlaysKey(userId: string): string {
  return `backbeat-offline-plays:${userId}`;
}

function isPlay(value: unknown): value is OfflinePlay {
  if (typeof value !== 'object' || value === null) return false;
  const play = value as Record<string, unknown>;
  return typeof play.id === 'string' && typeof play.track_id === 'string' && typeof play.played_at === 'string';
}

/** The plays `userId` made offline and the server has not answered yet, oldest first. */
export function queuedPlays(userId: string): OfflinePlay[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(offlinePlaysKey(userId)) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isPlay) : [];
  } catch {
    return [];
  }
}

function saveQueue(userId: string, plays: readonly OfflinePlay[]): void {
  if (plays.length === 0) localStorage.removeItem(offlinePlaysKey(userId));
  else localStorage.setItem(offlinePlaysKey(userId), JSON.stringify(plays));
}

/** Keeps a playback start that could not be reported, with its time, to be sent when the network returns. */
export function queueOfflinePlay(trackId: string, playedAt: Date = new Date()): void {
  const { userId } = downloads();
  if (userId === null) return;
  const play: OfflinePlay = { id: crypto.randomUUID(), track_id: trackId, played_at: playedAt.toISOString() };
  saveQueue(userId, [...queuedPlays(userId), play]);
}

async function sendQueued(queryClient: QueryClient): Promise<void> {
  const { userId } = downloads();
  if (userId === null) return;
  const queued = queuedPlays(userId);
  let counted = false;
  for (let start = 0; start < queued.length; start += PLAYS_BATCH) {
    const batch = queued.slice(start, start + PLAYS_BATCH);
    let answered: Set<string>;
    try {
      const { plays } = await recordOfflinePlays(batch);
      answered = new Set(plays.map((play) => play.id));
      counted ||= plays.some((play) => play.outcome === 'counted');
    } catch (error) {
      if (isTransient(error)) {
        if (!isSessionRefusal(error)) console.error('The offline plays could not be sent; they are kept for later', error);
        break;
      }
      console.error('The server refused the offline plays', error);
      answered = new Set(batch.map((play) => play.id));
    }
    // Read again: a play may have been queued meanwhile.
    saveQueue(userId, queuedPlays(userId).filter((play) => !answered.has(play.id)));
  }
  if (!counted) return;
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.tracks.all() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.artists.all() }),
  ]);
}

let sending: Promise<void> | null = null;

/**
 * Sends the queued offline plays (POST /api/v1/me/offline-plays) and drops every play the server
 * answered, whatever its outcome; on a network or server error the rest stay queued. After counted
 * plays, the lists that show play counts are read again. One send at a time.
 */
export function sendOfflinePlays(queryClient: QueryClient): Promise<void> {
  sending ??= sendQueued(queryClient).finally(() => {
    sending = null;
  });
  return sending;
}
