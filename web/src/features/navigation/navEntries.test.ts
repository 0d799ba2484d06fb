import { describe, expect, it } from 'vitest';
import { activeEntryOf, bottomBarEntries, navEntries, navEntriesFor } from './navEntries';

describe('navEntriesFor', () => {
  it('gives a signed-in user every entry, in order', () => {
    expect(navEntriesFor(true).map((entry) => [entry.label, entry.to])).toEqual([
      ['Home', '/home'],
      ['Explore', '/explore'],
      ['Updates', '/changelog'],
      ['My Library', '/library'],
      ['Upload Music', '/upload'],
      ['Liked Songs', '/library?tab=liked'],
      ['My Payouts', '/payouts'],
      ['Subscription', '/subscription'],
      ['Profile & Settings', '/profile'],
    ]);
  });

  it('shows a signed-out visitor only Updates', () => {
    expect(navEntriesFor(false).map((entry) => entry.label)).toEqual(['Updates']);
  });
});

describe('bottomBarEntries', () => {
  it('are Home, Explore, Library and Upload', () => {
    expect(bottomBarEntries.map((entry) => [entry.label, entry.to])).toEqual([
      ['Home', '/home'],
      ['Explore', '/explore'],
      ['Library', '/library'],
      ['Upload', '/upload'],
    ]);
  });
});

describe('activeEntryOf', () => {
  it('marks the entry of the current path', () => {
    expect(activeEntryOf(navEntries, { pathname: '/payouts', search: '' })?.label).toBe('My Payouts');
  });

  it('tells Liked Songs from My Library by the tab', () => {
    expect(activeEntryOf(navEntries, { pathname: '/library', search: '?tab=liked' })?.label).toBe('Liked Songs');
    expect(activeEntryOf(navEntries, { pathname: '/library', search: '?tab=playlists' })?.label).toBe('My Library');
    expect(activeEntryOf(navEntries, { pathname: '/library', search: '' })?.label).toBe('My Library');
  });

  it('marks nothing on another user profile', () => {
    expect(activeEntryOf(navEntries, { pathname: '/profile/0190a1b2', search: '' })).toBeUndefined();
  });
});
