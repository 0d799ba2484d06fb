import type { PolicyDocument } from '../types'

export const communityGuidelines: PolicyDocument = {
  slug: 'community',
  title: 'Community Guidelines',
  summary:
    'How we expect artists and listeners to treat each other on Backbeat, what is not allowed, how to report problems, how we enforce these guidelines and how to appeal a decision.',
  lastUpdated: '2026-11-22',
  sections: [
    {
      heading: 'Why these guidelines exist',
      paragraphs: [
        'Backbeat is a place for independent artists to share their music and for listeners to discover it. It works only if people feel safe here and if every play and every euro earned is genuine. These guidelines apply to everything on the hosted Backbeat service: tracks, cover art, profiles, playlists, descriptions and the way you interact with other people.',
      ],
    },
    {
      heading: 'Be respectful',
      items: [
        'Treat other artists and listeners the way you would like to be treated, even when you dislike their music.',
        'Give criticism about the work, not the person.',
        'Respect other people’s privacy and their choice not to engage with you.',
        'Credit collaborators honestly and share only music you have the rights to.',
      ],
    },
    {
      heading: 'What is not allowed',
      items: [
        'Hate: content or conduct that attacks or demeans people because of race, ethnicity, national origin, religion, disability, sex, gender identity, sexual orientation, age or similar characteristics.',
        'Harassment: threats, bullying, sustained unwanted contact, encouraging others to target someone, or publishing someone’s private information.',
        'Impersonation: pretending to be another artist, person or organisation, or presenting yourself in a way that misleads people about who you are, including copying another artist’s name, photos or artwork.',
        'Spam: repetitive or mass uploads of the same material, misleading titles, tags or artist names used to game search, and unsolicited promotion or links.',
        'Play farming: artificially inflating plays, as described below.',
        'Violence and illegal content: credible threats, content that promotes terrorism or serious violence, any sexual content involving minors, and anything else that is illegal.',
        'Infringement: music or artwork you do not have the rights to. These cases are handled under the Copyright & DMCA Policy.',
      ],
    },
    {
      heading: 'Play farming',
      paragraphs: [
        'Artists earn 2.10 EUR per 1,000 counted plays, so every play has to come from a real person who chose to listen. Play farming means inflating play counts artificially. Backbeat already ignores an uploader’s plays of their own tracks and counts repeated plays of the same track by the same listener within 30 minutes only once. Beyond that, the following are forbidden:',
      ],
      items: [
        'bots, scripts, browser automation or looping devices that play tracks;',
        'creating or using multiple accounts to play your own music;',
        'paying, or being paid, for plays, or joining play-exchange groups;',
        'asking listeners to leave tracks playing on mute or in the background just to add plays.',
      ],
    },
    {
      heading: 'Profiles, artwork and track details',
      items: [
        'Use an artist name and profile that honestly represent you or your group.',
        'Keep titles, album names and descriptions accurate; they power search, albums and recommendations.',
        'Cover art and avatars must follow these guidelines too. Graphic violence and sexually explicit imagery are not allowed.',
        'Do not imitate Backbeat’s verified badge in your name, avatar or artwork.',
      ],
    },
    {
      heading: 'Reporting content',
      paragraphs: [
        'If you see something that breaks these guidelines, report it by emailing support@backbeat.example with the link to the track, playlist or profile, what the problem is and any context that helps us understand it. Reports are confidential: we do not tell the person reported who reported them.',
        'If the problem is copyright infringement, follow the Copyright & DMCA Policy so that your notice has everything we need. If someone is in immediate danger, contact your local emergency services first.',
      ],
    },
    {
      heading: 'How we enforce these guidelines',
      paragraphs: [
        'We look at the content, its context and the account’s history. Most problems are handled step by step:',
      ],
      items: [
        'Warning: we explain what was wrong and how to fix it.',
        'Removal: the content that breaks the guidelines is taken down.',
        'Suspension: the account is suspended for 7-30 days, depending on severity. A suspended account cannot upload or request withdrawals, and its public content may be hidden.',
        'Termination: the account is closed permanently.',
      ],
    },
    {
      heading: 'Serious violations and play farming penalties',
      paragraphs: [
        'Severe violations, such as sexual content involving minors, credible threats or large-scale play farming, can lead directly to termination without earlier steps. Plays found to be artificial are removed from play counts, and the earnings they generated are reversed. Repeat copyright infringers lose their accounts.',
      ],
    },
    {
      heading: 'Appeals',
      paragraphs: [
        'If you think we got a decision wrong, you can appeal within 30 days of it. Email support@backbeat.example with the subject line “Appeal”, the email address of your account, the decision you are appealing and why you think it should change.',
        'We answer appeals within 5-7 business days. If the appeal succeeds, we restore the content or account and any earnings withheld because of the decision. Copyright removals are disputed through a counter-notice instead, as described in the Copyright & DMCA Policy.',
      ],
    },
    {
      heading: 'Changes to these guidelines',
      paragraphs: [
        'As the community grows we may update these guidelines. Because they form part of the Terms of Service, we give 30 days’ notice of changes, by email and in the app.',
      ],
    },
  ],
}
