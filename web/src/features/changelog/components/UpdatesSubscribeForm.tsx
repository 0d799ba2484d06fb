import { useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/Button';

/** What the box says when an address is entered: the truth, since nothing is sent or kept. */
const NO_RELEASE_MAIL_YET =
  "We don't send release emails yet, so your address was not saved. New features appear on this page the day they ship.";

/**
 * The release-news box, which does nothing on purpose: no request is made and nothing is stored,
 * and it says so instead of claiming a subscription.
 */
export function UpdatesSubscribeForm() {
  const [email, setEmail] = useState('');
  const [answered, setAnswered] = useState(false);

  const subscribe = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAnswered(true);
  };

  return (
    <section aria-labelledby="updates-subscribe-heading" className="rounded-3xl border border-brand/30 bg-brand/10 p-6 sm:p-8">
      <h2 id="updates-subscribe-heading" className="text-xl font-bold text-white">
        Get release news
      </h2>
      <p className="mt-2 text-sm text-zinc-300">Hear about new features the day they ship.</p>
      <form className="mt-5 flex flex-col gap-3" onSubmit={subscribe}>
        <label htmlFor="updates-email" className="sr-only">
          Email address
        </label>
        <input
          id="updates-email"
          type="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
          }}
          className="h-11 w-full min-w-0 rounded-full border border-white/15 bg-night/60 px-4 text-sm text-white placeholder:text-zinc-500 focus:border-brand-soft focus:outline-none"
        />
        <Button type="submit">Subscribe</Button>
      </form>
      <p role="status" className="mt-3 text-sm text-zinc-300 empty:hidden">
        {answered ? NO_RELEASE_MAIL_YET : null}
      </p>
    </section>
  );
}
