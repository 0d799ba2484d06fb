/** A plan's features, one a line, as the server's plan definition lists them. */
export function PlanFeatureList({ features, label }: { features: readonly string[]; label: string }) {
  return (
    <ul aria-label={label} className="space-y-2.5 text-sm text-zinc-300">
      {features.map((feature) => (
        <li key={feature} className="flex gap-2.5">
          <span aria-hidden="true" className="mt-1.5 size-1.5 shrink-0 rounded-full bg-brand-fuchsia" />
          {feature}
        </li>
      ))}
    </ul>
  );
}
