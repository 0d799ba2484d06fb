import { useId } from 'react';

const equalizerBars = [0.55, 0.9, 0.4, 0.75, 1, 0.6, 0.85];

function AlbumArt() {
  const sky = useId();
  const sun = useId();
  const sunShape = useId();
  return (
    <svg viewBox="0 0 240 240" className="aspect-square w-full rounded-2xl" role="img" aria-label="Album cover of Midnight Static">
      <defs>
        <linearGradient id={sky} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#2e1065" />
          <stop offset="0.6" stopColor="#701a75" />
          <stop offset="1" stopColor="#0b0a12" />
        </linearGradient>
        <linearGradient id={sun} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f0abfc" />
          <stop offset="1" stopColor="#8b5cf6" />
        </linearGradient>
      </defs>
      <rect width="240" height="240" fill={`url(#${sky})`} />
      <clipPath id={sunShape}>
        <circle cx="120" cy="118" r="58" />
      </clipPath>
      <g clipPath={`url(#${sunShape})`}>
        <rect x="60" y="58" width="120" height="120" fill={`url(#${sun})`} />
        <g fill="#5b1668">
          <rect x="60" y="124" width="120" height="4" />
          <rect x="60" y="137" width="120" height="6" />
          <rect x="60" y="152" width="120" height="8" />
        </g>
      </g>
      <path d="M0 190 L60 150 L100 176 L150 132 L240 188 L240 240 L0 240 Z" fill="#0b0a12" opacity="0.92" />
      <path d="M0 210 L80 180 L140 204 L200 170 L240 196 L240 240 L0 240 Z" fill="#140f20" />
    </svg>
  );
}

/** The hero's artwork: a Backbeat player card drawn in SVG and CSS. */
export function NowPlayingArtwork() {
  return (
    <div className="relative mx-auto w-full max-w-sm">
      <div aria-hidden="true" className="absolute -inset-6 rounded-[2.5rem] bg-brand-gradient opacity-25 blur-3xl" />
      <figure className="relative rounded-[2rem] border border-white/10 bg-surface/90 p-5 shadow-2xl shadow-black/50 backdrop-blur">
        <AlbumArt />
        <figcaption className="mt-5 flex items-center justify-between gap-4">
          <div className="min-w-0">
            <p className="truncate text-lg font-bold text-white">Midnight Static</p>
            <p className="truncate text-sm text-zinc-400">Nova Lane</p>
          </div>
          <div aria-hidden="true" className="flex h-8 items-end gap-1">
            {equalizerBars.map((height, index) => (
              <span
                key={index}
                className="w-1 origin-bottom animate-equalizer rounded-full bg-brand-gradient"
                style={{ height: `${height * 100}%`, animationDelay: `${index * 0.12}s` }}
              />
            ))}
          </div>
        </figcaption>
        <div aria-hidden="true" className="mt-5">
          <div className="h-1.5 rounded-full bg-white/10">
            <div className="h-full w-2/5 rounded-full bg-brand-gradient" />
          </div>
          <div className="mt-2 flex justify-between text-xs text-zinc-500">
            <span>1:24</span>
            <span>3:38</span>
          </div>
        </div>
        <div aria-hidden="true" className="mt-4 flex items-center justify-center gap-6 text-zinc-300">
          <svg viewBox="0 0 24 24" className="size-6" fill="currentColor">
            <path d="M6 5h2v14H6zM20 5v14L9.5 12z" />
          </svg>
          <span className="flex size-14 items-center justify-center rounded-full bg-white text-night">
            <svg viewBox="0 0 24 24" className="size-6" fill="currentColor">
              <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" />
            </svg>
          </span>
          <svg viewBox="0 0 24 24" className="size-6" fill="currentColor">
            <path d="M16 5h2v14h-2zM4 5v14l10.5-7z" />
          </svg>
        </div>
      </figure>
      <div
        aria-hidden="true"
        className="absolute top-8 -left-3 rounded-2xl border border-white/10 bg-surface-raised/95 px-4 py-3 shadow-xl shadow-black/40 sm:-left-8"
      >
        <p className="text-xs text-zinc-400">Artist earnings</p>
        <p className="text-sm font-bold text-white">
          <span className="text-gradient">2.10 EUR</span> per 1,000 plays
        </p>
      </div>
    </div>
  );
}
