import { beforeEach, describe, expect, it, vi } from 'vitest';
import { playableTrackOf } from '@/test/fixtures';
import { initialPlayerState, PLAYER_STORAGE_KEY, usePlayerStore } from './playerStore';

const [a, b, c, d, e] = [playableTrackOf('a'), playableTrackOf('b'), playableTrackOf('c'), playableTrackOf('d'), playableTrackOf('e')];
const player = () => usePlayerStore.getState();
/** The ids of the queue's tracks, in order. */
const queued = () => player().queue.map((entry) => entry.id);
const currentId = () => player().currentTrack?.id;
/** The key of the queue's entry at `index`. */
const keyAt = (index: number) => player().queue[index]?.key ?? '';

describe('player queue', () => {
  beforeEach(() => {
    localStorage.clear();
    usePlayerStore.setState(initialPlayerState);
    vi.restoreAllMocks();
  });

  describe('Play next', () => {
    it('puts the track right after the current one, ahead of the rest, without interrupting it', () => {
      player().play(a, [a, b, c]);
      const starts = player().starts;

      player().playNext([d]);

      expect(queued()).toEqual(['a', 'd', 'b', 'c']);
      expect(currentId()).toBe('a');
      expect(player().isPlaying).toBe(true);
      expect(player().starts).toBe(starts);
      player().next();
      expect(currentId()).toBe('d');
      player().next();
      expect(currentId()).toBe('b');
    });

    it('puts the latest track asked for first', () => {
      player().play(b, [a, b, c]);

      player().playNext([d]);
      player().playNext([e]);

      expect(queued()).toEqual(['a', 'b', 'e', 'd', 'c']);
    });

    it('plays the track at once when nothing is loaded, as the whole queue', () => {
      player().playNext([d]);

      expect(currentId()).toBe('d');
      expect(queued()).toEqual(['d']);
      expect(player().isPlaying).toBe(true);
    });

    it('on the track that is playing, plays it once more after it', () => {
      player().play(a, [a, b]);

      player().playNext([a]);

      expect(queued()).toEqual(['a', 'a', 'b']);
      expect(keyAt(0)).not.toBe(keyAt(1));
      const starts = player().starts;
      player().next();
      expect(player().currentTrack?.key).toBe(keyAt(1));
      expect(player().starts).toBe(starts + 1);
      player().next();
      expect(currentId()).toBe('b');
    });

    it('with shuffle on, still comes next', () => {
      player().play(a, [a, b, c, d]);
      player().toggleShuffle();
      vi.spyOn(Math, 'random').mockReturnValue(0.99);

      player().playNext([e]);
      player().next();

      expect(currentId()).toBe('e');
      // Once played, the track is an ordinary part of the queue: next is random again.
      player().next();
      expect(currentId()).toBe('d');
    });
  });

  describe('Add to queue', () => {
    it('puts the tracks at the end of the queue, in their order', () => {
      player().play(a, [a, b]);

      player().addToQueue([c]);
      player().addToQueue([d, e]);

      expect(queued()).toEqual(['a', 'b', 'c', 'd', 'e']);
      expect(currentId()).toBe('a');
    });

    it('queues a track already in the queue a second time, each entry with its own key', () => {
      player().play(a, [a, b, c]);

      player().addToQueue([b]);

      expect(queued()).toEqual(['a', 'b', 'c', 'b']);
      expect(new Set(player().queue.map((entry) => entry.key)).size).toBe(4);
      player().next();
      player().next();
      player().next();
      expect(player().currentTrack?.key).toBe(keyAt(3));
      player().next();
      expect(player().currentTrack).toBeNull();
    });

    it('plays the tracks when nothing is loaded, replacing a queue that has ended', () => {
      player().play(a, [a]);
      player().next();
      expect(player().currentTrack).toBeNull();

      player().addToQueue([c, d]);

      expect(currentId()).toBe('c');
      expect(queued()).toEqual(['c', 'd']);
    });

    it('with shuffle on, plays the added tracks before the random picks, in their order', () => {
      player().play(a, [a, b, c]);
      player().toggleShuffle();
      vi.spyOn(Math, 'random').mockReturnValue(0);

      player().addToQueue([d, e]);
      player().next();
      expect(currentId()).toBe('d');
      player().next();
      expect(currentId()).toBe('e');
      player().next();
      expect(currentId()).toBe('a');
    });

    it('returns to the first track after the added ones with repeat all', () => {
      player().play(b, [a, b]);
      player().cycleRepeat();
      player().addToQueue([c]);

      player().next();
      expect(currentId()).toBe('c');
      player().next();
      expect(currentId()).toBe('a');
    });
  });

  describe('Up Next', () => {
    it('moves an entry to another place of Up Next, never before the current track', () => {
      player().play(b, [a, b, c, d, e]);

      player().moveInUpNext(keyAt(4), 0);
      expect(queued()).toEqual(['a', 'b', 'e', 'c', 'd']);

      player().moveInUpNext(keyAt(2), 2);
      expect(queued()).toEqual(['a', 'b', 'c', 'd', 'e']);

      player().moveInUpNext(keyAt(0), 0);
      player().moveInUpNext(keyAt(3), 7);
      expect(queued()).toEqual(['a', 'b', 'c', 'd', 'e']);
      player().next();
      expect(currentId()).toBe('c');
    });

    it('moves only the entry asked for when a track is queued twice', () => {
      player().play(a, [a, b, c]);
      player().addToQueue([b]);
      const added = keyAt(3);

      player().moveInUpNext(added, 0);

      expect(queued()).toEqual(['a', 'b', 'b', 'c']);
      expect(keyAt(1)).toBe(added);
    });

    it('removes one entry; another entry of the same track stays', () => {
      player().play(a, [a, b, c]);
      player().addToQueue([b]);
      const first = keyAt(1);

      player().removeFromQueue(first);

      expect(queued()).toEqual(['a', 'c', 'b']);
      expect(player().queue.some((entry) => entry.key === first)).toBe(false);
    });

    it('keeps the current entry when asked to remove it', () => {
      player().play(a, [a, b]);

      player().removeFromQueue(keyAt(0));

      expect(queued()).toEqual(['a', 'b']);
      expect(currentId()).toBe('a');
    });

    it('plays the chosen entry of a track queued twice, and goes on from there', () => {
      player().play(a, [a, b, c]);
      player().addToQueue([a, d]);

      player().skipTo(keyAt(3));

      expect(player().currentTrack?.key).toBe(keyAt(3));
      player().next();
      expect(currentId()).toBe('d');
      player().previous();
      player().previous();
      expect(currentId()).toBe('c');
    });

    it('keeps the edited queue across a reload', async () => {
      player().play(a, [a, b, c]);
      player().playNext([d]);
      player().moveInUpNext(keyAt(3), 0);
      player().removeFromQueue(keyAt(3));
      const edited = player().queue;
      const current = player().currentTrack;
      expect(queued()).toEqual(['a', 'c', 'd']);
      const stored = localStorage.getItem(PLAYER_STORAGE_KEY) ?? '';

      // A new page: a fresh player reads what the last one stored.
      usePlayerStore.setState(initialPlayerState);
      localStorage.setItem(PLAYER_STORAGE_KEY, stored);
      await usePlayerStore.persist.rehydrate();

      expect(player().queue).toEqual(edited);
      expect(player().currentTrack).toEqual(current);
      player().next();
      player().next();
      expect(currentId()).toBe('d');
    });
  });
});
