/**
 * What the player and AutoMix share about the current track's stems, its vocals and its
 * accompaniment once separated. The player keeps them with the current track and plays the source
 * chosen; AutoMix asks the server for them and lets the listener choose. Neither feature imports the
 * other: `src/app` hands each what the other offers (see `app/PlayerAutoMix.tsx`).
 */

/** Which version of the current track plays: the full mix, or one of its AutoMix stems. */
export type StemSource = 'mix' | 'vocals' | 'accompaniment';

/**
 * AutoMix: the vocals and accompaniment of the current track, once separated. While loading,
 * `progress` is the server's percentage (0 to 100); when ready, `source` is what plays.
 */
export type Stems =
  | { status: 'none' }
  | { status: 'loading'; progress: number }
  | { status: 'ready'; vocals: string; accompaniment: string; source: StemSource }
  | { status: 'error'; message: string };

/** What the player offers AutoMix: the current track's stems, which it clears whenever the track changes. */
export interface StemsPlayer {
  /** The current track's stems, as a hook: the component renders again when they change. */
  useStems(): Stems;
  /** The current track's stems at this moment. */
  stems(): Stems;
  /**
   * What the server says about `trackId`'s stems. Ignored unless `trackId` is still the current
   * track, so a late answer for a track the listener left changes nothing. A ready answer keeps
   * the source already chosen (a poll refreshing the URLs does not switch the sound).
   */
  setStems(trackId: string, stems: Stems): void;
  /** Plays the vocals, the accompaniment or the full mix; only while the stems are ready. */
  selectStemSource(source: StemSource): void;
  /** Back to none: the full mix plays again. */
  resetStems(): void;
}

/**
 * What AutoMix offers the player: `trackId`'s stems read again from the server. Their URLs are
 * signed and expire like a stream's, so the player asks for fresh ones when a stem fails to play.
 */
export type RefreshStems = (trackId: string) => Promise<Stems>;
