import type { PolicyDocument } from '../types'

export const termsOfService: PolicyDocument = {
  slug: 'terms-of-service',
  title: 'Terms of Service',
  summary:
    'The rules for using the hosted Backbeat service: your account, plans and payments, the music you upload, how plays earn money and are paid out, what is not allowed, how we enforce these terms and how they change.',
  lastUpdated: '2026-11-22',
  sections: [
    {
      heading: 'About these terms',
      paragraphs: [
        'These Terms of Service are an agreement between you and the operator of the hosted Backbeat service (“Backbeat”, “we”, “us”). Backbeat is a music platform where independent artists upload tracks, listeners stream them, and artists earn money for every counted play.',
        'Backbeat is also available as self-hostable software. These terms cover only the hosted Backbeat service. If you use a Backbeat server run by someone else, that operator’s own terms and policies apply instead.',
        'By creating an account or using the service you accept these terms and the policies they refer to: the Privacy Policy, Copyright & DMCA Policy, Community Guidelines, Cookie Policy, Music Licensing terms and Accessibility Statement. You must be at least 16 years old, or older if the law where you live requires it, to create an account.',
      ],
    },
    {
      heading: 'Your account',
      items: [
        'You sign up with your name, an email address and a password of at least 6 characters. A longer passphrase is strongly recommended.',
        'We store passwords only as argon2id hashes. Nobody at Backbeat can read your password, and we will never ask you for it.',
        'You can turn on two-factor authentication with an authenticator app (TOTP) from Profile & Settings. We recommend it, especially if you earn money on Backbeat.',
        'You can edit your display name, bio, social links, avatar and featured playlist at any time. Your email address cannot be changed in the app; contact support@backbeat.example to change it.',
        'If you forget your password, use “Forgot password?” on the login page to receive a reset link by email.',
        'You are responsible for activity on your account. Keep your credentials private and tell us at support@backbeat.example straight away if you think someone else has accessed your account.',
        'Do not sell, transfer or lend your account. A band or duo may run one shared artist account if every member agrees who controls it and who receives its payouts.',
      ],
    },
    {
      heading: 'Plans and payments',
      paragraphs: [
        'Backbeat offers three plans. Upload limits count uploads per calendar month (UTC); unused uploads do not roll over to the next month.',
      ],
      items: [
        'Free ($0): 50 uploads per calendar month, standard quality streaming (MP3 at 128 kbps), and ads: a banner and a timed pop-up.',
        'Basic ($4.99 per month): 100 uploads per calendar month, high quality streaming (MP3 at 320 kbps) and no ads.',
        'Premium ($9.99 per month): unlimited uploads, lossless streaming (FLAC when the original upload was lossless, otherwise the original file), no ads and priority support.',
        'Paid plans are billed monthly by card through our payment provider’s secure checkout page. We never receive or store your full card number; we keep only the provider’s customer reference and the status of your subscription.',
        'Your plan changes once the payment provider confirms the payment to us. This usually takes a few seconds.',
        'Promotional codes can be entered at checkout and apply only under the conditions stated with the code.',
        'You can downgrade to Free at any time from the Subscription page. Downgrading cancels your paid subscription and returns your account to the free plan. Tracks you have already uploaded stay online, but new uploads count against the free limit and ads are shown again.',
        'Unless the law where you live says otherwise, payments for a month that has already started are not refunded.',
      ],
    },
    {
      heading: 'Your music and content',
      paragraphs: [
        'You keep ownership of the music, artwork and text you upload. By uploading, you give Backbeat the non-exclusive licence described on the Music Licensing page, which lets us host, transcode and stream your tracks to listeners.',
        'You confirm that you hold all the rights needed for everything you upload, including any samples and the consent of your collaborators for joint works. Uploads must be WAV, FLAC, OGG or MP3 files of up to 50 MB, and MP3 uploads must be at least 320kbps. Cover images must be JPG, PNG or WebP files of up to 5 MB.',
        'You can take down any of your tracks at any time; if the option is not available in the app, contact support@backbeat.example. Once a track is removed we stop streaming it, and remaining copies in backups are deleted on their normal cycle.',
      ],
    },
    {
      heading: 'Earnings and payouts',
      items: [
        'Artists earn 2.10 EUR for every 1,000 counted plays of their tracks. 100% of that goes to the artist; Backbeat takes no platform fee.',
        'A play is counted when a signed-in listener starts playing a track. Plays by the track’s uploader are not counted, and repeated plays of the same track by the same listener within 30 minutes count once.',
        'Your balance is shown in euros, rounded down to the cent. The minimum withdrawal is 5.00 EUR.',
        'A withdrawal request pays out your whole balance rounded down to whole cents; any fraction of a cent stays in your balance.',
        'Payouts are made by PayPal or by bank transfer (account holder name, IBAN and SWIFT/BIC code) and are processed within 5-7 business days. Each request shows as pending, completed or rejected in your payout history.',
        'If a payout is rejected, for example because the payout details are wrong, the amount is returned to your balance and you can request it again.',
        'You are responsible for giving correct payout details and for any taxes due on your earnings.',
        'We may withhold or reverse earnings that come from artificial plays (play farming) or from tracks removed for copyright infringement.',
      ],
    },
    {
      heading: 'Acceptable use',
      paragraphs: ['When you use Backbeat you agree not to:'],
      items: [
        'upload music, artwork or text that you do not have the rights to, or break the Community Guidelines;',
        'inflate plays artificially with bots, scripts, multiple accounts, paid listening schemes or any other form of play farming;',
        'download, rip or record streams to redistribute them, or use Backbeat streams commercially;',
        'get around plan limits, upload limits or ads, or access another person’s account;',
        'probe, overload or attack the hosted service, or collect data from it in bulk without our permission;',
        'upload malware or use Backbeat for anything illegal.',
      ],
    },
    {
      heading: 'Moderation, suspension and termination',
      paragraphs: [
        'We review reports and may act on content or accounts that break these terms. Depending on how serious the problem is and your history, we may give a warning, remove content, suspend your account or terminate it.',
        'Suspensions last 7-30 days depending on severity. While an account is suspended it cannot upload or request withdrawals, and its public content may be hidden. Serious violations, such as illegal content, credible threats or large-scale play farming, can lead directly to termination. Repeat copyright infringers lose their accounts.',
        'You can appeal a moderation decision within 30 days by writing to support@backbeat.example. We answer appeals within 5-7 business days.',
        'If we terminate your account, we will still pay out any balance earned from legitimate plays that meets the 5.00 EUR minimum once you send us your payout details, unless the law prevents it.',
      ],
    },
    {
      heading: 'Closing your account',
      paragraphs: [
        'You can close your account at any time by asking support@backbeat.example. Withdraw your balance first if it is 5.00 EUR or more. Cancelling a paid plan is separate: downgrade to Free on the Subscription page to stop billing. What happens to your data after closure is explained in the Privacy Policy.',
      ],
    },
    {
      heading: 'The service, disclaimers and liability',
      paragraphs: [
        'We work to keep Backbeat available and reliable, but we cannot promise that it will be uninterrupted or error-free. We may pause the service for maintenance and may change or remove features. Automated features such as AutoMix stems and recommendations may be imperfect.',
        'Music and other content on Backbeat comes from its users. We do not endorse it and are not responsible for it, although we act on reports as described in our policies.',
        'To the extent the law allows, the service is provided “as is”, and our total liability to you for any claim is limited to the amount you paid us in the 12 months before the claim arose. Nothing in these terms limits liability that cannot be limited by law, or your mandatory rights as a consumer.',
      ],
    },
    {
      heading: 'Changes to these terms and to payout rates',
      paragraphs: [
        'We give you 30 days’ notice before changes to these terms or to payout rates take effect, by email and by a notice in the app. Earnings already credited to your balance are not affected by a rate change.',
        'If you do not agree with a change, you can close your account before it takes effect. If you keep using Backbeat after that date, the new terms apply to you.',
      ],
    },
    {
      heading: 'Contact',
      paragraphs: [
        'Questions about these terms, your account or your payouts can be sent to support@backbeat.example. Copyright notices are handled as described in the Copyright & DMCA Policy.',
      ],
    },
  ],
}
