import { AuthApiError, type Session } from '@supabase/auth-js';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, type User } from '@/test/render';
import { LoginPage } from './LoginPage';
import { SessionContext, type SessionState } from './session';

const { signInWithPassword, verifySecondFactor } = vi.hoisted(() => ({
  signInWithPassword: vi.fn(),
  verifySecondFactor: vi.fn(),
}));

vi.mock('@/lib/auth', () => ({
  auth: { signInWithPassword },
  signOut: vi.fn(),
  verifySecondFactor,
  needsSecondFactor: vi.fn(),
}));

const signedOut: SessionState = { status: 'signed-out', session: null, user: null };

function renderLogin(session: SessionState = signedOut) {
  return renderRoute(
    <SessionContext value={session}>
      <LoginPage />
    </SessionContext>,
    { url: '/login' },
  );
}

async function logIn(user: User, password: string) {
  await user.clear(screen.getByLabelText('Email'));
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.clear(screen.getByLabelText('Password'));
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log In' }));
}

function invalidCredentials() {
  return { data: { user: null, session: null }, error: new AuthApiError('Invalid login credentials', 400, 'invalid_credentials') };
}

describe('LoginPage', () => {
  beforeEach(() => {
    signInWithPassword.mockReset();
  });

  it('has required email and password fields, a reset link and a signup link', () => {
    renderLogin();

    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Sign up free' })).toHaveAttribute('href', '/signup');
  });

  it("shows the server's message in a red box above the form", async () => {
    signInWithPassword.mockResolvedValue(invalidCredentials());
    const { user } = renderLogin();

    await logIn(user, 'wrong password');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid login credentials');
    expect(alert.compareDocumentPosition(screen.getByLabelText('Email')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(signInWithPassword).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'wrong password' });
  });

  it('clears the message when a new attempt starts', async () => {
    signInWithPassword.mockResolvedValueOnce(invalidCredentials());
    const { user } = renderLogin();
    await logIn(user, 'wrong password');
    expect(await screen.findByRole('alert')).toBeInTheDocument();

    let answer: (value: ReturnType<typeof invalidCredentials>) => void = () => undefined;
    signInWithPassword.mockReturnValueOnce(
      new Promise((resolve) => {
        answer = resolve;
      }),
    );
    await logIn(user, 'another try');

    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logging in…' })).toBeDisabled();
    answer(invalidCredentials());
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login credentials');
  });

  it('asks for the authenticator code when the account has two-factor authentication', async () => {
    verifySecondFactor.mockResolvedValue(new AuthApiError('Invalid TOTP code entered', 422, 'mfa_verification_failed'));
    const session = { user: { id: 'u1' } } as Session;
    const { user } = renderLogin({ status: 'needs-second-factor', session, user: session.user });

    expect(screen.getByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Authentication code'), '12a3456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(verifySecondFactor).toHaveBeenCalledWith('123456');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid TOTP code entered');
  });
});
