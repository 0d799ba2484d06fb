import type { QueryClient } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { isExpired, reportPlayStart, streamUrlFor, trackDetailQueryOptions } from '../api/playback';
import { normalisationGain } from '../loudness';
import { usePlaybackSettings } from '../stores/playbackSettings';
import { usePlayerStore, type PlayerStore } from '../stores/playerStore';
import { gainStageOf, routeThroughGain } from './gainStage';

type StreamUrl = components['schemas']['StreamUrl'];

/** How far the store's position may drift from the element's before it counts as a seek. */
const SEEK_TOLERANCE_S = 0.75;

interface LoadedSource {
  trackId: string;
  stream: StreamUrl;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Makes `audio` follow the player store: it loads the current track's signed stream URL, plays
 * and pauses, seeks, applies volume and loudness normalisation, and reports back time, duration,
 * the end of a track and each playback start. Returns the function that unbinds it.
 */
export function bindAudio(audio: HTMLAudioElement, queryClient: QueryClient): () => void {
  const player = () => usePlayerStore.getState();
  let source: LoadedSource | null = null;
  let loudnessGain = 1;
  let loadCount = 0;
  // One fresh URL per failure: a track that fails again before it plays is given up on.
  let retrying = false;
  let reportedStarts = player().starts;

  const isCurrent = (loaded: LoadedSource | null): loaded is LoadedSource =>
    loaded !== null && loaded.trackId === player().currentTrack?.id;

  const applyVolume = () => {
    const gain = usePlaybackSettings.getState().normaliseLoudness ? loudnessGain : 1;
    const stage = gainStageOf(audio);
    if (stage) {
      audio.volume = 1;
      stage.setGain(player().volume * gain);
    } else {
      // Without Web Audio only cuts are possible, through the element's own volume.
      audio.volume = Math.min(1, player().volume * gain);
    }
  };

  const start = async () => {
    if (usePlaybackSettings.getState().normaliseLoudness) routeThroughGain(audio);
    applyVolume();
    try {
      await gainStageOf(audio)?.resume();
      await audio.play();
    } catch (error) {
      if (isAbort(error)) return;
      console.error('Playback could not start', error);
      player().setPlaying(false);
    }
  };

  const load = async (trackId: string, fresh: boolean) => {
    const attempt = ++loadCount;
    source = null;
    try {
      const stream = await streamUrlFor(queryClient, trackId, fresh);
      if (attempt !== loadCount) return;
      source = { trackId, stream };
      audio.src = stream.url;
      if (player().isPlaying) void start();
    } catch (error) {
      if (attempt !== loadCount) return;
      console.error('The track could not be loaded for playback', error);
      player().setPlaying(false);
    }
  };

  const loadLoudness = async (trackId: string) => {
    loudnessGain = 1;
    applyVolume();
    try {
      const detail = await queryClient.query(trackDetailQueryOptions(trackId));
      if (player().currentTrack?.id !== trackId) return;
      loudnessGain = normalisationGain(detail.loudness_lufs);
      applyVolume();
    } catch (error) {
      console.error('The loudness of the track could not be read', error);
    }
  };

  const play = () => {
    if (!source) return; // Still loading: the load starts playback when it is done.
    if (isExpired(source.stream)) void load(source.trackId, true);
    else void start();
  };

  const unload = () => {
    loadCount++;
    source = null;
    audio.pause();
    audio.removeAttribute('src');
    audio.load();
  };

  const followStore = (state: PlayerStore, previous: PlayerStore) => {
    const trackId = state.currentTrack?.id;
    if (trackId !== previous.currentTrack?.id) {
      retrying = false;
      audio.pause();
      if (trackId) {
        void load(trackId, false);
        void loadLoudness(trackId);
      } else {
        unload();
      }
      return;
    }
    if (!isCurrent(source)) return;
    if (Math.abs(audio.currentTime - state.currentTime) > SEEK_TOLERANCE_S && audio.readyState >= HTMLMediaElement.HAVE_METADATA) {
      audio.currentTime = state.currentTime;
    }
    // A restart of the same track (repeat one, or a queue of one with repeat all) plays again.
    const restarted = state.starts !== previous.starts;
    if (state.isPlaying && (restarted || !previous.isPlaying)) play();
    else if (!state.isPlaying && previous.isPlaying) audio.pause();
    if (state.volume !== previous.volume) applyVolume();
  };

  const listeners: Partial<Record<keyof HTMLMediaElementEventMap, () => void>> = {
    loadedmetadata: () => {
      if (!isCurrent(source)) return;
      player().setDuration(audio.duration);
      const resumeAt = player().currentTime;
      if (resumeAt > 0 && Math.abs(audio.currentTime - resumeAt) > SEEK_TOLERANCE_S) audio.currentTime = Math.min(resumeAt, audio.duration);
    },
    timeupdate: () => {
      if (isCurrent(source)) player().setProgress(audio.currentTime);
    },
    ended: () => {
      if (isCurrent(source)) player().trackEnded();
    },
    playing: () => {
      retrying = false;
      const { starts, currentTrack } = player();
      if (!isCurrent(source) || !currentTrack || starts === reportedStarts) return;
      reportedStarts = starts;
      reportPlayStart(currentTrack.id).catch((error: unknown) => {
        console.error('The play could not be reported', error);
      });
    },
    // Paused or resumed from outside the app (a headset button, the system's media controls).
    pause: () => {
      if (isCurrent(source) && !audio.ended && audio.readyState >= HTMLMediaElement.HAVE_METADATA) player().setPlaying(false);
    },
    play: () => {
      if (isCurrent(source)) player().setPlaying(true);
    },
    // A signed URL that expired (403) or a dropped connection: one more try with a fresh URL.
    error: () => {
      if (!isCurrent(source)) return;
      if (!retrying) {
        retrying = true;
        void load(source.trackId, true);
        return;
      }
      console.error('Playback failed', audio.error);
      player().setPlaying(false);
    },
  };

  for (const [event, listener] of Object.entries(listeners)) audio.addEventListener(event, listener);
  const unsubscribePlayer = usePlayerStore.subscribe(followStore);
  const unsubscribeSettings = usePlaybackSettings.subscribe(() => {
    if (usePlaybackSettings.getState().normaliseLoudness && player().isPlaying) routeThroughGain(audio);
    applyVolume();
  });

  const restoredTrack = player().currentTrack;
  if (restoredTrack) {
    void load(restoredTrack.id, false);
    void loadLoudness(restoredTrack.id);
  }

  return () => {
    unsubscribePlayer();
    unsubscribeSettings();
    for (const [event, listener] of Object.entries(listeners)) audio.removeEventListener(event, listener);
    unload();
  };
}
