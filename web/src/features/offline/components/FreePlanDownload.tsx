import { useId } from 'react';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { LockIcon } from '@/components/ui/icons';
import { FREE_PLAN_NOTE } from '../messages';

/** What Download is on the free plan: a way to /subscription, saying which plans download. */
export function FreePlanDownload({ label, className = '' }: { label: string; className?: string }) {
  const noteId = useId();
  return (
    <span className={`inline-flex flex-wrap items-center gap-2 ${className}`}>
      <ButtonLink to="/subscription" variant="secondary" size="sm" aria-label={label} aria-describedby={noteId}>
        <LockIcon className="size-4" />
        Download
      </ButtonLink>
      <span id={noteId} className="text-xs text-zinc-400">
        {FREE_PLAN_NOTE}
      </span>
    </span>
  );
}
