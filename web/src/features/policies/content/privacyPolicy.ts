import type { PolicyDocument } from '../types'

export const privacyPolicy: PolicyDocument = {
  slug: 'privacy-policy',
  title: 'Privacy Policy',
  summary:
    'What personal data the hosted Backbeat service collects, why we use it, who can see it, how long we keep it and how you can access, correct, export or delete it. We do not sell your personal data.',
  lastUpdated: '2026-11-22',
  sections: [
    {
      heading: 'Who we are and what this policy covers',
      paragraphs: [
        'This policy explains how the operator of the hosted Backbeat service (“Backbeat”, “we”, “us”) handles personal data when you visit the site, create an account, listen to music, upload tracks, subscribe to a plan or withdraw earnings.',
        'Backbeat is also self-hostable software. If you use a Backbeat server run by someone else, that operator decides how your data is handled and their privacy policy applies, not this one.',
      ],
    },
    {
      heading: 'What we collect',
      items: [
        'Account data: your name, email address, password (stored only as an argon2id hash, never in readable form), your two-factor authentication secret if you turn on TOTP, and your plan.',
        'Profile data you choose to add: bio, social links (Twitter, Instagram, Spotify), avatar, and your featured playlist and track.',
        'Uploads: audio files, cover art, titles, artist and album names and descriptions, plus the versions we generate from them, such as streaming copies and AutoMix stems.',
        'Listening history and activity: each time you start playing a track while signed in, along with your likes, playlists and the people you follow.',
        'Subscription data: the payment provider’s customer reference and the status of your subscription. Your card details are handled by the payment provider and never reach our servers.',
        'Payout details, only when you request a withdrawal: your PayPal email address, or the account holder name, IBAN and SWIFT/BIC code for a bank transfer, together with your earnings and withdrawal history.',
        'Advertising data, for free-plan users only: which ads were shown to you (impressions) and which ones you clicked.',
        'Messages you send us, for example to support@backbeat.example.',
        'Server logs: IP address, browser and device type, pages and files requested, timestamps and error reports.',
      ],
    },
    {
      heading: 'Why we use it',
      items: [
        'To run your account: sign-in, password resets, two-factor authentication and account security.',
        'To store, transcode and stream music at the quality your plan includes.',
        'To count plays and credit earnings: your listening history decides whether a play is counted (plays of your own tracks are not, and repeated plays of the same track within 30 minutes count once).',
        'To recommend music based on what you listened to recently.',
        'To show friends activity: the people who follow you can see what you have been listening to.',
        'To process subscription payments through our payment provider and to send your payouts by PayPal or bank transfer.',
        'To show ads on the free plan and count impressions and clicks. Basic and premium users never load any ad code.',
        'To detect and stop play farming, fraud, abuse and security threats.',
        'To answer support requests and to meet legal, tax and accounting obligations.',
      ],
      paragraphs: [
        'We process data because we need it to provide the service you asked for, because we have a legitimate interest in keeping Backbeat secure and fair, because the law requires it, or, where needed, because you agreed to it.',
      ],
    },
    {
      heading: 'What other people can see',
      items: [
        'Your display name, avatar, bio, social links, featured playlist and uploaded tracks, with their play counts, are visible to other Backbeat users.',
        'Your recent listening appears in the friends activity of the people who follow you.',
        'Anyone you share a playlist or track link with can open it once signed in.',
        'Your email address, payout details, plan payments and full listening history are never shown to other users.',
      ],
    },
    {
      heading: 'Who we share data with',
      paragraphs: [
        'We do not sell your personal data, and we do not share it with advertisers or data brokers.',
        'We share only what is needed with service providers that help us run Backbeat: our card payment provider (for subscriptions), PayPal and banks (for payouts), hosting and storage providers, and email delivery services. They may use the data only to provide their service to us.',
        'Ads on the free plan come from Backbeat’s own ad inventory, so no ad network receives your data. If we ever decide to use an external ad network, we will update this policy and the Cookie Policy before it is switched on.',
        'We may also disclose data when the law requires it, to protect the rights and safety of our users, or as part of a merger or sale of the service, in which case this policy continues to apply to your data.',
      ],
    },
    {
      heading: 'How long we keep it',
      items: [
        'Account and profile data: for as long as your account is open. After you ask us to delete your account, we delete it within 30 days.',
        'Listening history: for as long as your account is open, because it drives play counts, recommendations and friends activity. You can ask us to delete it sooner.',
        'Uploads: until you remove them or close your account.',
        'Earnings, withdrawal and payment records: for as long as tax and accounting laws require, even after your account is closed.',
        'Ad impression and click records: up to 1 year, after which only anonymous totals remain.',
        'Server logs: up to 90 days, unless we need them longer to investigate a specific security incident or abuse.',
        'Support messages: up to 2 years after the conversation ends.',
        'Backups are overwritten on a rolling cycle, so deleted data can remain in them for up to 30 more days. Cookies are kept as described in the Cookie Policy: up to 2 years, and marketing cookies up to 1 year.',
      ],
    },
    {
      heading: 'Your rights',
      items: [
        'Access: ask for a copy of the personal data we hold about you.',
        'Correction: fix your profile directly in Profile & Settings, or ask us to correct anything else, including your email address.',
        'Deletion: ask us to delete your account and personal data, subject to the records we must keep by law.',
        'Export: receive your data, including your uploads, playlists and listening history, in a common machine-readable format.',
        'Objection and restriction: where the law gives you these rights, ask us to stop or limit certain uses of your data.',
      ],
      paragraphs: [
        'To use any of these rights, email support@backbeat.example from the address on your account. We may ask you to confirm your identity, and we reply within 30 days. You can also complain to your local data protection authority.',
      ],
    },
    {
      heading: 'How we protect your data',
      paragraphs: [
        'Passwords are stored only as argon2id hashes, connections to Backbeat are encrypted with HTTPS, and access to personal data is limited to the people who need it to run the service. You can add a second layer of protection by turning on two-factor authentication.',
        'No system is perfectly secure. If a breach affects your personal data, we will tell you and the relevant authorities as the law requires.',
      ],
    },
    {
      heading: 'Children',
      paragraphs: [
        'Backbeat is not meant for children under 16. We do not knowingly collect personal data from them, and if we learn that a child under 16 has created an account, we delete it.',
      ],
    },
    {
      heading: 'Changes and contact',
      paragraphs: [
        'We give at least 30 days’ notice of significant changes to this policy, by email and by a notice in the app. Questions, requests and complaints can be sent to support@backbeat.example.',
      ],
    },
  ],
}
