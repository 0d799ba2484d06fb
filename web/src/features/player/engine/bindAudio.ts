import type { QueryClient } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import type { RefreshStems, StemSource } from '@/lib/stems';
import { canPlayNow, explainUnavailable, offlineAudioUrl } from '@/lib/downloads/availability';
import { isExpired, reportOrQueuePlay, streamUrlFor, trackDetailQueryOptions } from '../api/playback';
import { normalisationGain } from '../loudness';
import { usePlaybackSettings } from '../stores/playbackSettings';
import { usePlayerStore, type PlayerStore } from '../stores/playerStore';
import { gainStageOf, routeThroughGain } from './gainStage';

type StreamUrl = components['schemas']['StreamUrl'];

/** How far the store's position may drift from the element's before it counts as a seek. */
const SEEK_TOLERANCE_S = 0.75;
/** How far a preloaded source may lag the playing one when it is ready; further, it seeks once more. */
const RESYNC_TOLERANCE_S = 0.03;
/** The crossfade from the old source to the new one when AutoMix switches, in steps. */
const CROSSFADE_MS = 60;
const CROSSFADE_STEPS = 6;

interface LoadedSource {
  trackId: string;
  stream: StreamUrl;
}

export interface BindAudioOptions {
  /** The second element, which preloads the next AutoMix source so that a switch has no gap. */
  spare?: HTMLAudioElement;
  /** Reads the current track's stems again when a stem fails to play: their signed URLs expire. */
  refreshStems: RefreshStems;
}

/** A downloaded track's source: it plays from the device and never expires. */
function downloadedSource(url: string): StreamUrl {
  return { url, expires_at: '9999-12-31T23:59:59Z', content_type: '', quality: 'standard' };
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** The URL of what should play: the chosen AutoMix stem, else the full mix of `stream`. */
function wantedUrl(state: PlayerStore, stream: StreamUrl): string {
  const { stems } = state;
  if (stems.status !== 'ready' || stems.source === 'mix') return stream.url;
  return stems[stems.source];
}

/** Which source `url` is of the ready stems; the full mix when it is none of them. */
function sourceOf(state: PlayerStore, url: string | null): StemSource {
  const { stems } = state;
  if (stems.status !== 'ready') return 'mix';
  if (url === stems.vocals) return 'vocals';
  if (url === stems.accompaniment) return 'accompaniment';
  return 'mix';
}

/**
 * Makes the audio element follow the player store: it loads the current track's signed stream
 * URL, plays and pauses, seeks, applies volume and loudness normalisation, and reports back time,
 * duration, the end of a track and each playback start. Returns the function that unbinds it.
 *
 * AutoMix switches between the full mix and its stems without a gap: the new source loads in
 * `spare`, seeks to where the playing one is, and takes over once it can play, with a short
 * crossfade, so the old one is heard until then. The two elements then trade places; the one that
 * plays carries the `data-active` attribute. Without `spare`, a switch reloads the one element at
 * the same position. A stem that fails to play is read again with `refreshStems`, once.
 */
export function bindAudio(primary: HTMLAudioElement, queryClient: QueryClient, { spare, refreshStems }: BindAudioOptions): () => void {
  const player = () => usePlayerStore.getState();
  // The element that plays, and the one that preloads the next AutoMix source.
  let audio = primary;
  let standby = spare ?? null;
  audio.setAttribute('data-active', '');
  // The URL given to `audio`: the track's stream URL or one of its stems.
  let playingUrl: string | null = null;
  // The switch under way: the URL that preloads in `standby`, and how to stop it.
  let pending: { url: string; cancel: () => void } | null = null;
  let source: LoadedSource | null = null;
  let loudnessGain = 1;
  let loadCount = 0;
  // One fresh URL per failure: a track that fails again before it plays is given up on.
  let retrying = false;
  let reportedStarts = player().starts;

  const isCurrent = (loaded: LoadedSource | null): loaded is LoadedSource =>
    loaded !== null && loaded.trackId === player().currentTrack?.id;

  /** Sets `element` to the listener's volume times `level` (0 to 1, for crossfades). */
  const setLevel = (element: HTMLAudioElement, level: number) => {
    const gain = usePlaybackSettings.getState().normaliseLoudness ? loudnessGain : 1;
    const stage = gainStageOf(element);
    if (stage) {
      element.volume = 1;
      stage.setGain(player().volume * gain * level);
    } else {
      // Without Web Audio only cuts are possible, through the element's own volume.
      element.volume = Math.min(1, player().volume * gain * level);
    }
  };

  const applyVolume = () => {
    setLevel(audio, 1);
  };

  const assign = (url: string) => {
    playingUrl = url;
    audio.src = url;
  };

  const cancelSwitch = () => {
    pending?.cancel();
    pending = null;
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

  /** Loads `trackId`: from its download when it has one that may play (unless `streamOnly`), else its signed stream. */
  const load = async (trackId: string, fresh: boolean, streamOnly = false) => {
    const attempt = ++loadCount;
    source = null;
    const downloaded = streamOnly ? null : offlineAudioUrl(trackId);
    try {
      const stream = downloaded ? downloadedSource(downloaded) : await streamUrlFor(queryClient, trackId, fresh);
      if (attempt !== loadCount) return;
      source = { trackId, stream };
      assign(wantedUrl(player(), stream));
      if (player().isPlaying) void start();
    } catch (error) {
      if (attempt !== loadCount) return;
      if (!canPlayNow(trackId)) {
        // Gone offline with a track not downloaded: say why, and go on to one that is.
        explainUnavailable(trackId);
        if (player().isPlaying) player().next();
        return;
      }
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
    cancelSwitch();
    source = null;
    playingUrl = null;
    audio.pause();
    audio.removeAttribute('src');
    audio.load();
  };

  /** Hands playback from `audio` to `next`, which plays `url` at the same position; resolves when done. */
  const takeOver = async (next: HTMLAudioElement, url: string, isCancelled: () => boolean) => {
    const old = audio;
    const handOver = () => {
      audio = next;
      standby = old;
      playingUrl = url;
      pending = null;
      old.removeAttribute('data-active');
      next.setAttribute('data-active', '');
      if (Number.isFinite(next.duration) && next.duration > 0) player().setDuration(next.duration);
    };
    if (!player().isPlaying) {
      handOver();
      old.pause();
      applyVolume();
      return;
    }
    if (usePlaybackSettings.getState().normaliseLoudness) routeThroughGain(next);
    const stage = gainStageOf(next);
    if (stage) stage.silence();
    else next.volume = 0;
    try {
      await stage?.resume();
      await next.play();
    } catch (error) {
      if (!isAbort(error)) console.error('The AutoMix source could not start', error);
      next.pause();
      return;
    }
    if (isCancelled()) {
      next.pause();
      return;
    }
    // Both play, in step: the new one fades in while the old one fades out, then the old one stops.
    handOver();
    let step = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finishFade = () => {
      clearTimeout(timer);
      old.pause();
      setLevel(audio, 1);
      if (pending === fading) pending = null;
    };
    // A track change or another switch during the fade silences the old source at once.
    const fading = { url, cancel: finishFade };
    pending = fading;
    const fade = () => {
      step += 1;
      const level = step / CROSSFADE_STEPS;
      setLevel(audio, level);
      setLevel(old, 1 - level);
      if (step < CROSSFADE_STEPS) timer = setTimeout(fade, CROSSFADE_MS / CROSSFADE_STEPS);
      else finishFade();
    };
    fade();
  };

  /** Plays `url` (a stem or the full mix of the current track) from where the playing source is. */
  const switchTo = (url: string) => {
    cancelSwitch();
    const next = standby;
    if (!next || audio.readyState < HTMLMediaElement.HAVE_METADATA || audio.error) {
      // Nothing to keep playing meanwhile: load in place; loadedmetadata resumes at the store's position.
      assign(url);
      if (player().isPlaying) void start();
      return;
    }
    let cancelled = false;
    let seeked = false;
    let resynced = false;
    const events = ['loadedmetadata', 'loadeddata', 'canplay', 'seeked'] as const;
    const detach = () => {
      for (const event of events) next.removeEventListener(event, step);
      next.removeEventListener('error', failed);
    };
    const step = () => {
      if (cancelled || next.readyState < HTMLMediaElement.HAVE_METADATA || next.seeking) return;
      if (!seeked) {
        seeked = true;
        next.currentTime = audio.currentTime;
        return;
      }
      if (next.readyState < HTMLMediaElement.HAVE_FUTURE_DATA) return;
      // The playing source moved on while this one seeked: one more (short, buffered) seek.
      if (!resynced && !audio.paused && Math.abs(audio.currentTime - next.currentTime) > RESYNC_TOLERANCE_S) {
        resynced = true;
        next.currentTime = audio.currentTime;
        return;
      }
      detach();
      void takeOver(next, url, () => cancelled);
    };
    const failed = () => {
      detach();
      pending = null;
      console.error('The AutoMix source could not be loaded', next.error);
      // Keep playing what plays, and show it as chosen.
      player().selectStemSource(sourceOf(player(), playingUrl));
    };
    pending = {
      url,
      cancel: () => {
        cancelled = true;
        detach();
        next.pause();
      },
    };
    for (const event of events) next.addEventListener(event, step);
    next.addEventListener('error', failed);
    next.preload = 'auto';
    next.src = url;
  };

  /** Back to the full mix when its signed URL has expired: a fresh one first. */
  const switchToFreshMix = async (trackId: string) => {
    cancelSwitch();
    const attempt = loadCount;
    try {
      const stream = await streamUrlFor(queryClient, trackId, true);
      if (attempt !== loadCount || !isCurrent(source)) return;
      source = { trackId, stream };
      if (wantedUrl(player(), stream) === stream.url) switchTo(stream.url);
    } catch (error) {
      console.error('The track could not be loaded for playback', error);
    }
  };

  /** Reports the current start of the current track, once. */
  const reportStart = () => {
    const { starts, currentTrack } = player();
    if (!isCurrent(source) || !currentTrack || starts === reportedStarts) return;
    reportedStarts = starts;
    reportOrQueuePlay(queryClient, currentTrack.id).catch((error: unknown) => {
      console.error('The play could not be reported', error);
    });
  };

  const followStore = (state: PlayerStore, previous: PlayerStore) => {
    const trackId = state.currentTrack?.id;
    if (trackId !== previous.currentTrack?.id) {
      retrying = false;
      cancelSwitch();
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
    if (state.stems !== previous.stems) {
      const url = wantedUrl(state, source.stream);
      if (url === playingUrl) cancelSwitch();
      else if (url === source.stream.url && isExpired(source.stream)) void switchToFreshMix(source.trackId);
      else if (url !== pending?.url) switchTo(url);
    }
    if (Math.abs(audio.currentTime - state.currentTime) > SEEK_TOLERANCE_S && audio.readyState >= HTMLMediaElement.HAVE_METADATA) {
      audio.currentTime = state.currentTime;
    }
    // A restart of the same track (repeat one, or a queue of one with repeat all) plays again.
    const restarted = state.starts !== previous.starts;
    // Audio that is playing sends no 'playing' when it starts over (the same track queued twice,
    // next to itself): that start is reported here.
    if (restarted && state.isPlaying && !audio.paused) reportStart();
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
      reportStart();
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
      if (!retrying && playingUrl !== source.stream.url) {
        // A stem: its URLs are signed too; asking for the stems again signs them afresh.
        retrying = true;
        const { trackId } = source;
        refreshStems(trackId).then(
          (stems) => {
            player().setStems(trackId, stems);
          },
          (error: unknown) => {
            console.error('The AutoMix stems could not be loaded again', error);
            player().setPlaying(false);
          },
        );
        return;
      }
      if (!retrying) {
        retrying = true;
        // A download that fails to play (no service worker to answer it yet) streams instead.
        void load(source.trackId, true, source.stream.url === offlineAudioUrl(source.trackId));
        return;
      }
      console.error('Playback failed', audio.error);
      player().setPlaying(false);
    },
  };

  // Both elements report, but only what the playing one says counts.
  const elements = standby ? [primary, standby] : [primary];
  const bound = Object.entries(listeners).map(([event, listener]) => {
    const handler = (event_: Event) => {
      if (event_.currentTarget === audio) listener();
    };
    return [event, handler] as const;
  });
  for (const element of elements) for (const [event, handler] of bound) element.addEventListener(event, handler);
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
    for (const element of elements) for (const [event, handler] of bound) element.removeEventListener(event, handler);
    unload();
    if (standby) {
      standby.pause();
      standby.removeAttribute('src');
      standby.load();
    }
    audio.removeAttribute('data-active');
  };
}
