import type { PolicyDocument } from '../types'

export const musicLicensing: PolicyDocument = {
  slug: 'music-licensing',
  title: 'Music Licensing',
  summary:
    'Artists keep ownership of their music. This page explains the limited licence artists give Backbeat to host, transcode and stream their tracks, the rights artists must hold, our audio quality standards, and the personal streaming licence listeners receive.',
  lastUpdated: '2026-11-22',
  sections: [
    {
      heading: 'You keep ownership',
      paragraphs: [
        'Everything you upload to Backbeat, including recordings, compositions, lyrics, cover art and descriptions, stays yours. Uploading does not transfer any copyright or other ownership to Backbeat, and we claim none.',
        'Because the licence you give us is non-exclusive, you are free to release, sell or license the same music anywhere else, as long as that does not conflict with these terms.',
      ],
    },
    {
      heading: 'The licence you give Backbeat',
      paragraphs: [
        'When you upload a track, you grant Backbeat a non-exclusive, worldwide licence, for as long as the track stays on Backbeat, to:',
      ],
      items: [
        'host and store your files and make backup copies;',
        'transcode them into the streaming formats our plans use: standard quality MP3 at 128 kbps, high quality MP3 at 320 kbps and, for lossless uploads, FLAC;',
        'stream your tracks to Backbeat listeners and show your cover art, titles and artist details;',
        'include your tracks in search, albums, playlists, recommendations and friends activity;',
        'create AutoMix stems (vocals and music) from your tracks so listeners can switch between them while playing inside Backbeat.',
      ],
    },
    {
      heading: 'Limits on our licence',
      items: [
        'We may share your files only with service providers that help us run Backbeat, such as hosting and storage providers, and only for that purpose.',
        'We do not sell your music or license it to third parties.',
        'We do not use your music in advertising for Backbeat without asking you first.',
        'Your compensation for this licence is the per-play earnings set out below; Backbeat takes no platform fee.',
        'The licence ends when you remove a track or close your account. We then stop streaming it, and remaining copies in backups are deleted on their normal cycle.',
      ],
    },
    {
      heading: 'What you promise when you upload',
      paragraphs: ['By uploading a track, you confirm that:'],
      items: [
        'you own, or are authorised to license, all the rights in the recording and the underlying composition;',
        'every sample, loop or other third-party material in the track is cleared for this use or is licensed in a way that allows it;',
        'for joint works, every collaborator who shares the rights (co-writers, producers, featured artists and band members) has agreed to the upload;',
        'covers and remixes are licensed by the owners of the original song;',
        'the upload does not break any exclusive agreement you have signed, for example with a label or distributor;',
        'the titles, artist names and credits you provide are accurate.',
      ],
    },
    {
      heading: 'Collaborations and shared earnings',
      paragraphs: [
        'Earnings for a track go to the account that uploaded it. Splitting money with collaborators is up to you and your collaborators, so agree on the split before you upload. A band or duo may run one shared artist account if every member agrees who controls it and receives its payouts. If collaborators disagree about a track, we may disable it until the dispute is resolved; see the Copyright & DMCA Policy.',
      ],
    },
    {
      heading: 'Audio quality standards',
      items: [
        'Upload your music as WAV, FLAC, OGG or MP3 files, up to 50 MB each.',
        'MP3 uploads must be at least 320kbps. Lower-bitrate MP3 files do not meet our standards and may be removed.',
        'Lossless files (WAV or FLAC) give the best results and let premium listeners hear your track in lossless FLAC.',
        'Do not convert a low-quality file into WAV or FLAC to make it look lossless.',
        'Cover art must be a JPG, PNG or WebP image of up to 5 MB. A square image of at least 1000x1000 pixels is recommended.',
        'Listeners hear your track at the quality of their plan: MP3 at 128 kbps on free, MP3 at 320 kbps on basic, and lossless FLAC on premium when your upload was lossless.',
      ],
    },
    {
      heading: 'Earnings from streams',
      paragraphs: [
        'Artists earn 2.10 EUR per 1,000 counted plays, and 100% of it goes to the artist. Plays by the uploader are not counted, and repeated plays of the same track by the same listener within 30 minutes count once. You can withdraw once your balance reaches 5.00 EUR, by PayPal or bank transfer, and payouts are processed within 5-7 business days. Full details are in the Terms of Service, and we give 30 days’ notice of any change to payout rates.',
        'These earnings are paid directly by Backbeat and are separate from any royalties you may be owed through collecting societies or other distributors. Registering your works with them is up to you.',
      ],
    },
    {
      heading: 'The listener licence',
      paragraphs: [
        'Listeners receive a personal, non-commercial licence to stream music on Backbeat for their own enjoyment, within the Backbeat app, for as long as the track is available. It does not transfer any rights in the music.',
      ],
      items: [
        'No downloading, ripping or recording tracks or AutoMix stems for redistribution.',
        'No public performance or broadcast, for example in shops, bars, clubs, events or on radio and livestreams, unless you have the licences this requires from the rights holders.',
        'No re-uploading tracks to Backbeat or anywhere else.',
        'Sharing a link to a track or playlist is welcome; it lets others listen on Backbeat.',
      ],
    },
    {
      heading: 'Questions',
      paragraphs: [
        'Licensing questions can be sent to support@backbeat.example. To report music that infringes your rights, follow the Copyright & DMCA Policy.',
      ],
    },
  ],
}
