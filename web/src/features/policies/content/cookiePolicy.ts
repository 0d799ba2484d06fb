import type { PolicyDocument } from '../types'

export const cookiePolicy: PolicyDocument = {
  slug: 'cookie-policy',
  title: 'Cookie Policy',
  summary:
    'Which cookies and similar browser storage the hosted Backbeat service uses, what they are for, how long they last (never more than 2 years, and no more than 1 year for marketing cookies) and how you can control them.',
  lastUpdated: '2026-11-22',
  sections: [
    {
      heading: 'What this policy covers',
      paragraphs: [
        'Cookies are small text files that a website stores in your browser. Backbeat also uses similar technologies, such as your browser’s local storage, to keep you signed in and remember your settings. In this policy, “cookies” means all of these.',
        'This policy covers the hosted Backbeat service. It works together with our Privacy Policy, which explains how we handle personal data in general.',
      ],
    },
    {
      heading: 'Strictly necessary cookies',
      paragraphs: [
        'These are needed for Backbeat to work, so they cannot be switched off in our settings.',
      ],
      items: [
        'Sign-in session: keeps you logged in as you move between pages and renews your session securely. It is removed when you log out.',
        'Security: protects sign-in, password resets and two-factor authentication from abuse.',
        'Routing: lets our servers send your requests to the right place as you use the app.',
        'Your cookie choices: remembers which optional cookies you have accepted or refused.',
      ],
    },
    {
      heading: 'Preference cookies',
      items: [
        'Player settings such as volume and whether the player is minimised.',
        'Display choices that make the app easier to use on your device.',
      ],
      paragraphs: [
        'If you block these, Backbeat still works, but it will forget your settings each time.',
      ],
    },
    {
      heading: 'Advertising and marketing cookies',
      paragraphs: [
        'Ads are shown only on the free plan: a banner and a timed pop-up. Basic and premium users never load any ad code, so no advertising cookies are ever set for them.',
        'By default our ads come from Backbeat’s own ad inventory. Ad impressions and clicks are counted on our servers, and at most a cookie remembering when the pop-up ad was last shown is used, so it is not repeated too often. We do not track you across other websites.',
        'If we ever use an external ad network, we will update this policy first. Where the law requires it, marketing cookies will be set only with your consent, and they will be kept for no longer than 1 year.',
      ],
    },
    {
      heading: 'Analytics',
      paragraphs: [
        'We do not use third-party analytics cookies. We understand how Backbeat is used from play counts and our own server logs, as described in the Privacy Policy.',
      ],
    },
    {
      heading: 'How long cookies last',
      items: [
        'Session cookies are deleted when you close your browser or log out.',
        'Other cookies are kept for up to 2 years, after which they expire automatically.',
        'Marketing cookies are kept for up to 1 year.',
        'You can delete any cookie sooner in your browser settings.',
      ],
    },
    {
      heading: 'Third-party cookies',
      paragraphs: [
        'When you upgrade your plan, you pay on our payment provider’s secure checkout page. That page is run by the provider and may set its own cookies, for example to prevent fraud. The same applies to PayPal’s website if you visit it. Those cookies are governed by the provider’s own cookie policy, not this one.',
      ],
    },
    {
      heading: 'Your choices',
      items: [
        'Where consent is required, we ask before setting optional cookies, and you can change your choice at any time.',
        'Most browsers let you view, block and delete cookies. Blocking strictly necessary cookies will stop you from signing in.',
        'Upgrading to the basic or premium plan removes ads and ad code entirely.',
      ],
    },
    {
      heading: 'Changes and contact',
      paragraphs: [
        'If we change the cookies we use in a meaningful way, we will update this page and its date, and tell you in the app where appropriate. Questions about cookies can be sent to support@backbeat.example.',
      ],
    },
  ],
}
