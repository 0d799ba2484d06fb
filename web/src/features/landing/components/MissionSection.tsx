const commitments = [
  { figure: '100%', detail: 'of artist earnings go to the artist' },
  { figure: '2.10 EUR', detail: 'for every 1,000 plays' },
  { figure: '5.00 EUR', detail: 'is all you need to withdraw' },
  { figure: '5-7 days', detail: 'to process a payout' },
] as const;

export function MissionSection() {
  return (
    <section id="about" aria-labelledby="about-heading" className="mx-auto max-w-7xl px-4 py-24 sm:px-6 lg:px-8">
      <div className="grid gap-14 lg:grid-cols-2 lg:items-center">
        <div>
          <p className="text-sm font-semibold tracking-widest text-brand-soft uppercase">Our mission</p>
          <h2 id="about-heading" className="mt-3 text-3xl font-extrabold tracking-tight text-balance text-white sm:text-5xl">
            Music should pay the people who make it
          </h2>
          <div className="mt-6 space-y-4 text-lg text-pretty text-zinc-400">
            <p>
              Backbeat began with a simple idea: an independent artist should be able to release a song tonight and
              be paid fairly for every play tomorrow, without a label, a distributor or a cut taken along the way.
            </p>
            <p>
              Listeners get music they cannot hear anywhere else and know exactly where their plays go. And because
              Backbeat is self-hostable, a collective, a label or a community can run its own.
            </p>
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-4">
          {commitments.map((commitment) => (
            <div key={commitment.figure} className="rounded-3xl border border-line bg-surface p-5 sm:p-6">
              <dt className="text-2xl font-extrabold text-gradient sm:text-4xl">{commitment.figure}</dt>
              <dd className="mt-2 text-sm text-zinc-400">{commitment.detail}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
