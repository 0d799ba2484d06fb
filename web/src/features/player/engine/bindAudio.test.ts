import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/lib/queryKeys';
import type { RefreshStems } from '@/lib/stems';
import { downloads } from '@/lib/downloads/store';
import { downloadedOf, offlineStatusOf } from '@/test/downloads';
import { playableTrackOf } from '@/test/fixtures';
import { testQueryClient } from '@/test/render';
import { isExpired, reportOrQueuePlay, streamUrlFor } from '../api/playback';
import { usePlaybackSettings } from '../stores/playbackSettings';
import { initialPlayerState, usePlayerStore } from '../stores/playerStore';
import { bindAudio } from './bindAudio';

vi.mock('../api/playback', () => ({
  streamUrlFor: vi.fn(),
  isExpired: vi.fn(),
  reportOrQueuePlay: vi.fn(),
  // Measured at -8 LUFS: normalisation turns it down 6 dB (gain 0.5).
  trackDetailQueryOptions: (trackId: string) => ({
    queryKey: queryKeys.player.track(trackId),
    queryFn: () => Promise.resolve({ id: trackId, loudness_lufs: -8 }),
  }),
}));

vi.mock('@/lib/auth', () => ({ auth: {} }));

const [a, b] = [playableTrackOf('a', { duration: 100 }), playableTrackOf('b', { duration: 100 })];
const player = () => usePlayerStore.getState();
/** AutoMix's side: the stems read again when a stem fails to play. */
const refreshStems = vi.fn<RefreshStems>();
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let audio: HTMLAudioElement;
let unbind: () => void;
let play: ReturnType<typeof vi.fn<() => Promise<void>>>;
let pause: ReturnType<typeof vi.fn<() => void>>;

/** Sets what jsdom's media element cannot work out by itself. */
function mediaState(state: Partial<Record<'readyState' | 'duration' | 'ended', number | boolean>>) {
  for (const [key, value] of Object.entries(state)) Object.defineProperty(audio, key, { value, configurable: true });
}

function fire(event: string) {
  audio.dispatchEvent(new Event(event));
}

describe('bindAudio', () => {
  beforeEach(() => {
    localStorage.clear();
    usePlayerStore.setState(initialPlayerState);
    usePlaybackSettings.setState({ normaliseLoudness: true });
    vi.mocked(streamUrlFor).mockImplementation((_client, trackId, fresh = false) =>
      Promise.resolve({
        url: `/api/v1/tracks/${trackId}/stream?sig=${fresh ? 'fresh' : 'first'}`,
        expires_at: '2099-01-01T00:00:00Z',
        content_type: 'audio/mpeg',
        quality: 'standard',
      }),
    );
    vi.mocked(isExpired).mockReturnValue(false);
    vi.mocked(reportOrQueuePlay).mockResolvedValue(undefined);
    audio = document.createElement('audio');
    play = vi.fn(() => Promise.resolve());
    audio.play = play;
    pause = vi.fn();
    audio.pause = pause;
    audio.load = vi.fn();
    unbind = bindAudio(audio, testQueryClient(), { refreshStems });
  });

  afterEach(() => {
    unbind();
  });

  it('plays a downloaded track from the device without asking for a stream URL', async () => {
    downloads().setUser('ann');
    downloads().added(downloadedOf('a'));
    downloads().setStatus(offlineStatusOf());
    player().play(a, [a, b]);
    await settle();

    expect(streamUrlFor).not.toHaveBeenCalled();
    expect(audio.getAttribute('src')).toBe('/offline-media/audio/a');
    expect(play).toHaveBeenCalled();

    // Without a service worker to answer it, the download fails to play: the stream plays instead.
    fire('error');
    await settle();
    expect(audio.getAttribute('src')).toBe('/api/v1/tracks/a/stream?sig=fresh');
    downloads().setUser(null);
  });

  it('loads the signed stream URL of the track that becomes current, and plays it', async () => {
    player().play(a, [a, b]);
    await settle();

    expect(streamUrlFor).toHaveBeenCalledWith(expect.any(QueryClient), 'a', false);
    expect(audio.getAttribute('src')).toBe('/api/v1/tracks/a/stream?sig=first');
    expect(play).toHaveBeenCalled();
  });

  it('reports each start of a track once, and not a resume', async () => {
    player().play(a, [a]);
    await settle();

    fire('playing');
    player().togglePlay();
    player().togglePlay();
    fire('playing');
    expect(reportOrQueuePlay).toHaveBeenCalledTimes(1);
    expect(reportOrQueuePlay).toHaveBeenCalledWith(expect.any(QueryClient), 'a');

    usePlayerStore.setState({ repeat: 'one' });
    player().trackEnded();
    fire('playing');
    expect(reportOrQueuePlay).toHaveBeenCalledTimes(2);
  });

  it('reports the start of the same track queued next to itself, though the audio never stopped', async () => {
    vi.mocked(reportOrQueuePlay).mockClear();
    player().play(a, [a, b]);
    await settle();
    Object.defineProperty(audio, 'paused', { value: false, configurable: true });
    fire('playing');
    player().playNext([a]);

    player().next();

    expect(reportOrQueuePlay).toHaveBeenCalledTimes(2);
    expect(reportOrQueuePlay).toHaveBeenLastCalledWith(expect.any(QueryClient), 'a');
    fire('playing');
    expect(reportOrQueuePlay).toHaveBeenCalledTimes(2);
  });

  it('follows the track end rule when the audio ends', async () => {
    player().play(a, [a, b]);
    await settle();
    mediaState({ ended: true });

    fire('ended');

    expect(player().currentTrack?.id).toBe('b');
  });

  it('restores the stored position once the audio knows its length', async () => {
    player().play(a, [a]);
    await settle();
    usePlayerStore.setState({ currentTime: 42 });
    mediaState({ readyState: HTMLMediaElement.HAVE_METADATA, duration: 100 });

    fire('loadedmetadata');

    expect(player().duration).toBe(100);
    expect(audio.currentTime).toBe(42);
  });

  it('moves the audio when the listener seeks, and keeps the store in step while it plays', async () => {
    player().play(a, [a]);
    await settle();
    mediaState({ readyState: HTMLMediaElement.HAVE_METADATA, duration: 100 });
    fire('loadedmetadata');

    player().seek(30);
    expect(audio.currentTime).toBe(30);

    audio.currentTime = 31.2;
    fire('timeupdate');
    expect(player().currentTime).toBe(31.2);
  });

  it('tries a fresh stream URL once after a playback error, then only logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    player().play(a, [a]);
    await settle();

    fire('error');
    await settle();
    expect(streamUrlFor).toHaveBeenLastCalledWith(expect.any(QueryClient), 'a', true);
    expect(audio.getAttribute('src')).toBe('/api/v1/tracks/a/stream?sig=fresh');

    fire('error');
    expect(logged).toHaveBeenCalledWith('Playback failed', audio.error);
    expect(player().isPlaying).toBe(false);
  });

  it('only logs a start the browser refuses, and shows the player paused', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    play.mockRejectedValue(new DOMException('Autoplay is not allowed', 'NotAllowedError'));

    player().play(a, [a]);
    await settle();
    await settle();

    expect(logged).toHaveBeenCalledWith('Playback could not start', expect.any(DOMException));
    expect(player().isPlaying).toBe(false);
  });

  it('plays at the volume, turned down to -14 LUFS while normalisation is on', async () => {
    player().play(a, [a]);
    await settle();
    await settle();

    player().setVolume(0.5);
    expect(audio.volume).toBeCloseTo(0.5 * 10 ** (-6 / 20));

    usePlaybackSettings.getState().setNormaliseLoudness(false);
    expect(audio.volume).toBeCloseTo(0.5);
  });

  it('unloads the audio when the queue ends', async () => {
    player().play(a, [a]);
    await settle();

    player().next();

    expect(audio.hasAttribute('src')).toBe(false);
    expect(pause).toHaveBeenCalled();
  });
});

/** A media element whose play, pause and load only record what the engine asked for. */
function fakeMedia() {
  const element = document.createElement('audio');
  let paused = true;
  Object.defineProperty(element, 'paused', { get: () => paused, configurable: true });
  const play = vi.fn(() => {
    paused = false;
    return Promise.resolve();
  });
  const pause = vi.fn(() => {
    paused = true;
  });
  element.play = play;
  element.pause = pause;
  element.load = vi.fn();
  const state = (values: Partial<Record<'readyState' | 'duration' | 'seeking', number | boolean>>) => {
    for (const [key, value] of Object.entries(values)) Object.defineProperty(element, key, { value, configurable: true });
  };
  const fire = (event: string) => element.dispatchEvent(new Event(event));
  return { element, play, pause, state, fire };
}

const VOCALS = '/api/v1/tracks/a/stems/vocals?sig=1';
const MUSIC = '/api/v1/tracks/a/stems/accompaniment?sig=1';
const MIX = '/api/v1/tracks/a/stream?sig=first';
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('bindAudio with AutoMix', () => {
  let main: ReturnType<typeof fakeMedia>;
  let spare: ReturnType<typeof fakeMedia>;
  let unbindBoth: () => void;

  /** Plays track a from 30 s, its stems ready. */
  async function playingWithStems(playing = true) {
    player().play(a, [a, b]);
    await settle();
    await settle();
    main.state({ readyState: HTMLMediaElement.HAVE_ENOUGH_DATA, duration: 100 });
    main.fire('loadedmetadata');
    main.element.currentTime = 30;
    main.fire('timeupdate');
    if (!playing) player().togglePlay();
    main.pause.mockClear();
    player().setStems('a', { status: 'ready', vocals: VOCALS, accompaniment: MUSIC, source: 'mix' });
  }

  /** The spare element loads, seeks where it is told and can play. */
  function spareBecomesReady() {
    spare.state({ readyState: HTMLMediaElement.HAVE_METADATA, duration: 100 });
    spare.fire('loadedmetadata');
    spare.state({ readyState: HTMLMediaElement.HAVE_ENOUGH_DATA });
    spare.fire('seeked');
  }

  beforeEach(() => {
    localStorage.clear();
    usePlayerStore.setState(initialPlayerState);
    usePlaybackSettings.setState({ normaliseLoudness: false });
    vi.mocked(streamUrlFor).mockImplementation((_client, trackId, fresh = false) =>
      Promise.resolve({
        url: `/api/v1/tracks/${trackId}/stream?sig=${fresh ? 'fresh' : 'first'}`,
        expires_at: '2099-01-01T00:00:00Z',
        content_type: 'audio/mpeg',
        quality: 'standard',
      }),
    );
    vi.mocked(isExpired).mockReturnValue(false);
    vi.mocked(reportOrQueuePlay).mockResolvedValue(undefined);
    main = fakeMedia();
    spare = fakeMedia();
    unbindBoth = bindAudio(main.element, testQueryClient(), { spare: spare.element, refreshStems });
  });

  afterEach(() => {
    unbindBoth();
  });

  it('preloads the chosen stem at the playing position, keeps the old source playing meanwhile, then hands over', async () => {
    await playingWithStems();
    const volume = main.element.volume;

    player().selectStemSource('vocals');
    expect(spare.element.getAttribute('src')).toBe(VOCALS);
    expect(main.element.getAttribute('src')).toBe(MIX);

    spare.state({ readyState: HTMLMediaElement.HAVE_METADATA, duration: 100 });
    spare.fire('loadedmetadata');
    expect(spare.element.currentTime).toBe(30);
    // The mix played on while the stem seeked: it seeks once more to catch up, and only then takes over.
    main.element.currentTime = 30.4;
    spare.state({ readyState: HTMLMediaElement.HAVE_ENOUGH_DATA });
    spare.fire('seeked');
    expect(spare.element.currentTime).toBe(30.4);
    expect(spare.play).not.toHaveBeenCalled();
    expect(main.pause).not.toHaveBeenCalled();

    spare.fire('seeked');
    await settle();
    expect(spare.play).toHaveBeenCalledTimes(1);
    expect(spare.element.hasAttribute('data-active')).toBe(true);
    expect(main.element.hasAttribute('data-active')).toBe(false);

    await wait(120);
    expect(main.pause).toHaveBeenCalled();
    expect(spare.element.volume).toBeCloseTo(volume);
    expect(player().isPlaying).toBe(true);
    expect(player().currentTime).toBe(30);
  });

  it('keeps seeking, pausing and the position on the source that plays after a switch', async () => {
    await playingWithStems();
    player().selectStemSource('accompaniment');
    spareBecomesReady();
    spare.fire('seeked');
    await settle();
    await wait(120);

    // The old source's events no longer count: its pause does not pause the player.
    main.fire('pause');
    main.element.currentTime = 2;
    main.fire('timeupdate');
    expect(player().isPlaying).toBe(true);

    spare.element.currentTime = 33;
    spare.fire('timeupdate');
    expect(player().currentTime).toBe(33);

    player().seek(60);
    expect(spare.element.currentTime).toBe(60);

    player().togglePlay();
    expect(spare.pause).toHaveBeenCalled();
  });

  it('switches a paused player without starting it', async () => {
    await playingWithStems(false);

    player().selectStemSource('vocals');
    spareBecomesReady();
    await settle();

    expect(spare.element.hasAttribute('data-active')).toBe(true);
    expect(spare.element.currentTime).toBe(30);
    expect(spare.play).not.toHaveBeenCalled();
    expect(player().isPlaying).toBe(false);
  });

  it('returns to the full mix on Reset, through the element that played it before', async () => {
    await playingWithStems();
    player().selectStemSource('vocals');
    spareBecomesReady();
    spare.fire('seeked');
    await settle();
    await wait(120);
    spare.element.currentTime = 41;
    spare.fire('timeupdate');
    main.play.mockClear();

    player().resetStems();
    expect(main.element.getAttribute('src')).toBe(MIX);
    main.state({ readyState: HTMLMediaElement.HAVE_METADATA });
    main.fire('loadedmetadata');
    expect(main.element.currentTime).toBe(41);
    main.state({ readyState: HTMLMediaElement.HAVE_ENOUGH_DATA });
    main.fire('seeked');
    await settle();

    expect(main.play).toHaveBeenCalledTimes(1);
    expect(main.element.hasAttribute('data-active')).toBe(true);
  });

  it('abandons a switch under way when the track changes', async () => {
    await playingWithStems();
    player().selectStemSource('vocals');

    player().next();
    await settle();
    await settle();
    spareBecomesReady();
    await settle();

    expect(spare.play).not.toHaveBeenCalled();
    expect(main.element.hasAttribute('data-active')).toBe(true);
    expect(main.element.getAttribute('src')).toBe('/api/v1/tracks/b/stream?sig=first');
    expect(player().stems).toEqual({ status: 'none' });
  });

  it('keeps playing the full mix, shown as chosen, when a stem cannot load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await playingWithStems();
    player().selectStemSource('vocals');

    spare.fire('error');

    expect(player().stems).toMatchObject({ status: 'ready', source: 'mix' });
    expect(main.element.hasAttribute('data-active')).toBe(true);
    expect(main.pause).not.toHaveBeenCalled();
  });

  it('asks for the stems again when a playing stem fails, and plays the freshly signed one', async () => {
    await playingWithStems();
    player().selectStemSource('vocals');
    spareBecomesReady();
    spare.fire('seeked');
    await settle();
    await wait(120);
    refreshStems.mockResolvedValue({
      status: 'ready',
      vocals: '/api/v1/tracks/a/stems/vocals?sig=2',
      accompaniment: '/api/v1/tracks/a/stems/accompaniment?sig=2',
      source: 'mix',
    });
    spare.state({ readyState: HTMLMediaElement.HAVE_NOTHING });

    spare.fire('error');
    await settle();

    expect(refreshStems).toHaveBeenCalledWith('a');
    expect(player().stems).toMatchObject({ source: 'vocals', vocals: '/api/v1/tracks/a/stems/vocals?sig=2' });
    expect(spare.element.getAttribute('src')).toBe('/api/v1/tracks/a/stems/vocals?sig=2');
  });
});
