import { describe, expect, it } from 'vitest';
import { CheckIcon, ClockIcon, CloseIcon } from '@/components/ui/icons';
import { statusLookOf } from './withdrawalStatus';

describe('statusLookOf', () => {
  it('shows completed in green with a tick, rejected in red with a cross', () => {
    expect(statusLookOf('completed')).toEqual({ label: 'Completed', tone: 'green', Icon: CheckIcon });
    expect(statusLookOf('rejected')).toEqual({ label: 'Rejected', tone: 'red', Icon: CloseIcon });
  });

  it('shows any other status as pending, in yellow with a clock', () => {
    expect(statusLookOf('pending')).toEqual({ label: 'Pending', tone: 'yellow', Icon: ClockIcon });
    expect(statusLookOf('processing')).toEqual({ label: 'Pending', tone: 'yellow', Icon: ClockIcon });
  });
});
