export interface Release {
  version: string;
  date: string;
  title: string;
  summary: string;
  changes: string[];
}

export interface UpcomingFeature {
  name: string;
  description: string;
}

export const releases: readonly Release[] = [
  {
    version: 'V2.0.0',
    date: '2026-11-22',
    title: 'Backbeat 2.0: yours to run',
    summary:
      'A rebuilt Backbeat that runs as one self-hostable server, with new plans, payouts that add up to the cent and a fresh look.',
    changes: [
      'A completely redesigned web app, from the landing page to the player, that works from phones to wide screens.',
      'Three plans: Free with 50 uploads a month, Basic with ad-free 320 kbps streaming, and Premium with lossless FLAC and unlimited uploads.',
      'Artist earnings of 2.10 EUR per 1,000 plays, 100% to the artist, with withdrawals by PayPal or bank transfer from 5.00 EUR.',
      'AutoMix splits any track into vocals and music so you can switch between them while it plays.',
      'Playlists you can reorder and share, likes, follows, and friends activity that updates live.',
      'Two-factor authentication with an authenticator app, and password reset by email.',
      'Self-hosting: one server binary with everything built in, ready to scale out on PostgreSQL and S3-compatible storage.',
    ],
  },
];

export const upcomingFeatures: readonly UpcomingFeature[] = [
  {
    name: 'Mobile app',
    description: 'Backbeat for iOS and Android, with your library, playlists and offline listening in your pocket.',
  },
  {
    name: 'Live streaming',
    description: 'Go live from your studio or stage and play to your followers in real time.',
  },
  {
    name: 'AI recommendations',
    description: 'Smarter picks that learn from what you play, like and skip to find your next favourite artist.',
  },
];
