import { TrackRow } from '@/components/tracks/TrackRow';
import { IconButton } from '@/components/ui/IconButton';
import { TrashIcon } from '@/components/ui/icons';
import { formatBytes } from '@/lib/downloads/format';
import { removeDownloads } from '@/lib/downloads/manager';
import type { DownloadedTrack } from '@/lib/downloads/store';
import type { Track } from '@/lib/downloads/types';
import { qualityLabel } from '../qualityLabel';

/** A downloaded track as its row, with its size, its quality and a way to remove it. */
export function DownloadedRow({ item, queue, position }: { item: DownloadedTrack; queue: readonly Track[]; position: number }) {
  return (
    <TrackRow
      track={item.track}
      queue={queue}
      position={position}
      trailing={
        <span className="flex shrink-0 items-center gap-2">
          <span className="hidden w-32 text-right text-xs text-zinc-400 sm:block">
            {formatBytes(item.size)} · {qualityLabel(item.quality)}
          </span>
          <IconButton
            label={`Remove download of ${item.track.title}`}
            onClick={() => {
              void removeDownloads([item.track.id]);
            }}
          >
            <TrashIcon />
          </IconButton>
        </span>
      }
    />
  );
}
