import type { ReactNode } from 'react';

interface Feature {
  title: string;
  description: string;
  icon: ReactNode;
}

const iconProps = {
  viewBox: '0 0 24 24',
  className: 'size-6',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;

const features: readonly Feature[] = [
  {
    title: 'Upload in minutes',
    description: 'Drop in a WAV, FLAC or MP3 with your cover art. Your track is ready to stream as soon as it is processed.',
    icon: (
      <svg {...iconProps}>
        <path d="M12 16V4M7 9l5-5 5 5M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
      </svg>
    ),
  },
  {
    title: 'Earn on every play',
    description: '2.10 EUR per 1,000 plays, 100% to you. Withdraw by PayPal or bank transfer from 5.00 EUR.',
    icon: (
      <svg {...iconProps}>
        <path d="M18 7a6 6 0 1 0 0 10M4 10h9M4 14h9" />
      </svg>
    ),
  },
  {
    title: 'Sound the way you mixed it',
    description: 'High quality 320 kbps on Basic and lossless FLAC on Premium, so listeners hear every detail.',
    icon: (
      <svg {...iconProps}>
        <path d="M3 12h2M7 8v8M11 5v14M15 9v6M19 7v10M21 12h0" />
      </svg>
    ),
  },
  {
    title: 'AutoMix',
    description: 'Split any track into vocals and music, then switch between them while it plays. Sing along or study the mix.',
    icon: (
      <svg {...iconProps}>
        <path d="M9 18V6l10-2v12" />
        <circle cx="6" cy="18" r="3" />
        <circle cx="16" cy="16" r="3" />
      </svg>
    ),
  },
  {
    title: 'Playlists, likes and follows',
    description: 'Build unlimited playlists, like what moves you, follow artists and see what your friends are playing.',
    icon: (
      <svg {...iconProps}>
        <path d="M4 6h12M4 11h12M4 16h7M17 14v6M14 17h6" />
      </svg>
    ),
  },
  {
    title: 'Listen anywhere',
    description: 'On the web and on your phone, ad-free on Basic and Premium, with offline listening for the road.',
    icon: (
      <svg {...iconProps}>
        <rect x="7" y="3" width="10" height="18" rx="2" />
        <path d="M11 18h2" />
      </svg>
    ),
  },
];

export function FeaturesSection() {
  return (
    <section id="features" aria-labelledby="features-heading" className="mx-auto max-w-7xl px-4 py-24 sm:px-6 lg:px-8">
      <div className="max-w-2xl">
        <p className="text-sm font-semibold tracking-widest text-brand-soft uppercase">Features</p>
        <h2 id="features-heading" className="mt-3 text-3xl font-extrabold tracking-tight text-balance text-white sm:text-5xl">
          Everything your music needs
        </h2>
        <p className="mt-4 text-lg text-zinc-400">
          One place to release your tracks, grow your audience and get paid for it.
        </p>
      </div>
      <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {features.map((feature) => (
          <li
            key={feature.title}
            className="group rounded-3xl border border-line bg-surface p-6 transition hover:border-brand/40 hover:bg-surface-raised"
          >
            <span className="flex size-12 items-center justify-center rounded-2xl bg-brand/15 text-brand-soft transition group-hover:bg-brand-gradient group-hover:text-white">
              {feature.icon}
            </span>
            <h3 className="mt-5 text-lg font-bold text-white">{feature.title}</h3>
            <p className="mt-2 text-pretty text-zinc-400">{feature.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
