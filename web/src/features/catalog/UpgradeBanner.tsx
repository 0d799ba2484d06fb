import { ButtonLink } from '@/components/ui/ButtonLink';
import { useHomeSummary } from './api/home';

/** For listeners on the free plan: what a paid plan adds, and the way to /subscription. */
export function UpgradeBanner() {
  const home = useHomeSummary();
  if (home.data?.stats.current_plan !== 'free') return null;
  return (
    <section
      aria-labelledby="upgrade-heading"
      className="relative flex flex-col gap-4 overflow-hidden rounded-3xl border border-brand/30 bg-[linear-gradient(120deg,rgb(139_92_246/0.22),rgb(217_70_239/0.12)_60%,transparent)] p-5 sm:flex-row sm:items-center sm:justify-between sm:p-7"
    >
      <div>
        <h2 id="upgrade-heading" className="text-lg font-bold text-white sm:text-xl">
          Go ad-free with Basic or Premium
        </h2>
        <p className="mt-1 max-w-xl text-sm text-zinc-300">
          No ads, high-quality or lossless streaming and more uploads every month.
        </p>
      </div>
      <ButtonLink to="/subscription" variant="inverse" className="self-start sm:self-auto">
        Upgrade
      </ButtonLink>
    </section>
  );
}
