import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/lib/queryKeys';
import { playableTrackOf } from '@/test/fixtures';
import { testQueryClient } from '@/test/render';
import { isExpired, reportPlayStart, streamUrlFor } from '../api/playback';
import { usePlaybackSettings } from '../stores/playbackSettings';
import { initialPlayerState, usePlayerStore } from '../stores/playerStore';
import { bindAudio } from './bindAudio';

vi.mock('../api/playback', () => ({
  streamUrlFor: vi.fn(),
  isExpired: vi.fn(),
  reportPlayStart: vi.fn(),
  // Measured at -8 LUFS: normalisation turns it down 6 dB (gain 0.5).
  trackDetailQueryOptions: (trackId: string) => ({
    queryKey: queryKeys.player.track(trackId),
    queryFn: () => Promise.resolve({ id: trackId, loudness_lufs: -8 }),
  }),
}));

const [a, b] = [playableTrackOf('a', { duration: 100 }), playableTrackOf('b', { duration: 100 })];
const player = () => usePlayerStore.getState();
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
    vi.mocked(reportPlayStart).mockResolvedValue(undefined);
    audio = document.createElement('audio');
    play = vi.fn(() => Promise.resolve());
    audio.play = play;
    pause = vi.fn();
    audio.pause = pause;
    audio.load = vi.fn();
    unbind = bindAudio(audio, testQueryClient());
  });

  afterEach(() => {
    unbind();
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
    expect(reportPlayStart).toHaveBeenCalledTimes(1);
    expect(reportPlayStart).toHaveBeenCalledWith('a');

    usePlayerStore.setState({ repeat: 'one' });
    player().trackEnded();
    fire('playing');
    expect(reportPlayStart).toHaveBeenCalledTimes(2);
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
