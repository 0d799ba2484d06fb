import { Link, Navigate, useSearchParams } from 'react-router';
import { FormError } from '@/components/ui/FormError';
import { Spinner } from '@/components/ui/Spinner';
import { AuthCard } from './components/AuthCard';
import { authLinkClasses } from './components/authLinkStyles';
import { useEmailLink } from './useEmailLink';

function ConfirmEmailStep() {
  const [searchParams] = useSearchParams();
  const link = useEmailLink('signup', searchParams.get('token_hash'));

  if (link.status === 'verified') return <Navigate to="/home" replace />;
  return (
    <AuthCard title="Confirm your email">
      {link.status === 'checking' ? (
        <Spinner label="Confirming your email address…" />
      ) : (
        <div className="space-y-5">
          <FormError message={link.message} />
          <p className="text-sm text-zinc-400">
            <Link to="/login" className={authLinkClasses}>
              Go to Log In
            </Link>
          </p>
        </div>
      )}
    </AuthCard>
  );
}

/** /confirm?token_hash=…&type=signup: the link from the welcome email. */
export function ConfirmEmailPage() {
  return (
    <>
      <title>Confirm email · Backbeat</title>
      <ConfirmEmailStep />
    </>
  );
}
