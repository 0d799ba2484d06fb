import { AuthApiError } from '@supabase/auth-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SignupPage } from './SignupPage';

const { signUp } = vi.hoisted(() => ({ signUp: vi.fn() }));

vi.mock('@/lib/auth', () => ({ auth: { signUp } }));

function renderSignup() {
  const router = createMemoryRouter([{ path: '/signup', element: <SignupPage /> }], { initialEntries: ['/signup'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, name: string) {
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
    const user = userEvent.setup();
    signUp.mockResolvedValue({ data: { user: { id: 'u1' }, session: { access_token: 'token' } }, error: null });
    renderSignup();

    await fillIn(user, '  Ada Lovelace ');

    expect(signUp).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'night-drive',
      options: { data: { name: 'Ada Lovelace' } },
    });
  });

  it('says to check the email when the server wants the address confirmed first', async () => {
    const user = userEvent.setup();
    signUp.mockResolvedValue({ data: { user: { id: 'u1' }, session: null }, error: null });
    renderSignup();

    await fillIn(user, 'Ada Lovelace');

    expect(await screen.findByRole('heading', { name: 'Check your email to confirm your account' })).toBeInTheDocument();
  });

  it("shows the server's message, or 'User creation failed' when no user came back", async () => {
    const user = userEvent.setup();
    signUp.mockResolvedValueOnce({
      data: { user: null, session: null },
      error: new AuthApiError('User already registered', 422, 'user_already_exists'),
    });
    renderSignup();

    await fillIn(user, 'Ada Lovelace');
    expect(await screen.findByRole('alert')).toHaveTextContent('User already registered');

    signUp.mockResolvedValueOnce({ data: { user: null, session: null }, error: null });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('User creation failed');
  });

  it('refuses a name made of spaces without asking the server', async () => {
    const user = userEvent.setup();
    renderSignup();

    await fillIn(user, '   ');

    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your full name.');
    expect(signUp).not.toHaveBeenCalled();
  });
});
