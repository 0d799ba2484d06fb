import { ButtonLink } from '@/components/ui/ButtonLink';
import { PaymentOutcome } from './components/PaymentOutcome';

/** /payment-failed, where the hosted checkout returns after a declined or abandoned payment. */
export function PaymentFailedPage() {
  return (
    <PaymentOutcome title="Payment Failed" tone="failure">
      <p className="mt-4 leading-relaxed text-zinc-400">
        We encountered an issue processing your payment. Please double-check your details or try again later. If the
        problem persists, contact support.
      </p>
      <p className="mt-3 text-sm text-zinc-500">
        Support:{' '}
        <a href="mailto:support@backbeat.example" className="text-brand-soft underline-offset-4 hover:underline">
          support@backbeat.example
        </a>
      </p>
      <ButtonLink to="/subscription" className="mt-8">
        Go back to Subscription Plans
      </ButtonLink>
    </PaymentOutcome>
  );
}
