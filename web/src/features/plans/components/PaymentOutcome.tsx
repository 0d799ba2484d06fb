import type { ReactNode } from 'react';

const tones = {
  success: { box: 'bg-emerald-500/10 text-emerald-300', mark: 'm8 12.5 2.7 2.7L16.5 9.5' },
  failure: { box: 'bg-red-500/10 text-red-300', mark: 'M12 7.5v5.5M12 16.5v.01' },
  // A clock: the outcome is not known yet.
  pending: { box: 'bg-amber-500/10 text-amber-300', mark: 'M12 7.5V12l3 2' },
} as const;

interface PaymentOutcomeProps {
  title: string;
  tone: keyof typeof tones;
  children: ReactNode;
}

/** The card a payment or a plan change ends on: a tick, a warning or a clock, the outcome, what follows. */
export function PaymentOutcome({ title, tone, children }: PaymentOutcomeProps) {
  return (
    <section className="flex min-h-[calc(100dvh-4rem)] items-center justify-center px-4 py-16 sm:px-6">
      <title>{`${title} · Backbeat`}</title>
      <div className="w-full max-w-lg rounded-3xl border border-line bg-surface p-8 text-center shadow-2xl shadow-black/40 sm:p-10">
        <div className={`mx-auto flex size-16 items-center justify-center rounded-2xl ${tones[tone].box}`}>
          <svg viewBox="0 0 24 24" className="size-8" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <circle cx="12" cy="12" r="9" />
            <path strokeLinecap="round" strokeLinejoin="round" d={tones[tone].mark} />
          </svg>
        </div>
        <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-white">{title}</h1>
        {children}
      </div>
    </section>
  );
}
