import { AuthApiError } from '@supabase/auth-js';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, type User } from '@/test/render';
import { SignupPage } from './SignupPage';

const { signUp } = vi.hoisted(() => ({ signUp: vi.fn() }));

vi.mock('@/lib/auth', () => ({ auth: { signUp } }));

function renderSignup() {
  return renderRoute(<SignupPage />, { url: '/signup' });
}

async function fillIn(user: User, name: string) {
  await user.type(screen.getByLabelText('Full name'), name);
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'night-drive');
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
}

describe('SignupPage', () => {
  beforeEach(() => {
    signUp.mockReset();
  });

  it('asks for a password of at least 6 characters and links the terms, the privacy policy and login', () => {
    renderSignup();

    expect(screen.getByLabelText('Password')).toHaveAttribute('minlength', '6');
    expect(screen.getByText('At least 6 characters.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('sends the trimmed name as signup data', async () => {
    signUp.mockResolvedValue({ data: { user: { id: 'u1' }, session: { access_token: 'token' } }, error: null });
    const { user } = renderSignup();

    await fillIn(user, '  Ada Lovelace ');

    expect(signUp).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'night-drive',
      options: { data: { name: 'Ada Lovelace' } },
    });
  });

  it('says to check the email when the server wants the address confirmed first', async () => {
    signUp.mockResolvedValue({ data: { user: { id: 'u1' }, session: null }, error: null });
    const { user } = renderSignup();

    await fillIn(user, 'Ada Lovelace');

    expect(await screen.findByRole('heading', { name: 'Check your email to confirm your account' })).toBeInTheDocument();
  });

  it("shows the server's message, or 'User creation failed' when no user came back", async () => {
    signUp.mockResolvedValueOnce({
      data: { user: null, session: null },
      error: new AuthApiError('User already registered', 422, 'user_already_exists'),
    });
    const { user } = renderSignup();

    await fillIn(user, 'Ada Lovelace');
    expect(await screen.findByRole('alert')).toHaveTextContent('User already registered');

    signUp.mockResolvedValueOnce({ data: { user: null, session: null }, error: null });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('User creation failed');
  });

  it('refuses a name made of spaces without asking the server', async () => {
    const { user } = renderSignup();

    await fillIn(user, '   ');

    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your full name.');
    expect(signUp).not.toHaveBeenCalled();
  });
});
