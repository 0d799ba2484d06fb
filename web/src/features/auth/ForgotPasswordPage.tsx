import { useMutation } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/Button';
import { FormError } from '@/components/ui/FormError';
import { TextField } from '@/components/ui/TextField';
import { auth } from '@/lib/auth';
import { AuthCard } from './components/AuthCard';
import { authLinkClasses } from './components/authLinkStyles';
import { failureMessage } from './messages';

async function requestPasswordReset(email: string): Promise<void> {
  const { error } = await auth.resetPasswordForEmail(email, {
    redirectTo: `${window.location.origin}/reset-password`,
  });
  if (error) throw error;
}

/** /forgot-password: mails a reset link. The answer is the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const request = useMutation({ mutationFn: requestPasswordReset });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    request.mutate(email.trim());
  };

  return (
    <AuthCard
      title="Reset your password"
      description="Enter the email address of your account and we'll send you a link to choose a new password."
    >
      <title>Forgot password · Backbeat</title>
      {request.isSuccess ? (
        <p role="status" className="rounded-xl border border-emerald-400/30 bg-emerald-500/10 px-4 py-3 text-sm text-emerald-100">
          If an account exists for that address, we've sent a link to reset the password.
        </p>
      ) : (
        <div className="space-y-5">
          <FormError message={request.isError ? failureMessage(request.error, 'Failed to send the reset link') : null} />
          <form className="space-y-5" onSubmit={submit}>
            <TextField
              label="Email"
              type="email"
              name="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
              }}
            />
            <Button type="submit" className="w-full" disabled={request.isPending}>
              {request.isPending ? 'Sending…' : 'Send reset link'}
            </Button>
          </form>
        </div>
      )}
      <p className="mt-6 text-center text-sm text-zinc-400">
        Remembered it?{' '}
        <Link to="/login" className={authLinkClasses}>
          Back to Log In
        </Link>
      </p>
    </AuthCard>
  );
}
