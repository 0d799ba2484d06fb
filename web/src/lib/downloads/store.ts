import { create } from 'zustand';
import type { OfflineStatus, StreamQuality, Track } from './types';

/** A track kept on this device for offline listening. */
export interface DownloadedTrack {
  /** The catalog track as the server returned it with the grant. */
  track: Track;
  quality: StreamQuality;
  /** Bytes of the audio and the cover. */
  size: number;
  downloaded_at: string;
  /** Whether its cover is stored beside the audio. */
  has_cover: boolean;
}

/** A download under way: bytes received and, when the server said it, how many there are. */
export interface DownloadProgress {
  received: number;
  total: number | null;
}

export interface DownloadsState {
  /** The signed-in user whose downloads these are; null when nobody is. */
  userId: string | null;
  items: Record<string, DownloadedTrack>;
  /** The last answer about the plan's offline rules (check-in or grant); null before the first. */
  status: OfflineStatus | null;
  /** Grants removed on this device whose removal has not reached the server yet. */
  releasing: string[];
  /** Tracks asked for or downloading now. */
  inFlight: Record<string, DownloadProgress>;
}

/** What is kept per user across reloads. */
export type PersistedDownloads = Pick<DownloadsState, 'items' | 'status' | 'releasing'>;

const empty: PersistedDownloads = { items: {}, status: null, releasing: [] };

const STORAGE_PREFIX = 'backbeat-downloads:';

export function downloadsStorageKey(userId: string): string {
  return `${STORAGE_PREFIX}${userId}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A stored download, when it is one; one stored without `has_cover` has none. */
function downloadedTrackOf(value: unknown): DownloadedTrack | null {
  if (!isRecord(value) || !isRecord(value.track)) return null;
  if (typeof value.track.id !== 'string' || typeof value.size !== 'number' || typeof value.downloaded_at !== 'string') return null;
  return { ...(value as unknown as DownloadedTrack), has_cover: value.has_cover === true };
}

/** `record` without the keys `ids`. */
function without<T>(record: Record<string, T>, ids: readonly string[]): Record<string, T> {
  const drop = new Set(ids);
  return Object.fromEntries(Object.entries(record).filter(([id]) => !drop.has(id)));
}

/** A user's stored downloads, taking only well-formed entries. */
export function loadDownloads(userId: string): PersistedDownloads {
  let stored: unknown;
  try {
    stored = JSON.parse(localStorage.getItem(downloadsStorageKey(userId)) ?? 'null');
  } catch {
    return empty;
  }
  if (!isRecord(stored)) return empty;
  const items: Record<string, DownloadedTrack> = {};
  if (isRecord(stored.items)) {
    for (const [id, value] of Object.entries(stored.items)) {
      const item = downloadedTrackOf(value);
      if (item) items[id] = item;
    }
  }
  const status = isRecord(stored.status) && typeof stored.status.valid_until === 'string' ? (stored.status as unknown as OfflineStatus) : null;
  const releasing = Array.isArray(stored.releasing) ? stored.releasing.filter((id): id is string => typeof id === 'string') : [];
  return { items, status, releasing };
}

function saveDownloads(userId: string, { items, status, releasing }: PersistedDownloads): void {
  try {
    localStorage.setItem(downloadsStorageKey(userId), JSON.stringify({ items, status, releasing }));
  } catch (error) {
    console.error('The downloads could not be saved', error);
  }
}

/** Whether another user of this browser keeps `trackId`: its cached audio is theirs too. */
export function keptByAnotherUser(trackId: string, userId: string | null): boolean {
  for (let index = 0; index < localStorage.length; index++) {
    const key = localStorage.key(index);
    if (!key?.startsWith(STORAGE_PREFIX) || key === (userId && downloadsStorageKey(userId))) continue;
    if (trackId in loadDownloads(key.slice(STORAGE_PREFIX.length)).items) return true;
  }
  return false;
}

export interface DownloadsActions {
  /** Reads `userId`'s downloads from storage; null: nobody is signed in. */
  setUser: (userId: string | null) => void;
  added: (item: DownloadedTrack) => void;
  forgotten: (trackIds: readonly string[]) => void;
  setStatus: (status: OfflineStatus) => void;
  setReleasing: (trackIds: readonly string[]) => void;
  setProgress: (trackId: string, progress: DownloadProgress) => void;
  settled: (trackIds: readonly string[]) => void;
}

export const useDownloadsStore = create<DownloadsState & DownloadsActions>()((set) => ({
  userId: null,
  ...empty,
  inFlight: {},
  setUser: (userId) => {
    set({ userId, ...(userId === null ? empty : loadDownloads(userId)), inFlight: {} });
  },
  added: (item) => {
    set((state) => ({ items: { ...state.items, [item.track.id]: item } }));
  },
  forgotten: (trackIds) => {
    set((state) => ({ items: without(state.items, trackIds) }));
  },
  setStatus: (status) => {
    set({ status });
  },
  setReleasing: (releasing) => {
    set({ releasing: [...new Set(releasing)] });
  },
  setProgress: (trackId, progress) => {
    set((state) => ({ inFlight: { ...state.inFlight, [trackId]: progress } }));
  },
  settled: (trackIds) => {
    set((state) => ({ inFlight: without(state.inFlight, trackIds) }));
  },
}));

useDownloadsStore.subscribe((state, previous) => {
  if (state.userId === null || state.userId !== previous.userId) return;
  if (state.items === previous.items && state.status === previous.status && state.releasing === previous.releasing) return;
  saveDownloads(state.userId, state);
});

export const downloads = () => useDownloadsStore.getState();

/** Whether the last check-in's `valid_until` has passed: downloads then no longer play offline. */
export function hasExpired(status: OfflineStatus | null, now = Date.now()): boolean {
  return status !== null && Date.parse(status.valid_until) <= now;
}

/** Bytes all downloads take. */
export function spaceUsed(items: Record<string, DownloadedTrack>): number {
  return Object.values(items).reduce((total, item) => total + item.size, 0);
}
