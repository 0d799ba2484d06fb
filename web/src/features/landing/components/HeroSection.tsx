import { ButtonLink } from '@/components/ui/ButtonLink';
import { useSignedIn } from '@/lib/viewer';
import { NowPlayingArtwork } from './NowPlayingArtwork';

export function HeroSection() {
  const signedIn = useSignedIn();
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-[36rem] bg-[radial-gradient(ellipse_at_top,rgb(139_92_246/0.28),transparent_65%)]"
      />
      <div className="relative mx-auto grid max-w-7xl items-center gap-16 px-4 pt-16 pb-24 sm:px-6 sm:pt-24 lg:grid-cols-[1.1fr_0.9fr] lg:px-8 lg:pb-32">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand/40 bg-brand/10 px-3 py-1 text-sm font-medium text-brand-soft">
            <span aria-hidden="true" className="size-2 rounded-full bg-brand-fuchsia" />
            Independent music, fairly paid
          </p>
          <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-balance text-white sm:text-6xl">
            Where independent artists get heard <span className="text-gradient">and paid</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-pretty text-zinc-400 sm:text-xl">
            Upload your tracks, reach listeners on web and mobile, and earn 2.10 EUR for every 1,000 plays. All of it
            goes to you.
          </p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            {signedIn ? (
              <ButtonLink to="/home" size="lg">
                Go to Home
              </ButtonLink>
            ) : (
              <ButtonLink to="/signup" size="lg">
                Sign Up Free
              </ButtonLink>
            )}
            <ButtonLink to="/comparison" variant="secondary" size="lg">
              Compare plans
            </ButtonLink>
          </div>
          <p className="mt-5 text-sm text-zinc-500">Free plan for everyone. No card needed.</p>
        </div>
        <NowPlayingArtwork />
      </div>
    </section>
  );
}
