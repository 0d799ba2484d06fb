import { describe, expect, it } from 'vitest';
import { isCreatingPlaylist, libraryTabHref, libraryTabOf, withCreateForm } from './libraryTabs';

const params = (search: string) => new URLSearchParams(search);

describe('libraryTabOf', () => {
  it('shows uploads by default', () => {
    expect(libraryTabOf(params(''))).toBe('uploads');
  });

  it('shows the tab the URL names', () => {
    expect(libraryTabOf(params('?tab=uploads'))).toBe('uploads');
    expect(libraryTabOf(params('?tab=liked'))).toBe('liked');
    expect(libraryTabOf(params('?tab=playlists'))).toBe('playlists');
    expect(libraryTabOf(params('?tab=downloads'))).toBe('downloads');
  });

  it('reads an unknown tab as uploads', () => {
    expect(libraryTabOf(params('?tab=podcasts'))).toBe('uploads');
  });

  it('shows playlists when only the create form is asked for', () => {
    expect(libraryTabOf(params('?create=playlist'))).toBe('playlists');
    expect(libraryTabOf(params('?tab=liked&create=playlist'))).toBe('liked');
  });
});

describe('isCreatingPlaylist', () => {
  it('is true for ?create=playlist only', () => {
    expect(isCreatingPlaylist(params('?create=playlist'))).toBe(true);
    expect(isCreatingPlaylist(params('?create=track'))).toBe(false);
    expect(isCreatingPlaylist(params('?tab=playlists'))).toBe(false);
  });
});

describe('libraryTabHref', () => {
  it('keeps the tab in the URL', () => {
    expect(libraryTabHref('liked')).toBe('/library?tab=liked');
  });
});

describe('withCreateForm', () => {
  it('opens the form on the current tab', () => {
    expect(withCreateForm(params('?tab=liked'), true).toString()).toBe('tab=liked&create=playlist');
  });

  it('closes the form and stays on the tab that was showing', () => {
    expect(withCreateForm(params('?create=playlist'), false).toString()).toBe('tab=playlists');
    expect(withCreateForm(params('?tab=uploads&create=playlist'), false).toString()).toBe('tab=uploads');
  });
});
