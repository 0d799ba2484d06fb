import { SpinnerMark } from '@/components/ui/Spinner';
import { attemptMessage, type PlanConfirmation } from '../planConfirmation';

/** While the plan is waited for: what is happening, and from the first retry 'Updating your subscription... (Attempt n/5)'. */
export function PlanWaitNotice({ message, confirmation }: { message: string; confirmation: PlanConfirmation }) {
  const attempt = attemptMessage(confirmation);
  return (
    <div role="status" className="mt-6 rounded-2xl border border-line bg-white/[0.03] p-5 text-sm text-zinc-300">
      <span className="flex items-center justify-center gap-3">
        <SpinnerMark />
        {message}
      </span>
      {attempt ? <span className="mt-2 block text-zinc-400">{attempt}</span> : null}
    </div>
  );
}
