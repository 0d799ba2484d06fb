import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { canPlayNow, explainUnavailable } from '@/lib/downloads/availability';
import type { StemSource, Stems } from '@/lib/stems';
import type { PlayableTrack } from '@/lib/trackActions';
import {
  entryOf,
  indexOfEntry,
  requestedAfter,
  restoredCurrent,
  restoredQueue,
  withMovedInUpNext,
  withNext,
  type QueueEntry,
} from './queue';

export type { QueueEntry } from './queue';

export type RepeatMode = 'off' | 'all' | 'one';

const DEFAULT_VOLUME = 0.7;
export const PLAYER_STORAGE_KEY = 'music-player-storage';

export interface PlayerState {
  /** The entry of the queue that is loaded. */
  currentTrack: QueueEntry | null;
  queue: QueueEntry[];
  isPlaying: boolean;
  /** 0 to 1. */
  volume: number;
  /** The volume before muting; unmuting restores it. */
  volumeBeforeMute: number;
  /** Position in the current track, in seconds. */
  currentTime: number;
  /** Length of the loaded audio in seconds; 0 until it is known. */
  duration: number;
  repeat: RepeatMode;
  shuffle: boolean;
  stems: Stems;
  /** Counts every start of a track from its beginning, so that each start is reported once. */
  starts: number;
}

export interface PlayerActions {
  /** Plays `track` with `queue` as the new queue; on the current track, toggles pause. */
  play: (track: PlayableTrack, queue: readonly PlayableTrack[]) => void;
  /** Puts `tracks` right after the current entry, in their order; with nothing loaded, plays them as the queue. */
  playNext: (tracks: readonly PlayableTrack[]) => void;
  /** Puts `tracks` at the end of the queue; with nothing loaded, plays them as the queue. */
  addToQueue: (tracks: readonly PlayableTrack[]) => void;
  /** Loads the queue's entry `key` and starts it from the beginning. */
  skipTo: (key: string) => void;
  /** Moves the Up Next entry `key` to `position` (0 first) of Up Next. */
  moveInUpNext: (key: string, position: number) => void;
  /** Takes the entry `key` out of the queue; the current entry stays. */
  removeFromQueue: (key: string) => void;
  togglePlay: () => void;
  setPlaying: (playing: boolean) => void;
  next: () => void;
  previous: () => void;
  /** The audio reached its end. */
  trackEnded: () => void;
  cycleRepeat: () => void;
  toggleShuffle: () => void;
  setVolume: (volume: number) => void;
  toggleMute: () => void;
  /** Moves to `time` seconds, kept between 0 and the duration. */
  seek: (time: number) => void;
  /** Where the audio is now (from the audio element, not the listener). */
  setProgress: (time: number) => void;
  setDuration: (duration: number) => void;
  /**
   * What the server says about `trackId`'s stems. Ignored unless `trackId` is still the current
   * track, so a late answer for a track the listener left changes nothing. A ready answer keeps
   * the source already chosen (a poll refreshing the URLs does not switch the sound).
   */
  setStems: (trackId: string, stems: Stems) => void;
  /** Plays the vocals, the accompaniment or the full mix; only while the stems are ready. */
  selectStemSource: (source: StemSource) => void;
  /** Back to none: the full mix plays again. */
  resetStems: () => void;
}

export type PlayerStore = PlayerState & PlayerActions;

/**
 * The fields kept across reloads, and only these: the current track, the queue, the volume, the
 * position in the track, repeat and shuffle. isPlaying, duration and stems are not.
 */
export type PersistedPlayerState = Pick<PlayerState, 'currentTrack' | 'queue' | 'volume' | 'currentTime' | 'repeat' | 'shuffle'>;

const nextRepeat: Record<RepeatMode, RepeatMode> = { off: 'all', all: 'one', one: 'off' };

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** Whether the entry can play now: always online; offline, only from a download that may play. */
const playable = (entry: { id: string }) => canPlayNow(entry.id);

/** Whether `track` can play now; when it cannot, a toast says why. */
function playableOrExplain(track: { id: string }): boolean {
  if (playable(track)) return true;
  explainUnavailable(track.id);
  return false;
}

/** A random entry that can play now, other than the one at `current` when there is a choice. */
function randomPlayable(queue: readonly QueueEntry[], current: number): QueueEntry | undefined {
  const choices = queue.map((entry, index) => ({ entry, index })).filter(({ entry }) => playable(entry));
  const others = choices.filter(({ index }) => index !== current);
  const pool = others.length > 0 ? others : choices;
  return pool[Math.floor(Math.random() * pool.length)]?.entry;
}

const initialState: PlayerState = {
  currentTrack: null,
  queue: [],
  isPlaying: false,
  volume: DEFAULT_VOLUME,
  volumeBeforeMute: DEFAULT_VOLUME,
  currentTime: 0,
  duration: 0,
  repeat: 'off',
  shuffle: false,
  stems: { status: 'none' },
  starts: 0,
};

/** Takes from storage only well-formed values, so an old or edited entry cannot break the player. */
function restored(stored: unknown): Partial<PersistedPlayerState> {
  if (typeof stored !== 'object' || stored === null) return {};
  const state = stored as Record<string, unknown>;
  const result: Partial<PersistedPlayerState> = {};
  if (Array.isArray(state.queue)) result.queue = restoredQueue(state.queue);
  const current = state.currentTrack === null ? null : restoredCurrent(state.currentTrack, result.queue ?? []);
  if (current !== undefined) result.currentTrack = current;
  if (typeof state.volume === 'number') result.volume = clamp(state.volume, 0, 1);
  if (typeof state.currentTime === 'number' && state.currentTime >= 0) result.currentTime = state.currentTime;
  if (state.repeat === 'off' || state.repeat === 'all' || state.repeat === 'one') result.repeat = state.repeat;
  if (typeof state.shuffle === 'boolean') result.shuffle = state.shuffle;
  return result;
}

/**
 * The player's rules: what plays, what comes next (queue, repeat, shuffle), volume and position. It
 * holds no audio element, so every rule is a plain state change.
 */
export const usePlayerStore = create<PlayerStore>()(
  persist(
    (set, get) => {
      const indexOfCurrent = () => {
        const { queue, currentTrack } = get();
        return indexOfEntry(queue, currentTrack?.key);
      };
      const stop = () => {
        set({ currentTrack: null, isPlaying: false, currentTime: 0, duration: 0, stems: { status: 'none' } });
      };
      /** Loads `entry` and starts it from the beginning; once played, it is no longer a request. */
      const start = ({ requested, ...entry }: QueueEntry) => {
        set((state) => ({
          currentTrack: entry,
          queue: requested ? state.queue.map((queued) => (queued.key === entry.key ? entry : queued)) : state.queue,
          isPlaying: true,
          currentTime: 0,
          duration: 0,
          stems: { status: 'none' },
          starts: state.starts + 1,
        }));
      };
      /** With nothing loaded, `tracks` become the queue and the first plays; says whether they did. */
      const startWhenIdle = (tracks: readonly PlayableTrack[]) => {
        if (get().currentTrack) return false;
        const queue = tracks.map((track) => entryOf(track));
        set({ queue });
        const first = queue.find(playable);
        if (first) start(first);
        else if (queue[0]) explainUnavailable(queue[0].id);
        return true;
      };

      return {
        ...initialState,
        play: (track, queue) => {
          if (get().currentTrack?.id === track.id) {
            get().togglePlay();
            return;
          }
          if (!playableOrExplain(track)) return;
          const tracks = queue.some((queued) => queued.id === track.id) ? queue : [track, ...queue];
          const entries = tracks.map((queued) => entryOf(queued));
          set({ queue: entries });
          const first = entries.find((entry) => entry.id === track.id);
          if (first) start(first);
        },
        playNext: (tracks) => {
          if (startWhenIdle(tracks)) return;
          const entries = tracks.map((track) => entryOf(track, { requested: true }));
          set((state) => ({ queue: withNext(state.queue, state.currentTrack, entries) }));
        },
        addToQueue: (tracks) => {
          if (startWhenIdle(tracks)) return;
          const entries = tracks.map((track) => entryOf(track, { requested: true }));
          set((state) => ({ queue: [...state.queue, ...entries] }));
        },
        skipTo: (key) => {
          const entry = get().queue.find((queued) => queued.key === key);
          if (entry && playableOrExplain(entry)) start(entry);
        },
        moveInUpNext: (key, position) => {
          set((state) => ({ queue: withMovedInUpNext(state.queue, state.currentTrack, key, position) }));
        },
        removeFromQueue: (key) => {
          if (get().currentTrack?.key === key) return;
          set((state) => ({ queue: state.queue.filter((entry) => entry.key !== key) }));
        },
        togglePlay: () => {
          const { currentTrack, isPlaying } = get();
          if (!currentTrack || (!isPlaying && !playableOrExplain(currentTrack))) return;
          set((state) => ({ isPlaying: !state.isPlaying }));
        },
        setPlaying: (playing) => {
          if (!get().currentTrack) return;
          set({ isPlaying: playing });
        },
        next: () => {
          const { queue, shuffle, repeat } = get();
          if (queue.length === 0) return;
          const current = indexOfCurrent();
          // Offline, the tracks that cannot play are passed over.
          const following = shuffle
            ? (requestedAfter(queue, current, playable) ?? randomPlayable(queue, current))
            : queue.slice(current + 1).find(playable);
          const fromStart = repeat === 'all' ? queue.find(playable) : undefined;
          if (following) start(following);
          else if (fromStart) start(fromStart);
          else stop();
        },
        previous: () => {
          const { queue, shuffle } = get();
          const current = indexOfCurrent();
          if (shuffle) {
            const pick = randomPlayable(queue, current);
            if (pick) start(pick);
            return;
          }
          const prior = queue.slice(0, Math.max(current, 0)).reverse().find(playable);
          if (prior) start(prior);
        },
        trackEnded: () => {
          if (get().repeat === 'one') {
            set((state) => ({ currentTime: 0, isPlaying: true, starts: state.starts + 1 }));
            return;
          }
          get().next();
        },
        cycleRepeat: () => {
          set((state) => ({ repeat: nextRepeat[state.repeat] }));
        },
        toggleShuffle: () => {
          set((state) => ({ shuffle: !state.shuffle }));
        },
        setVolume: (volume) => {
          set({ volume: clamp(volume, 0, 1) });
        },
        toggleMute: () => {
          const { volume, volumeBeforeMute } = get();
          if (volume > 0) set({ volume: 0, volumeBeforeMute: volume });
          else set({ volume: volumeBeforeMute > 0 ? volumeBeforeMute : DEFAULT_VOLUME });
        },
        seek: (time) => {
          set((state) => ({ currentTime: clamp(time, 0, state.duration) }));
        },
        setProgress: (time) => {
          set({ currentTime: Math.max(0, time) });
        },
        setDuration: (duration) => {
          set({ duration: Number.isFinite(duration) && duration > 0 ? duration : 0 });
        },
        setStems: (trackId, stems) => {
          const { currentTrack, stems: previous } = get();
          if (currentTrack?.id !== trackId) return;
          if (stems.status === 'ready' && previous.status === 'ready') {
            set({ stems: { ...stems, source: previous.source } });
            return;
          }
          set({ stems });
        },
        selectStemSource: (source) => {
          const { stems } = get();
          if (stems.status !== 'ready' || stems.source === source) return;
          set({ stems: { ...stems, source } });
        },
        resetStems: () => {
          set({ stems: { status: 'none' } });
        },
      };
    },
    {
      name: PLAYER_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ currentTrack, queue, volume, currentTime, repeat, shuffle }): PersistedPlayerState => ({
        currentTrack,
        queue,
        volume,
        currentTime,
        repeat,
        shuffle,
      }),
      merge: (stored, current) => ({ ...current, ...restored(stored) }),
    },
  ),
);

/** The store's starting state, for tests that begin from a fresh player. */
export const initialPlayerState: PlayerState = initialState;
