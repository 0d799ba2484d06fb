import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { PlayableTrack } from '@/lib/trackActions';

export type RepeatMode = 'off' | 'all' | 'one';

/** Which version of the current track plays: the full mix, or one of its AutoMix stems. */
export type StemSource = 'mix' | 'vocals' | 'accompaniment';

/**
 * AutoMix: the vocals and accompaniment of the current track, once separated. While loading,
 * `progress` is the server's percentage (0 to 100); when ready, `source` is what plays.
 */
export type Stems =
  | { status: 'none' }
  | { status: 'loading'; progress: number }
  | { status: 'ready'; vocals: string; accompaniment: string; source: StemSource }
  | { status: 'error'; message: string };

const DEFAULT_VOLUME = 0.7;
export const PLAYER_STORAGE_KEY = 'music-player-storage';

export interface PlayerState {
  currentTrack: PlayableTrack | null;
  queue: PlayableTrack[];
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
  /** Loads `track` and starts it from the beginning. */
  setCurrentTrack: (track: PlayableTrack) => void;
  /** Plays `track` with `queue` as the new queue; on the current track, toggles pause. */
  play: (track: PlayableTrack, queue: readonly PlayableTrack[]) => void;
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

/** The fields kept across reloads, exactly SPEC's list; isPlaying, duration and stems are not. */
export type PersistedPlayerState = Pick<PlayerState, 'currentTrack' | 'queue' | 'volume' | 'currentTime' | 'repeat' | 'shuffle'>;

const nextRepeat: Record<RepeatMode, RepeatMode> = { off: 'all', all: 'one', one: 'off' };

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** Only the fields a player needs, so that a full API track is not stored whole. */
function playable({ id, title, artist, album, duration, cover_url }: PlayableTrack): PlayableTrack {
  return { id, title, artist, album, duration, cover_url };
}

/** A random queue position, other than `current` when there is a choice. */
function randomIndex(length: number, current: number): number {
  if (length <= 1) return 0;
  const pick = Math.floor(Math.random() * (length - 1));
  return current >= 0 && pick >= current ? pick + 1 : pick;
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

function isTrack(value: unknown): value is PlayableTrack {
  if (typeof value !== 'object' || value === null) return false;
  const track = value as Record<string, unknown>;
  return typeof track.id === 'string' && typeof track.title === 'string' && typeof track.artist === 'string';
}

/** Takes from storage only well-formed values, so an old or edited entry cannot break the player. */
function restored(stored: unknown): Partial<PersistedPlayerState> {
  if (typeof stored !== 'object' || stored === null) return {};
  const state = stored as Record<string, unknown>;
  const result: Partial<PersistedPlayerState> = {};
  if (state.currentTrack === null || isTrack(state.currentTrack)) result.currentTrack = state.currentTrack;
  if (Array.isArray(state.queue)) result.queue = state.queue.filter(isTrack);
  if (typeof state.volume === 'number') result.volume = clamp(state.volume, 0, 1);
  if (typeof state.currentTime === 'number' && state.currentTime >= 0) result.currentTime = state.currentTime;
  if (state.repeat === 'off' || state.repeat === 'all' || state.repeat === 'one') result.repeat = state.repeat;
  if (typeof state.shuffle === 'boolean') result.shuffle = state.shuffle;
  return result;
}

/** The player: SPEC section 4's rules. It holds no audio element, so every rule is a plain state change. */
export const usePlayerStore = create<PlayerStore>()(
  persist(
    (set, get) => {
      const indexOfCurrent = () => {
        const { queue, currentTrack } = get();
        return currentTrack ? queue.findIndex((track) => track.id === currentTrack.id) : -1;
      };
      const stop = () => {
        set({ currentTrack: null, isPlaying: false, currentTime: 0, duration: 0, stems: { status: 'none' } });
      };

      return {
        ...initialState,
        setCurrentTrack: (track) => {
          set((state) => ({
            currentTrack: playable(track),
            isPlaying: true,
            currentTime: 0,
            duration: 0,
            stems: { status: 'none' },
            starts: state.starts + 1,
          }));
        },
        play: (track, queue) => {
          if (get().currentTrack?.id === track.id) {
            get().togglePlay();
            return;
          }
          const tracks = queue.some((queued) => queued.id === track.id) ? queue : [track, ...queue];
          set({ queue: tracks.map(playable) });
          get().setCurrentTrack(track);
        },
        togglePlay: () => {
          if (!get().currentTrack) return;
          set((state) => ({ isPlaying: !state.isPlaying }));
        },
        setPlaying: (playing) => {
          if (!get().currentTrack) return;
          set({ isPlaying: playing });
        },
        next: () => {
          const { queue, shuffle, repeat, setCurrentTrack } = get();
          if (queue.length === 0) return;
          const current = indexOfCurrent();
          const following = shuffle ? queue[randomIndex(queue.length, current)] : queue[current + 1];
          if (following) setCurrentTrack(following);
          else if (repeat === 'all' && queue[0]) setCurrentTrack(queue[0]);
          else stop();
        },
        previous: () => {
          const { queue, shuffle, setCurrentTrack } = get();
          const current = indexOfCurrent();
          if (shuffle) {
            const pick = queue[randomIndex(queue.length, current)];
            if (pick) setCurrentTrack(pick);
            return;
          }
          const prior = current > 0 ? queue[current - 1] : undefined;
          if (prior) setCurrentTrack(prior);
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
