export const libraryTabs = [
  { id: 'uploads', label: 'Uploads' },
  { id: 'liked', label: 'Liked Songs' },
  { id: 'playlists', label: 'Playlists' },
  { id: 'downloads', label: 'Downloads' },
] as const;

export type LibraryTab = (typeof libraryTabs)[number]['id'];

function isLibraryTab(value: string | null): value is LibraryTab {
  return libraryTabs.some((tab) => tab.id === value);
}

/** Whether the URL asks for the create-playlist form (`?create=playlist`). */
export function isCreatingPlaylist(params: URLSearchParams): boolean {
  return params.get('create') === 'playlist';
}

/**
 * The tab the URL names (`?tab=uploads|liked|playlists|downloads`). Without one it is uploads, or playlists
 * when the create-playlist form is asked for; an unknown tab reads as uploads.
 */
export function libraryTabOf(params: URLSearchParams): LibraryTab {
  const tab = params.get('tab');
  if (isLibraryTab(tab)) return tab;
  return tab === null && isCreatingPlaylist(params) ? 'playlists' : 'uploads';
}

/** The library's address for a tab. */
export function libraryTabHref(tab: LibraryTab): string {
  return `/library?tab=${tab}`;
}

/** The same address with the create-playlist form open, or closed on the tab that was showing. */
export function withCreateForm(params: URLSearchParams, open: boolean): URLSearchParams {
  const next = new URLSearchParams(params);
  if (open) {
    next.set('create', 'playlist');
  } else {
    next.set('tab', libraryTabOf(params));
    next.delete('create');
  }
  return next;
}
