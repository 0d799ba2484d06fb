import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface PricingSectionProps {
  /** The plans at a glance; the plans feature supplies them. */
  children: ReactNode;
}

export function PricingSection({ children }: PricingSectionProps) {
  return (
    <section id="pricing" aria-labelledby="pricing-heading" className="border-y border-line bg-surface/40">
      <div className="mx-auto max-w-7xl px-4 py-24 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
          <div className="max-w-2xl">
            <p className="text-sm font-semibold tracking-widest text-brand-soft uppercase">Pricing</p>
            <h2 id="pricing-heading" className="mt-3 text-3xl font-extrabold tracking-tight text-balance text-white sm:text-5xl">
              Simple plans, no surprises
            </h2>
            <p className="mt-4 text-lg text-zinc-400">Start for free. Go ad-free and hear more detail when you want to.</p>
          </div>
          <Link
            to="/comparison"
            className="inline-flex items-center gap-2 font-semibold text-brand-soft transition hover:text-white"
          >
            Compare all plans <span aria-hidden="true">→</span>
          </Link>
        </div>
        <div className="mt-12">{children}</div>
      </div>
    </section>
  );
}
