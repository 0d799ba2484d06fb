import { Link, useSearchParams } from 'react-router';
import { FormError } from '@/components/ui/FormError';
import { Spinner } from '@/components/ui/Spinner';
import { AuthCard } from './components/AuthCard';
import { authLinkClasses } from './components/authLinkStyles';
import { NewPasswordForm } from './components/NewPasswordForm';
import { SecondFactorForm } from './components/SecondFactorForm';
import { useSession } from './session';
import { useEmailLink } from './useEmailLink';

function RequestNewLink({ message }: { message: string }) {
  return (
    <AuthCard title="Reset your password">
      <div className="space-y-5">
        <FormError message={message} />
        <p className="text-sm text-zinc-400">
          <Link to="/forgot-password" className={authLinkClasses}>
            Request a new link
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}

function ResetPasswordStep() {
  const [searchParams] = useSearchParams();
  const link = useEmailLink('recovery', searchParams.get('token_hash'));
  const { status } = useSession();

  if (link.status === 'failed') return <RequestNewLink message={link.message} />;
  if (link.status === 'checking' || status === 'loading') {
    return (
      <AuthCard title="Reset your password">
        <Spinner label="Checking your link…" />
      </AuthCard>
    );
  }
  if (status === 'needs-second-factor') {
    return <SecondFactorForm lead="Your account has two-factor authentication." />;
  }
  if (status === 'signed-out') return <RequestNewLink message="You signed out before choosing a new password." />;
  return (
    <AuthCard title="Choose a new password" description="You'll use it the next time you log in.">
      <NewPasswordForm />
    </AuthCard>
  );
}

/** /reset-password?token_hash=…&type=recovery: the link from the reset email. */
export function ResetPasswordPage() {
  return (
    <>
      <title>Reset password · Backbeat</title>
      <ResetPasswordStep />
    </>
  );
}
