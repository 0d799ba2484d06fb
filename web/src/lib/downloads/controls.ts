import { createContext, useContext, type ComponentType } from 'react';
import type { PlayableTrack } from '@/lib/trackActions';

export interface DownloadButtonProps {
  /** The ready tracks known so far (a playlist's loaded pages, an album's, the liked songs'). */
  trackIds: readonly string[];
  /** Reads every ready track id when `trackIds` is not the whole set; called on Download and Remove download. */
  loadTrackIds?: () => Promise<readonly string[]>;
  /** What is downloaded, in the accessible names when a page has several such buttons ('Download Midnight Static'). */
  subject?: string;
  className?: string;
}

export interface DownloadMenuItemProps {
  track: PlayableTrack & { status?: string };
  close: () => void;
}

/**
 * The download controls, which the offline feature implements and `src/app` provides, so that the
 * catalog and the library can offer them without importing that feature.
 */
export interface DownloadControls {
  /** 'Download' / 'Remove download' for a track or a set of tracks, with progress and space used. */
  DownloadButton: ComponentType<DownloadButtonProps>;
  /** The same as an item of a track's menu. */
  DownloadMenuItem: ComponentType<DownloadMenuItemProps>;
}

const none: DownloadControls = {
  DownloadButton: () => null,
  DownloadMenuItem: () => null,
};

export const DownloadControlsContext = createContext<DownloadControls>(none);

export function useDownloadControls(): DownloadControls {
  return useContext(DownloadControlsContext);
}
