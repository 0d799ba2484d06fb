export type FaqCategory = 'general' | 'music' | 'payouts' | 'account';
export type FaqFilter = 'all' | FaqCategory;

export const faqFilters: readonly FaqFilter[] = ['all', 'general', 'music', 'payouts', 'account'];

export const faqFilterLabels: Record<FaqFilter, string> = {
  all: 'All',
  general: 'General',
  music: 'Music',
  payouts: 'Payouts',
  account: 'Account',
};

export interface FaqItem {
  id: string;
  category: FaqCategory;
  question: string;
  answer: string;
}

export const faqItems: readonly FaqItem[] = [
  {
    id: 'what-is-backbeat',
    category: 'general',
    question: 'What is Backbeat, and is it free?',
    answer:
      'Backbeat is a music platform where independent artists upload their tracks, listeners stream them, and artists earn on every play. The Free plan costs nothing and includes 50 uploads per month, standard quality streaming and unlimited playlists, with ads. Basic ($4.99 per month) and Premium ($9.99 per month) remove ads and add higher quality, offline listening and more uploads.',
  },
  {
    id: 'audio-formats',
    category: 'music',
    question: 'What audio formats can I upload?',
    answer:
      'Upload WAV, FLAC or MP3 files. MP3s should be at least 320kbps so your music sounds its best; lossless WAV or FLAC is even better, and Premium listeners hear FLAC uploads in full lossless quality. Each audio file can be up to 50 MB. Cover art can be JPG, PNG or WebP up to 5 MB, ideally square and at least 1000x1000 pixels.',
  },
  {
    id: 'uploading',
    category: 'music',
    question: 'How do I upload my music?',
    answer:
      'Sign in and open Upload Music. Choose your audio file, then check the title and artist name (we fill them in from the file name and your profile), add an album and genre if you like, pick a cover image and press Upload. Your track appears in your library as soon as it is processed. Free accounts can upload 50 tracks per calendar month, Basic 100, and Premium has no limit.',
  },
  {
    id: 'earnings',
    category: 'payouts',
    question: 'How much do I earn when people play my music?',
    answer:
      'You earn 2.10 EUR for every 1,000 plays, and 100% of it goes to you: Backbeat takes no platform fee. A play counts when a signed-in listener starts your track. Plays of your own tracks are not counted, and repeated plays of the same track by the same listener within 30 minutes count once.',
  },
  {
    id: 'payouts',
    category: 'payouts',
    question: 'How and when do I get paid?',
    answer:
      'Open My Payouts to see your balance. Once it reaches the minimum of 5.00 EUR you can request a withdrawal of your full balance by PayPal (we only need your PayPal email) or by bank transfer (account holder name, IBAN and SWIFT/BIC code). Withdrawals are processed in 5-7 business days, and you can follow their status in your payout history.',
  },
  {
    id: 'copyright',
    category: 'music',
    question: 'Who owns the copyright to the music I upload?',
    answer:
      'You do. Uploading to Backbeat does not transfer any rights: you only allow Backbeat to store and stream your tracks to listeners. Upload only music you wrote and recorded yourself or have the rights to share, including samples and covers. If someone uploads your work without permission, report it under our Copyright Policy and we will take it down.',
  },
  {
    id: 'collaboration',
    category: 'general',
    question: 'Can my band or my collaborators share one account?',
    answer:
      'Backbeat does not offer joint accounts with several logins. A band or duo can run one artist account under the band name, as long as every member agrees who manages it and whose payout details receive the earnings. For a collaboration between artists, the uploader can credit everyone in the artist field (for example "Nova Lane & Kairo"); earnings go to the uploading account, so agree on how to split them before you release.',
  },
  {
    id: 'account-settings',
    category: 'account',
    question: 'How do I change my account settings?',
    answer:
      'Go to Profile & Settings and choose Edit Profile to change your display name, bio, social links (Twitter, Instagram, Spotify), avatar and featured playlist. You can also turn on two-factor authentication there. Your email address cannot be changed from the app; contact support if you need to change it.',
  },
  {
    id: 'changing-plans',
    category: 'account',
    question: 'How do I upgrade, downgrade or cancel my plan?',
    answer:
      'Open Subscription and choose a plan. Upgrades go through a secure checkout page, and your plan changes as soon as the payment is confirmed. Promo codes can be entered on the Free and Basic plans. Moving back to Free cancels your paid subscription; you keep everything you uploaded.',
  },
  {
    id: 'promotion',
    category: 'music',
    question: 'How can I promote my music on Backbeat?',
    answer:
      'Share your track pages (the Share button copies the link), build playlists and feature your favourite one on your profile, and add your social links so fans can find you elsewhere. Listeners who follow you see what you play in their friends activity, and tracks that people enjoy show up in recommendations for similar listeners.',
  },
  {
    id: 'data-security',
    category: 'general',
    question: 'Is my data secure?',
    answer:
      'Yes. Passwords are stored only as salted Argon2id hashes, connections are encrypted, and card payments are handled entirely by our payment provider, so Backbeat never sees your card number. You can add two-factor authentication to your account, and we never sell your personal data. The Privacy Policy explains exactly what we keep and why.',
  },
];
