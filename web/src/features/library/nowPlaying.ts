/** What the player has loaded, composed in by the app so a playlist can tell whether it is playing. */
export interface NowPlaying {
  trackId: string | null;
  isPlaying: boolean;
}
