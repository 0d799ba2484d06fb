import { beforeEach, describe, expect, it } from 'vitest';
import { downloadedOf, offlineStatusOf } from '@/test/downloads';
import { downloads, downloadsStorageKey, hasExpired, keptByAnotherUser, loadDownloads, spaceUsed } from './store';

describe('the downloads store', () => {
  beforeEach(() => {
    localStorage.clear();
    downloads().setUser(null);
  });

  it('keeps each user their own downloads across reloads', () => {
    downloads().setUser('ann');
    downloads().added(downloadedOf('a'));
    downloads().setStatus(offlineStatusOf());
    downloads().setUser('bob');
    expect(downloads().items).toEqual({});
    downloads().added(downloadedOf('b'));

    downloads().setUser('ann');
    expect(Object.keys(downloads().items)).toEqual(['a']);
    expect(downloads().status?.plan).toBe('basic');
    expect(Object.keys(loadDownloads('bob').items)).toEqual(['b']);
  });

  it('forgets downloads and keeps progress out of storage', () => {
    downloads().setUser('ann');
    downloads().added(downloadedOf('a'));
    downloads().added(downloadedOf('b'));
    downloads().setProgress('c', { received: 10, total: 100 });
    downloads().forgotten(['a']);

    expect(Object.keys(downloads().items)).toEqual(['b']);
    const stored = JSON.parse(localStorage.getItem(downloadsStorageKey('ann')) ?? '{}') as Record<string, unknown>;
    expect(Object.keys(stored).sort()).toEqual(['items', 'releasing', 'status']);
    downloads().settled(['c']);
    expect(downloads().inFlight).toEqual({});
  });

  it('reads only well-formed stored downloads', () => {
    const a = downloadedOf('a');
    localStorage.setItem(downloadsStorageKey('ann'), JSON.stringify({ items: { a, b: { track: 'oops' } }, status: 'nope', releasing: ['x', 3] }));
    expect(loadDownloads('ann')).toEqual({ items: { a }, status: null, releasing: ['x'] });
    localStorage.setItem(downloadsStorageKey('bob'), '{not json');
    expect(loadDownloads('bob')).toEqual({ items: {}, status: null, releasing: [] });
  });

  it('knows when another user of the browser keeps a track', () => {
    downloads().setUser('ann');
    downloads().added(downloadedOf('a'));
    downloads().setUser('bob');
    expect(keptByAnotherUser('a', 'bob')).toBe(true);
    expect(keptByAnotherUser('a', 'ann')).toBe(false);
  });

  it('adds up the space used and says when valid_until has passed', () => {
    expect(spaceUsed({ a: downloadedOf('a', 0, 300), b: downloadedOf('b', 0, 700) })).toBe(1000);
    expect(hasExpired(null)).toBe(false);
    expect(hasExpired(offlineStatusOf())).toBe(false);
    expect(hasExpired(offlineStatusOf({ valid_until: new Date(Date.now() - 1).toISOString() }))).toBe(true);
  });
});
