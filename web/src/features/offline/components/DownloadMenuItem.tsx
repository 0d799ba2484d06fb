import { Link } from 'react-router';
import { DownloadIcon, LockIcon, TrashIcon } from '@/components/ui/icons';
import { MenuItem, menuItemClasses } from '@/components/ui/Menu';
import type { DownloadMenuItemProps } from '@/lib/downloads/controls';
import type { Plan } from '@/lib/downloads/types';
import { CONNECT_TO_DOWNLOAD, FREE_PLAN_NOTE } from '../messages';
import { useDownloadAction } from '../useDownloadAction';

function PlanDownloadMenuItem({ track, close }: DownloadMenuItemProps) {
  const { online, progress, download, remove, cancel } = useDownloadAction({ trackIds: [track.id] });
  const act = (action: () => void) => () => {
    action();
    close();
  };
  if (progress.downloading > 0) {
    const percent = Math.round((progress.fraction ?? 0) * 100);
    return (
      <MenuItem icon={<DownloadIcon className="size-4" />} onClick={act(cancel)}>
        Cancel download ({percent}%)
      </MenuItem>
    );
  }
  if (progress.downloaded > 0) {
    return (
      <MenuItem icon={<TrashIcon className="size-4" />} onClick={act(remove)}>
        Remove download
      </MenuItem>
    );
  }
  return (
    <MenuItem icon={<DownloadIcon className="size-4" />} disabled={!online} title={online ? undefined : CONNECT_TO_DOWNLOAD} onClick={act(download)}>
      Download
    </MenuItem>
  );
}

/** The track menu's Download / Remove download; on the free plan, a way to /subscription that says why. */
export function DownloadMenuItem({ plan, ...props }: DownloadMenuItemProps & { plan: Plan | undefined }) {
  if (props.track.status !== undefined && props.track.status !== 'ready') return null;
  if (plan === 'free') {
    return (
      <Link role="menuitem" tabIndex={-1} to="/subscription" className={menuItemClasses} aria-label="Download" onClick={props.close}>
        <span className="text-zinc-400">
          <LockIcon className="size-4" />
        </span>
        <span className="min-w-0 flex-1">
          Download
          <span className="block text-xs text-zinc-400">{FREE_PLAN_NOTE}</span>
        </span>
      </Link>
    );
  }
  return <PlanDownloadMenuItem {...props} />;
}
