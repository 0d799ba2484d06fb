import { beforeEach, describe, expect, it, vi } from 'vitest';

const { toastError } = vi.hoisted(() => ({ toastError: vi.fn() }));
vi.mock('react-hot-toast', () => ({ default: { error: toastError, success: vi.fn() } }));
import type { PlayableTrack } from '@/lib/trackActions';
import { downloads } from '@/lib/downloads/store';
import { downloadedOf, offlineStatusOf } from '@/test/downloads';
import { playableTrackOf } from '@/test/fixtures';
import { initialPlayerState, PLAYER_STORAGE_KEY, usePlayerStore } from './playerStore';

const [a, b, c] = [playableTrackOf('a'), playableTrackOf('b'), playableTrackOf('c')];
const player = () => usePlayerStore.getState();
/** The ids of the queue's tracks, in order. */
const queued = () => player().queue.map((entry) => entry.id);
const currentId = () => player().currentTrack?.id;

/** Plays `current` from the queue a, b, c. */
function playingFromQueue(current: PlayableTrack) {
  player().play(current, [a, b, c]);
}

describe('player store', () => {
  beforeEach(() => {
    localStorage.clear();
    usePlayerStore.setState(initialPlayerState);
  });

  it('cycles repeat off -> all -> one -> off', () => {
    const seen = [player().repeat];
    for (let i = 0; i < 3; i++) {
      player().cycleRepeat();
      seen.push(player().repeat);
    }

    expect(seen).toEqual(['off', 'all', 'one', 'off']);
  });

  it('toggles shuffle', () => {
    player().toggleShuffle();
    expect(player().shuffle).toBe(true);

    player().toggleShuffle();
    expect(player().shuffle).toBe(false);
  });

  it('starts a track that becomes current, resetting time and duration and clearing stems', () => {
    playingFromQueue(a);
    usePlayerStore.setState({
      isPlaying: false,
      currentTime: 42,
      duration: 180,
      stems: { status: 'ready', vocals: '/v', accompaniment: '/a', source: 'vocals' },
    });

    player().skipTo(player().queue[1]?.key ?? '');

    expect(player()).toMatchObject({
      currentTrack: { ...b, key: player().queue[1]?.key },
      isPlaying: true,
      currentTime: 0,
      duration: 0,
      stems: { status: 'none' },
    });
  });

  it('replaces the queue when playing another track', () => {
    player().play(a, [a]);

    player().play(c, [b, c]);

    expect(queued()).toEqual(['b', 'c']);
    expect(currentId()).toBe('c');
    expect(player().isPlaying).toBe(true);
  });

  it('toggles pause when playing the current track', () => {
    playingFromQueue(a);

    player().play(a, [c]);
    expect(player().isPlaying).toBe(false);
    expect(queued()).toEqual(['a', 'b', 'c']);

    player().play(a, [c]);
    expect(player().isPlaying).toBe(true);
  });

  it('toggles play only when there is a track', () => {
    player().togglePlay();
    expect(player().isPlaying).toBe(false);

    playingFromQueue(a);
    player().togglePlay();
    expect(player().isPlaying).toBe(false);
  });

  it('goes to the following track on next', () => {
    playingFromQueue(a);

    player().next();

    expect(currentId()).toBe('b');
  });

  it('picks a random queue index on next with shuffle', () => {
    playingFromQueue(a);
    player().toggleShuffle();
    vi.spyOn(Math, 'random').mockReturnValue(0.99);

    player().next();

    expect(currentId()).toBe('c');
  });

  it('returns to the first track after the last with repeat all', () => {
    playingFromQueue(c);
    usePlayerStore.setState({ repeat: 'all' });

    player().next();

    expect(currentId()).toBe('a');
    expect(player().isPlaying).toBe(true);
  });

  it('stops and clears the current track after the last without repeat all', () => {
    playingFromQueue(c);

    player().next();

    expect(player().currentTrack).toBeNull();
    expect(player().isPlaying).toBe(false);
  });

  it('goes to the prior track on previous', () => {
    playingFromQueue(c);

    player().previous();

    expect(currentId()).toBe('b');
  });

  it('picks a random queue index on previous with shuffle', () => {
    playingFromQueue(a);
    player().toggleShuffle();
    vi.spyOn(Math, 'random').mockReturnValue(0);

    player().previous();

    expect(currentId()).toBe('b');
  });

  it('does nothing on previous at the start of the queue', () => {
    playingFromQueue(a);
    const before = player();

    player().previous();

    expect(currentId()).toBe('a');
    expect(player().starts).toBe(before.starts);
  });

  it('restarts the track when it ends with repeat one', () => {
    playingFromQueue(b);
    usePlayerStore.setState({ repeat: 'one', currentTime: 199 });
    const starts = player().starts;

    player().trackEnded();

    expect(currentId()).toBe('b');
    expect(player().currentTime).toBe(0);
    expect(player().isPlaying).toBe(true);
    expect(player().starts).toBe(starts + 1);
  });

  it('plays the next track when a track ends without repeat one', () => {
    playingFromQueue(b);

    player().trackEnded();

    expect(currentId()).toBe('c');
  });

  it('mutes to 0 and restores the previous volume, 0.7 by default', () => {
    expect(player().volume).toBe(0.7);
    player().setVolume(0.35);

    player().toggleMute();
    expect(player().volume).toBe(0);

    player().toggleMute();
    expect(player().volume).toBe(0.35);

    usePlayerStore.setState(initialPlayerState);
    usePlayerStore.setState({ volume: 0 });
    player().toggleMute();
    expect(player().volume).toBe(0.7);
  });

  it('clamps a seek between 0 and the duration', () => {
    playingFromQueue(a);
    player().setDuration(180);

    player().seek(-5);
    expect(player().currentTime).toBe(0);

    player().seek(500);
    expect(player().currentTime).toBe(180);

    player().seek(61.5);
    expect(player().currentTime).toBe(61.5);
  });

  it('keeps the volume between 0 and 1', () => {
    player().setVolume(1.4);
    expect(player().volume).toBe(1);

    player().setVolume(-0.2);
    expect(player().volume).toBe(0);
  });

  it("stores exactly currentTrack, queue, volume, currentTime, repeat and shuffle under 'music-player-storage'", () => {
    playingFromQueue(b);
    player().setDuration(200);
    player().setProgress(12);
    player().cycleRepeat();

    const stored = JSON.parse(localStorage.getItem(PLAYER_STORAGE_KEY) ?? '{}') as { state: Record<string, unknown> };

    expect(Object.keys(stored.state).sort()).toEqual(['currentTime', 'currentTrack', 'queue', 'repeat', 'shuffle', 'volume']);
    expect(stored.state).toMatchObject({ currentTrack: b, queue: [a, b, c], volume: 0.7, currentTime: 12, repeat: 'all', shuffle: false });
    const { currentTrack, queue } = stored.state as { currentTrack: { key: string }; queue: { key: string }[] };
    expect(currentTrack.key).toBe(queue[1]?.key);
  });

  it('restores the stored state paused, ignoring malformed values', async () => {
    localStorage.setItem(
      PLAYER_STORAGE_KEY,
      JSON.stringify({
        state: { currentTrack: b, queue: [a, b, { id: 7 }], volume: 3, currentTime: 33, repeat: 'sometimes', shuffle: true },
        version: 0,
      }),
    );

    await usePlayerStore.persist.rehydrate();

    expect(player()).toMatchObject({
      currentTrack: b,
      queue: [a, b],
      volume: 1,
      currentTime: 33,
      repeat: 'off',
      shuffle: true,
      isPlaying: false,
    });
    // Stored before queue entries had keys: the current track is its first entry in the queue.
    expect(player().currentTrack?.key).toBe(player().queue[1]?.key);
  });

  it('restores which of two entries of the same track was playing', async () => {
    const stored = [
      { ...a, key: 'k1' },
      { ...b, key: 'k2' },
      { ...a, key: 'k3', requested: true },
    ];
    localStorage.setItem(PLAYER_STORAGE_KEY, JSON.stringify({ state: { currentTrack: { ...a, key: 'k3' }, queue: stored }, version: 0 }));

    await usePlayerStore.persist.rehydrate();

    expect(player().queue).toEqual(stored);
    expect(player().currentTrack).toEqual({ ...a, key: 'k3' });
    player().previous();
    expect(player().currentTrack?.key).toBe('k2');
  });

  it('gives a stored entry a key of its own when it has none or shares one', async () => {
    const stored = [{ ...a, key: 'k1' }, { ...b, key: 'k1' }, c];
    localStorage.setItem(PLAYER_STORAGE_KEY, JSON.stringify({ state: { currentTrack: null, queue: stored }, version: 0 }));

    await usePlayerStore.persist.rehydrate();

    const keys = player().queue.map((entry) => entry.key);
    expect(keys[0]).toBe('k1');
    expect(new Set(keys).size).toBe(3);
    expect(player().currentTrack).toBeNull();
  });

  it('keeps only the player fields of a full API track', () => {
    player().play({ ...a, plays: 12, genre: 'Jazz' } as PlayableTrack, []);

    expect(player().currentTrack).toEqual({ ...a, key: expect.any(String) as string });
    expect(player().queue).toEqual([player().currentTrack]);
  });
  it('takes stems only for the current track, and keeps the chosen source when they are refreshed', () => {
    playingFromQueue(a);

    player().setStems('b', { status: 'loading', progress: 10 });
    expect(player().stems).toEqual({ status: 'none' });

    player().setStems('a', { status: 'ready', vocals: '/v1', accompaniment: '/a1', source: 'mix' });
    player().selectStemSource('vocals');
    player().setStems('a', { status: 'ready', vocals: '/v2', accompaniment: '/a2', source: 'mix' });
    expect(player().stems).toEqual({ status: 'ready', vocals: '/v2', accompaniment: '/a2', source: 'vocals' });

    player().resetStems();
    expect(player().stems).toEqual({ status: 'none' });
  });

  it('chooses a stem source only while the stems are ready', () => {
    playingFromQueue(a);
    player().setStems('a', { status: 'loading', progress: 40 });

    player().selectStemSource('vocals');

    expect(player().stems).toEqual({ status: 'loading', progress: 40 });
  });

  it('never stores the stems', () => {
    playingFromQueue(a);
    player().setStems('a', { status: 'ready', vocals: '/v', accompaniment: '/a', source: 'vocals' });

    expect(localStorage.getItem(PLAYER_STORAGE_KEY)).not.toContain('stems');
  });
});

describe('player store offline', () => {
  const [d1, n2, d3, n4] = [playableTrackOf('d1'), playableTrackOf('n2'), playableTrackOf('d3'), playableTrackOf('n4')];
  const list = [d1, n2, d3, n4];

  beforeEach(() => {
    localStorage.clear();
    usePlayerStore.setState(initialPlayerState);
    toastError.mockReset();
    downloads().setUser('ann');
    downloads().added(downloadedOf('d1'));
    downloads().added(downloadedOf('d3'));
    downloads().setStatus(offlineStatusOf());
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  });

  it('plays on through the downloaded tracks only, and repeats them', () => {
    player().play(d1, list);
    player().next();
    expect(currentId()).toBe('d3');
    player().next();
    expect(player().currentTrack).toBeNull();

    player().play(d3, list);
    player().cycleRepeat();
    player().next();
    expect(currentId()).toBe('d1');
    player().next();
    expect(currentId()).toBe('d3');
    player().previous();
    expect(currentId()).toBe('d1');
  });

  it('shuffles over the downloaded tracks only', () => {
    player().play(d1, list);
    player().toggleShuffle();
    for (let i = 0; i < 10; i++) {
      player().next();
      expect(['d1', 'd3']).toContain(currentId());
    }
  });

  it('does not play a track that is not downloaded, and says why', () => {
    player().play(n2, list);

    expect(player().currentTrack).toBeNull();
    expect(toastError).toHaveBeenCalledWith('Not downloaded: connect to the internet to play this track', expect.anything());
  });

  it('plays no download once valid_until has passed, and says to connect', () => {
    downloads().setStatus(offlineStatusOf({ valid_until: new Date(Date.now() - 1000).toISOString() }));

    player().play(d1, list);

    expect(player().currentTrack).toBeNull();
    expect(toastError).toHaveBeenCalledWith('Connect to the internet to keep your downloads', expect.anything());
  });
});
