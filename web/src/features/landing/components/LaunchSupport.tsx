export function LaunchSupport() {
  return (
    <aside aria-label="Product launch" className="mx-auto max-w-7xl px-4 pb-24 sm:px-6 lg:px-8">
      <div className="flex flex-col items-start gap-4 rounded-3xl border border-line bg-surface p-6 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-4">
          <span
            aria-hidden="true"
            className="flex size-12 shrink-0 items-center justify-center rounded-full bg-orange-500/15 text-xl font-black text-orange-300"
          >
            P
          </span>
          <div>
            <p className="font-semibold text-white">We're launching on Product Hunt — support us</p>
            <p className="text-sm text-zinc-400">An upvote or a comment helps more listeners find independent artists.</p>
          </div>
        </div>
        <a
          href="https://www.producthunt.com/search?q=Backbeat"
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-2 font-semibold text-brand-soft underline-offset-4 transition hover:text-white hover:underline"
        >
          Support Backbeat on Product Hunt <span aria-hidden="true">↗</span>
        </a>
      </div>
    </aside>
  );
}
