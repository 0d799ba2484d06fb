import { formatCalendarDate } from '@/lib/dates';
import type { Release } from '../releases';

export function ReleaseEntry({ release }: { release: Release }) {
  return (
    <article className="relative rounded-3xl border border-line bg-surface p-6 sm:p-8">
      <div className="flex flex-wrap items-center gap-3">
        <span className="rounded-full bg-brand-gradient px-3 py-1 text-sm font-bold text-white">{release.version}</span>
        <time dateTime={release.date} className="text-sm text-zinc-400">
          {formatCalendarDate(release.date)}
        </time>
      </div>
      <h2 className="mt-4 text-2xl font-bold text-white">{release.title}</h2>
      <p className="mt-2 text-pretty text-zinc-400">{release.summary}</p>
      <ul className="mt-6 space-y-3">
        {release.changes.map((change) => (
          <li key={change} className="flex gap-3 text-zinc-300">
            <svg viewBox="0 0 20 20" className="mt-0.5 size-5 shrink-0 text-brand-soft" fill="currentColor" aria-hidden="true">
              <path
                fillRule="evenodd"
                d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.58l7.3-7.3a1 1 0 0 1 1.4 0Z"
                clipRule="evenodd"
              />
            </svg>
            <span className="min-w-0 text-pretty">{change}</span>
          </li>
        ))}
      </ul>
    </article>
  );
}
