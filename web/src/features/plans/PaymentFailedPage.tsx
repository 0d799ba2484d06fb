import { ButtonLink } from '@/components/ui/ButtonLink';

export function PaymentFailedPage() {
  return (
    <section className="flex min-h-[calc(100dvh-4rem)] items-center justify-center px-4 py-16 sm:px-6">
      <title>Payment Failed · Backbeat</title>
      <div className="w-full max-w-lg rounded-3xl border border-line bg-surface p-8 text-center shadow-2xl shadow-black/40 sm:p-10">
        <div className="mx-auto flex size-16 items-center justify-center rounded-2xl bg-red-500/10 text-red-300">
          <svg viewBox="0 0 24 24" className="size-8" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <circle cx="12" cy="12" r="9" />
            <path strokeLinecap="round" d="M12 7.5v5.5M12 16.5v.01" />
          </svg>
        </div>
        <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-white">Payment Failed</h1>
        <p className="mt-4 leading-relaxed text-zinc-400">
          We encountered an issue processing your payment. Please double-check your details or try again later. If
          the problem persists, contact support.
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
      </div>
    </section>
  );
}
