import type { UpcomingFeature } from '../releases';

export function ComingSoonList({ features }: { features: readonly UpcomingFeature[] }) {
  return (
    <section aria-labelledby="coming-soon-heading" className="rounded-3xl border border-line bg-surface p-6 sm:p-8">
      <h2 id="coming-soon-heading" className="text-xl font-bold text-white">
        Coming Soon
      </h2>
      <ul className="mt-5 space-y-4">
        {features.map((feature) => (
          <li key={feature.name} className="rounded-2xl border border-white/5 bg-white/[0.03] p-4">
            <p className="font-semibold text-white">{feature.name}</p>
            <p className="mt-1 text-sm text-pretty text-zinc-400">{feature.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
