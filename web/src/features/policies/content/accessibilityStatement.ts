import type { PolicyDocument } from '../types'

export const accessibilityStatement: PolicyDocument = {
  slug: 'accessibility-statement',
  title: 'Accessibility Statement',
  summary:
    'Backbeat aims to be usable by everyone. This statement describes our accessibility target (WCAG 2.2 level AA), the features that support it, the limitations we know about and how to report a problem.',
  lastUpdated: '2026-11-22',
  sections: [
    {
      heading: 'Our commitment',
      paragraphs: [
        'Music is for everyone, and so is Backbeat. We design and build the hosted Backbeat service to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA. This is our target, not a certification: we check new features against it, fix problems as we find them and listen to the people who use Backbeat with assistive technology.',
        'This statement covers the Backbeat web app, including the landing page, the player, uploads, playlists, subscriptions, payouts and these policy pages.',
      ],
    },
    {
      heading: 'Keyboard navigation',
      items: [
        'Every link, button, menu and form field can be reached and used with the keyboard, and the element in focus has a visible outline.',
        'Space plays or pauses the current track.',
        'The left and right arrow keys seek backward and forward in the track.',
        'The up and down arrow keys raise and lower the volume.',
        'Player shortcuts are ignored while you are typing in a text field such as search, so they never interfere with what you type.',
        'Dialogs, such as the delete playlist confirmation, keep focus inside them while open and return it to where you were when they close.',
      ],
    },
    {
      heading: 'Screen readers',
      items: [
        'Icon buttons, such as play, pause, next, previous, shuffle, repeat, mute, like and share, have text labels that screen readers announce.',
        'The seek bar and volume slider report their current values, and the play button reports whether a track is playing.',
        'Pages use headings, landmarks and lists so you can move around quickly.',
        'Status messages, such as “Copied to clipboard!” or upload progress, are announced without moving your focus.',
        'Form errors, such as a missing track title or a file that is too large, are announced and linked to the field they concern.',
      ],
    },
    {
      heading: 'Captions, transcripts and text alternatives',
      paragraphs: [
        'Backbeat is mostly music, but where we publish spoken audio or video of our own, such as announcements or tutorials, we provide captions or a transcript. Artists can help listeners who are deaf or hard of hearing by adding lyrics or a description to their tracks, and we encourage them to do so.',
        'Cover art and avatars have text alternatives based on the track title and artist or the user’s name. Images that are purely decorative are hidden from screen readers.',
      ],
    },
    {
      heading: 'Visual design and readability',
      items: [
        'Text and essential interface elements are designed to meet WCAG contrast ratios: at least 4.5:1 for normal text and 3:1 for large text and controls.',
        'Colour is never the only way information is shown. For example, payout statuses are shown as text with an icon as well as a colour.',
        'You can zoom or resize text up to 200% without losing content or functions, and layouts adapt to narrow screens.',
        'If your device is set to reduce motion, animations are kept to a minimum.',
      ],
    },
    {
      heading: 'Ads, time limits and notifications',
      paragraphs: [
        'On the free plan, a pop-up ad appears after 30 seconds. It can be closed with the keyboard, it is announced to screen readers as a dialog, and focus returns to where you were when it closes. Basic and premium plans show no ads at all.',
        'Short notifications disappear after a few seconds. They never contain information you cannot find elsewhere on the page.',
      ],
    },
    {
      heading: 'Known limitations',
      paragraphs: [
        'Despite our efforts, some parts of Backbeat do not yet fully meet our target. We know about the following:',
      ],
      items: [
        'Text alternatives for cover art are based on track details and do not describe the artwork itself.',
        'Lyrics and descriptions are written by artists, so many tracks have none.',
        'AutoMix stems are produced automatically, so the vocals and music versions of a track can be uneven in volume or clarity.',
        'Subscription payments are completed on our payment provider’s checkout page, whose accessibility is outside our control.',
        'Fine-grained seeking is easier with the arrow keys than by dragging the seek bar, which can be difficult with some pointing devices.',
      ],
    },
    {
      heading: 'Compatibility',
      paragraphs: [
        'Backbeat works best with current versions of major browsers on desktop and mobile, together with the screen readers and other assistive technology built into or commonly used with them. Very old browsers may not support every feature.',
      ],
    },
    {
      heading: 'Report a problem or ask for help',
      paragraphs: [
        'If something on Backbeat is hard or impossible for you to use, please tell us at accessibility@backbeat.example. Include the page or feature, what you were trying to do, and, if you are happy to, the browser and assistive technology you use. We respond within 5-7 business days.',
        'We can also provide the content of any page, including these policies, in another format on request.',
      ],
    },
    {
      heading: 'Keeping this statement up to date',
      paragraphs: [
        'We review this statement whenever we make significant changes to Backbeat and update the date at the top of the page.',
      ],
    },
  ],
}
