import { useMutation } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/Button';
import { FormError } from '@/components/ui/FormError';
import { TextField } from '@/components/ui/TextField';
import { auth } from '@/lib/auth';
import { AuthCard } from './components/AuthCard';
import { authLinkClasses } from './components/authLinkStyles';
import { SecondFactorForm } from './components/SecondFactorForm';
import { failureMessage } from './messages';
import { useSession } from './session';

interface Credentials {
  email: string;
  password: string;
}

async function logIn({ email, password }: Credentials): Promise<void> {
  const { error } = await auth.signInWithPassword({ email, password });
  if (error) throw error;
}

function PasswordLoginForm() {
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useMutation({ mutationFn: logIn });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    login.mutate({ email: email.trim(), password });
  };

  const next = searchParams.get('next');
  const signupPath = next ? `/signup?next=${encodeURIComponent(next)}` : '/signup';

  return (
    <AuthCard title="Welcome back" description="Log in to keep listening and to manage your music.">
      <div className="space-y-5">
        <FormError message={login.isError ? failureMessage(login.error, 'Failed to login') : null} />
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
          <div>
            <TextField
              label="Password"
              type="password"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
              }}
            />
            <p className="mt-2 text-right text-sm">
              <Link to="/forgot-password" className={authLinkClasses}>
                Forgot password?
              </Link>
            </p>
          </div>
          <Button type="submit" className="w-full" disabled={login.isPending}>
            {login.isPending ? 'Logging in…' : 'Log In'}
          </Button>
        </form>
        <p className="text-center text-sm text-zinc-400">
          New to Backbeat?{' '}
          <Link to={signupPath} className={authLinkClasses}>
            Sign up free
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}

/** /login: email and password, then the authenticator (or a recovery) code when the account has two-factor authentication. */
export function LoginPage() {
  const { status } = useSession();
  return (
    <>
      <title>Log In · Backbeat</title>
      {status === 'needs-second-factor' ? <SecondFactorForm /> : <PasswordLoginForm />}
    </>
  );
}
