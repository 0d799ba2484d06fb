import type { ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { PaymentOutcome } from './PaymentOutcome';

interface PlanNotConfirmedProps {
  /** Names the plan read ('Your plan is still Free'), or says it could not be read. */
  title: string;
  children: ReactNode;
  onCheckAgain: () => void;
}

/** The reads ran out before the awaited plan arrived: say so, and offer a way on. */
export function PlanNotConfirmed({ title, children, onCheckAgain }: PlanNotConfirmedProps) {
  return (
    <PaymentOutcome title={title} tone="pending">
      <div className="mt-4 space-y-3 leading-relaxed text-zinc-400">{children}</div>
      <div className="mt-8 flex flex-col items-stretch gap-3 sm:flex-row sm:flex-wrap sm:justify-center">
        <Button onClick={onCheckAgain}>Check again</Button>
        <ButtonLink to="/subscription" variant="secondary">
          Back to Subscription Plans
        </ButtonLink>
        <ButtonLink to="/home" variant="ghost">
          Go to Home
        </ButtonLink>
      </div>
    </PaymentOutcome>
  );
}
