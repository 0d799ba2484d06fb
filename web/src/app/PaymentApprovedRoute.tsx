import { PageLoader } from '@/components/ui/PageLoader';
import { useSession } from '@/features/auth/session';
import { PaymentApprovedPage } from '@/features/plans/PaymentApprovedPage';

/** /payment-approved is public: a signed-in user's plan is waited for, a signed-out visitor sees the plan bought. */
export function PaymentApprovedRoute() {
  const { status } = useSession();
  if (status === 'loading') return <PageLoader label="Loading your account…" />;
  return <PaymentApprovedPage signedIn={status === 'signed-in'} />;
}
