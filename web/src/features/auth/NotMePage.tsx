import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { errorCatalogue } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { FormError } from '@/components/ui/FormError';
import { ApiError, serverMessageOr } from '@/lib/api';
import { signOut } from '@/lib/auth';
import { secureAccount } from './api/secureAccount';
import { AuthCard } from './components/AuthCard';
import { authLinkClasses } from './components/authLinkStyles';

const TITLE = 'Secure your account';

function isInvalidLink(error: unknown): boolean {
  return error instanceof ApiError && error.code === errorCatalogue.security_link_invalid.code;
}

function InvalidLink({ message, afterAttempt }: { message: string; afterAttempt: boolean }) {
  return (
    <AuthCard title={TITLE} focusTitle={afterAttempt}>
      <div className="space-y-5">
        <FormError message={message} />
        <p className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <Link to="/forgot-password" className={authLinkClasses}>
            Reset your password
          </Link>
          <Link to="/login" className={authLinkClasses}>
            Go to login
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}

function AccountSecured() {
  return (
    <AuthCard title="Your account is secure" focusTitle>
      <div className="space-y-6">
        <p className="text-sm text-pretty text-zinc-300">
          We've logged out every device and emailed you a link to choose a new password.
        </p>
        <ButtonLink to="/login" className="w-full">
          Go to login
        </ButtonLink>
      </div>
    </AuthCard>
  );
}

function NotMeStep() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const secure = useMutation({
    mutationFn: async (linkToken: string) => {
      const secured = await secureAccount(linkToken);
      // The server ended every session of the account, so this browser's is over too.
      await signOut('local');
      return secured;
    },
  });

  if (!token) return <InvalidLink message={errorCatalogue.security_link_invalid.message} afterAttempt={false} />;
  if (secure.isSuccess) return <AccountSecured />;
  if (secure.isError && isInvalidLink(secure.error)) return <InvalidLink message={secure.error.message} afterAttempt />;

  return (
    <AuthCard title={TITLE} description="If you didn't make the change we emailed you about, someone else may be using your account.">
      <div className="space-y-5">
        <p className="text-sm text-pretty text-zinc-300">
          We'll remove any two-factor authentication added in the last 7 days and all recovery codes, log out every
          device, and email you a link to choose a new password.
        </p>
        <FormError
          message={secure.isError ? serverMessageOr(secure.error, "We couldn't secure your account. Please try again.") : null}
        />
        <Button
          className="w-full"
          disabled={secure.isPending}
          onClick={() => {
            secure.mutate(token);
          }}
        >
          {secure.isPending ? 'Securing your account…' : 'Secure my account'}
        </Button>
      </div>
    </AuthCard>
  );
}

/** /not-me?token=…: the "This wasn't me" link of a security email, open signed in or out. */
export function NotMePage() {
  return (
    <>
      <title>Secure your account · Backbeat</title>
      <NotMeStep />
    </>
  );
}
