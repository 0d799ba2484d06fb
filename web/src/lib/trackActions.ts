import { createContext, useContext, type ComponentType } from 'react';

/**
 * What every track list, track page and player needs to know about a track. The API's `Track`
 * (web/src/api/schema.ts) has these fields and more, so it can be passed as is.
 */
export interface PlayableTrack {
  id: string;
  title: string;
  artist: string;
  album: string | null;
  duration: number;
  cover_url: string | null;
}

/** Whether a track is the one loaded in the player, and whether it is playing. */
export interface PlaybackState {
  isCurrent: boolean;
  isPlaying: boolean;
}

/**
 * The actions features offer on a track without importing one another: catalog screens render
 * tracks and call these; the player and library features implement them; `src/app` wires the
 * implementation in with `<TrackActionsContext.Provider value={...}>`.
 */
export interface TrackActions {
  /** Plays `track` with `queue` as the queue; on the current track, toggles pause. */
  play(track: PlayableTrack, queue: readonly PlayableTrack[]): void;
  /** 'Play next': puts `tracks` right after the current track (with nothing loaded, plays them) and says so. */
  playNext(tracks: readonly PlayableTrack[]): void;
  /** 'Add to queue': puts `tracks` at the end of the queue (with nothing loaded, plays them) and says so. */
  addToQueue(tracks: readonly PlayableTrack[]): void;
  usePlaybackState(trackId: string): PlaybackState;
  /** A like toggle for the track (a heart button with its label). */
  LikeButton: ComponentType<{ trackId: string; className?: string }>;
  /** The track's option menu (play next, add to queue, add to playlist, ...). */
  TrackMenu: ComponentType<{ track: PlayableTrack }>;
}

const idle: PlaybackState = { isCurrent: false, isPlaying: false };

/** Used until a provider is wired in: tracks render, and no listening action is offered. */
const noActions: TrackActions = {
  play: () => undefined,
  playNext: () => undefined,
  addToQueue: () => undefined,
  usePlaybackState: () => idle,
  LikeButton: () => null,
  TrackMenu: () => null,
};

export const TrackActionsContext = createContext<TrackActions>(noActions);

export function useTrackActions(): TrackActions {
  return useContext(TrackActionsContext);
}
