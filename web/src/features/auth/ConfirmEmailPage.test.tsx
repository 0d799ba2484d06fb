import { AuthApiError } from '@supabase/auth-js';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render';
import { ConfirmEmailPage } from './ConfirmEmailPage';

const { verifyOtp } = vi.hoisted(() => ({ verifyOtp: vi.fn() }));

vi.mock('@/lib/auth', () => ({ auth: { verifyOtp } }));

function renderConfirm(url: string) {
  return renderRoute(<ConfirmEmailPage />, {
    url,
    otherRoutes: [{ path: '/home', element: <h1>Home</h1> }],
    strict: true,
  }).router;
}

describe('ConfirmEmailPage', () => {
  beforeEach(() => {
    verifyOtp.mockReset();
  });

  it('redeems the token once, even under StrictMode, and goes home', async () => {
    verifyOtp.mockResolvedValue({ data: {}, error: null });
    const router = renderConfirm('/confirm?token_hash=abc123&type=signup');

    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    expect(verifyOtp).toHaveBeenCalledExactlyOnceWith({ type: 'signup', token_hash: 'abc123' });
  });

  it("shows the server's message for a used or expired link", async () => {
    verifyOtp.mockResolvedValue({
      data: {},
      error: new AuthApiError('Email link is invalid or has expired', 403, 'otp_expired'),
    });
    renderConfirm('/confirm?token_hash=used&type=signup');

    expect(await screen.findByRole('alert')).toHaveTextContent('Email link is invalid or has expired');
    expect(screen.getByRole('link', { name: 'Go to Log In' })).toHaveAttribute('href', '/login');
  });

  it('says a link without its token is incomplete, without asking the server', () => {
    renderConfirm('/confirm');

    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete.');
    expect(verifyOtp).not.toHaveBeenCalled();
  });
});
