/**
 * The playlist's feature toggle: the profile's featured playlist becomes this playlist, or is
 * cleared when this playlist already is the featured one.
 */
export function featuredPlaylistAfterToggle(playlist: { id: string; is_featured: boolean }): string | null {
  return playlist.is_featured ? null : playlist.id;
}
