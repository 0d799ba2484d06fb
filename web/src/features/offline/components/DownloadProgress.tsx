import { Button } from '@/components/ui/Button';
import type { CollectionDownload } from '@/lib/downloads/hooks';

/** 'Downloading 3 of 12 · 40%' (one track: 'Downloading 40%'), with Cancel. */
export function DownloadProgress({ progress, cancelLabel, onCancel }: { progress: CollectionDownload; cancelLabel: string; onCancel: () => void }) {
  const percent = Math.round((progress.fraction ?? 0) * 100);
  const count = progress.total > 1 ? `${String(progress.downloaded)} of ${String(progress.total)} · ` : '';
  return (
    <span className="inline-flex items-center gap-2">
      <span role="status" className="text-sm text-zinc-300 tabular-nums">
        Downloading {count}
        {percent}%
      </span>
      <progress value={percent} max={100} aria-hidden="true" className="h-1.5 w-20 accent-brand-soft" />
      <Button variant="ghost" size="sm" aria-label={cancelLabel} onClick={onCancel}>
        Cancel
      </Button>
    </span>
  );
}
