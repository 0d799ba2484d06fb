import { ButtonLink } from '@/components/ui/ButtonLink';
import { useSignedIn } from '@/lib/viewer';

/** The closing call: sign up or log in, or for a signed-in user, upload or go home. */
export function SignUpCallToAction() {
  const signedIn = useSignedIn();
  return (
    <section aria-labelledby="signup-heading" className="mx-auto max-w-7xl px-4 pb-16 sm:px-6 lg:px-8">
      <div className="relative overflow-hidden rounded-[2rem] bg-brand-gradient px-6 py-14 text-center sm:px-12 sm:py-20">
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(circle_at_20%_20%,rgb(255_255_255/0.25),transparent_45%)]"
        />
        <div className="relative">
          <h2 id="signup-heading" className="text-3xl font-extrabold tracking-tight text-balance text-white sm:text-5xl">
            Ready to share your sound?
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-white/85">
            {signedIn
              ? 'Upload your next track today. Listeners are waiting.'
              : 'Create your free account and upload your first track today. Listeners are waiting.'}
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            {signedIn ? (
              <>
                <ButtonLink to="/upload" size="lg" variant="inverse">
                  Upload a Track
                </ButtonLink>
                <ButtonLink to="/home" size="lg" variant="secondary">
                  Go to Home
                </ButtonLink>
              </>
            ) : (
              <>
                <ButtonLink to="/signup" size="lg" variant="inverse">
                  Sign Up Free
                </ButtonLink>
                <ButtonLink to="/login" size="lg" variant="secondary">
                  Log In
                </ButtonLink>
              </>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
