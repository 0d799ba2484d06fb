import { useMutation } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/Button';
import { FormError } from '@/components/ui/FormError';
import { TextField } from '@/components/ui/TextField';
import { auth } from '@/lib/auth';
import { AuthCard } from './components/AuthCard';
import { authLinkClasses } from './components/authLinkStyles';
import { failureMessage } from './messages';
import { MIN_PASSWORD_LENGTH, passwordHint } from './password';

interface NewAccount {
  name: string;
  email: string;
  password: string;
}

type SignupOutcome = 'signed-in' | 'confirmation-sent';

async function signUp({ name, email, password }: NewAccount): Promise<SignupOutcome> {
  const { data, error } = await auth.signUp({ email, password, options: { data: { name } } });
  if (error) throw error;
  if (!data.user) throw new Error('User creation failed');
  // Without a session the server wants the address confirmed first; the session state moves a signed-in user on.
  return data.session ? 'signed-in' : 'confirmation-sent';
}

/** /signup: full name, email and password. */
export function SignupPage() {
  const [searchParams] = useSearchParams();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [nameMissing, setNameMissing] = useState(false);
  const signup = useMutation({ mutationFn: signUp });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmedName = name.trim();
    setNameMissing(trimmedName === '');
    if (trimmedName === '') {
      signup.reset();
      return;
    }
    signup.mutate({ name: trimmedName, email: email.trim(), password });
  };

  if (signup.data === 'confirmation-sent') {
    return (
      <AuthCard title="Check your email to confirm your account">
        <title>Sign Up · Backbeat</title>
        <p className="text-sm text-zinc-300">
          We sent a link to <span className="font-medium text-white">{email.trim()}</span>. Open it to finish
          creating your account, then log in.
        </p>
        <p className="mt-6 text-sm">
          <Link to="/login" className={authLinkClasses}>
            Back to Log In
          </Link>
        </p>
      </AuthCard>
    );
  }

  const next = searchParams.get('next');
  const loginPath = next ? `/login?next=${encodeURIComponent(next)}` : '/login';
  const signupError = signup.isError ? failureMessage(signup.error, 'Failed to sign up') : null;

  return (
    <AuthCard title="Create your account" description="Free to join. Upload your music, stream everyone else's.">
      <title>Sign Up · Backbeat</title>
      <div className="space-y-5">
        <FormError message={nameMissing ? 'Please enter your full name.' : signupError} />
        <form className="space-y-5" onSubmit={submit}>
          <TextField
            label="Full name"
            name="name"
            autoComplete="name"
            required
            value={name}
            onChange={(event) => {
              setName(event.target.value);
            }}
          />
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
          <TextField
            label="Password"
            type="password"
            name="password"
            autoComplete="new-password"
            required
            minLength={MIN_PASSWORD_LENGTH}
            hint={passwordHint}
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
            }}
          />
          <Button type="submit" className="w-full" disabled={signup.isPending}>
            {signup.isPending ? 'Creating your account…' : 'Sign Up'}
          </Button>
          <p className="text-xs text-pretty text-zinc-500">
            By signing up you agree to the{' '}
            <Link to="/terms" className={authLinkClasses}>
              Terms of Service
            </Link>{' '}
            and the{' '}
            <Link to="/privacy" className={authLinkClasses}>
              Privacy Policy
            </Link>
            .
          </p>
        </form>
        <p className="text-center text-sm text-zinc-400">
          Already have an account?{' '}
          <Link to={loginPath} className={authLinkClasses}>
            Log in
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
