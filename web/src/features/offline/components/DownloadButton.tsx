import { Button } from '@/components/ui/Button';
import { DownloadIcon, TrashIcon } from '@/components/ui/icons';
import type { DownloadButtonProps } from '@/lib/downloads/controls';
import { formatBytes } from '@/lib/downloads/format';
import type { Plan } from '@/lib/downloads/types';
import { CONNECT_TO_DOWNLOAD } from '../messages';
import { useDownloadAction } from '../useDownloadAction';
import { DownloadProgress } from './DownloadProgress';
import { FreePlanDownload } from './FreePlanDownload';

function PlanDownloadButton({ trackIds, loadTrackIds, subject, className = '' }: DownloadButtonProps) {
  const { online, progress, complete, refusal, download, remove, cancel } = useDownloadAction({ trackIds, loadTrackIds });
  const named = (action: string) => (subject ? `${action} ${subject}` : action);
  const all = complete && progress.total > 0 && progress.downloaded === progress.total;
  return (
    <span className={`inline-flex flex-wrap items-center gap-2 ${className}`}>
      {progress.downloading > 0 ? (
        <DownloadProgress progress={progress} cancelLabel={named('Cancel download')} onCancel={cancel} />
      ) : all ? null : (
        <Button
          variant="secondary"
          size="sm"
          aria-label={named('Download')}
          disabled={!online || (progress.total === 0 && complete)}
          title={online ? undefined : CONNECT_TO_DOWNLOAD}
          onClick={download}
        >
          <DownloadIcon className="size-4" />
          Download
        </Button>
      )}
      {progress.downloaded > 0 ? (
        <>
          <span className="text-xs text-zinc-400 tabular-nums">
            {all ? 'Downloaded' : `${String(progress.downloaded)} of ${String(progress.total)} downloaded`} · {formatBytes(progress.size)}
          </span>
          {progress.downloading > 0 ? null : (
            <Button variant="ghost" size="sm" aria-label={named('Remove download')} onClick={remove}>
              <TrashIcon className="size-4" />
              Remove download
            </Button>
          )}
        </>
      ) : null}
      {refusal ? (
        <span role="alert" className="basis-full text-sm text-red-300">
          {refusal}
        </span>
      ) : null}
    </span>
  );
}

/**
 * 'Download' / 'Remove download' for a track or a set of tracks, with the progress and the space
 * the downloads take. On the free plan it leads to /subscription and says why.
 */
export function DownloadButton({ plan, ...props }: DownloadButtonProps & { plan: Plan | undefined }) {
  if (plan === 'free') return <FreePlanDownload label={props.subject ? `Download ${props.subject}` : 'Download'} className={props.className} />;
  return <PlanDownloadButton {...props} />;
}
