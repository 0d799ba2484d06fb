import type { PolicyDocument } from '../types'

export const copyrightPolicy: PolicyDocument = {
  slug: 'copyright-policy',
  title: 'Copyright & DMCA Policy',
  summary:
    'How to report music or artwork on Backbeat that infringes your copyright, what happens after a notice, how uploaders can send a counter-notice, and how we deal with repeat infringers.',
  lastUpdated: '2026-11-22',
  sections: [
    {
      heading: 'Our approach to copyright',
      paragraphs: [
        'Backbeat exists so independent artists can share and earn from their own music, so we take copyright seriously. Artists keep ownership of what they upload, and everyone who uploads confirms that they hold the rights to it, as explained on the Music Licensing page.',
        'We respond to copyright notices under the United States Digital Millennium Copyright Act (DMCA) and apply the same process to notices sent under similar laws elsewhere. This policy covers the hosted Backbeat service.',
      ],
    },
    {
      heading: 'Before you send a notice',
      items: [
        'Make sure the content is actually on Backbeat and copy the link to each track, artist page or playlist involved.',
        'Check that you own the copyright or are authorised to act for the owner.',
        'Consider whether the use could be licensed or otherwise allowed, for example because you granted permission or because it is fair use.',
        'If the uploader is a collaborator or former bandmate, a direct conversation may resolve things faster than a formal notice.',
      ],
    },
    {
      heading: 'How to submit a copyright notice',
      paragraphs: [
        'Email your notice to support@backbeat.example with the subject line “DMCA Notice”. To be complete, it must include:',
      ],
      items: [
        'a description of the copyrighted work you believe is being infringed;',
        'the Backbeat link for each track, cover image or other item you want removed;',
        'your name, postal address, telephone number and email address;',
        'a statement that you have a good-faith belief that the use is not authorised by the copyright owner, its agent or the law;',
        'a statement that the information in the notice is accurate and, under penalty of perjury, that you are the owner or authorised to act on the owner’s behalf;',
        'your physical or electronic signature.',
      ],
    },
    {
      heading: 'What happens after a notice',
      items: [
        'We acknowledge every notice within 24-48 hours.',
        'If a notice is missing required information, we tell you what is missing. Our timelines start once the notice is complete.',
        'Content identified in a valid notice is removed or disabled within 5 business days, and often sooner.',
        'We tell the uploader that the content was removed and send them a copy of the notice, which includes your contact details, so they can respond.',
        'Earnings from plays of removed content may be withheld or reversed until the matter is resolved.',
      ],
    },
    {
      heading: 'Counter-notices',
      paragraphs: [
        'If your content was removed and you believe this was a mistake or a misidentification, you can send a counter-notice to support@backbeat.example with the subject line “DMCA Counter-Notice”. It must include:',
      ],
      items: [
        'the removed content and the Backbeat link where it appeared before removal;',
        'a statement, under penalty of perjury, that you have a good-faith belief the content was removed as a result of mistake or misidentification;',
        'your name, postal address, telephone number and email address;',
        'a statement that you consent to the jurisdiction of the federal district court for your address (or, if you are outside the United States, any judicial district in which Backbeat may be found) and that you will accept service of process from the person who sent the original notice;',
        'your physical or electronic signature.',
      ],
    },
    {
      heading: 'Restoring content',
      paragraphs: [
        'We forward a complete counter-notice to the person who sent the original notice. The content may be restored after 10 business days unless they tell us within that time that they have filed a court action to stop the infringement.',
        'If content is restored, any earnings withheld for it are released to the uploader. If a court action is filed, the content stays down until the dispute is resolved.',
      ],
    },
    {
      heading: 'Repeat infringers',
      paragraphs: [
        'Repeat infringers lose their accounts. Each valid notice that is not successfully countered counts as a strike against the uploader’s account.',
      ],
      items: [
        'Strikes expire 12 months after they are issued.',
        'An account with three active strikes is terminated.',
        'Flagrant cases, such as uploading whole albums by other artists, can lead to termination after fewer strikes.',
        'People whose accounts were terminated for repeat infringement may not open new accounts.',
      ],
    },
    {
      heading: 'Samples, covers, remixes and collaborations',
      paragraphs: [
        'Uploading a track that contains samples, a cover of someone else’s song or a remix requires permission from the rights holders of the original material. Joint works need the consent of every collaborator who shares the rights. When collaborators disagree about a track, we do not decide who owns it; we may disable it until they reach an agreement or a court decides.',
      ],
    },
    {
      heading: 'False or abusive notices',
      paragraphs: [
        'Sending a notice or counter-notice that knowingly misrepresents the facts can make you liable for damages under the DMCA. We may disregard notices that are clearly abusive, for example notices used to silence criticism or to harm a competing artist, and accounts that misuse this process may be actioned under our Community Guidelines.',
      ],
    },
    {
      heading: 'Appeals and questions',
      paragraphs: [
        'Copyright removals are disputed through the counter-notice process above. Other moderation decisions can be appealed within 30 days, and we answer appeals within 5-7 business days. Questions about this policy can be sent to support@backbeat.example.',
      ],
    },
  ],
}
