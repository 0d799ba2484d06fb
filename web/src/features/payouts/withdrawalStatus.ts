import type { ComponentType } from 'react';
import { CheckIcon, ClockIcon, CloseIcon } from '@/components/ui/icons';
import type { WithdrawalStatus } from './api/payouts';

export type StatusTone = 'green' | 'red' | 'yellow';

interface StatusLook {
  label: string;
  tone: StatusTone;
  Icon: ComponentType<{ className?: string }>;
}

/** How a withdrawal's status looks: completed green, rejected red, anything else pending yellow. */
export function statusLookOf(status: WithdrawalStatus | (string & {})): StatusLook {
  if (status === 'completed') return { label: 'Completed', tone: 'green', Icon: CheckIcon };
  if (status === 'rejected') return { label: 'Rejected', tone: 'red', Icon: CloseIcon };
  return { label: 'Pending', tone: 'yellow', Icon: ClockIcon };
}

export const toneClasses: Record<StatusTone, string> = {
  green: 'border-green-400/30 bg-green-500/10 text-green-300',
  red: 'border-red-400/30 bg-red-500/10 text-red-300',
  yellow: 'border-yellow-400/30 bg-yellow-500/10 text-yellow-200',
};
