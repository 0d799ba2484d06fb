import { AuthApiError } from '@supabase/auth-js';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render';
import { SecondFactorForm } from './SecondFactorForm';

const { verifySecondFactor } = vi.hoisted(() => ({ verifySecondFactor: vi.fn() }));

vi.mock('@/lib/auth', () => ({ signOut: vi.fn(), verifySecondFactor }));

const wrongCode = () => new AuthApiError('Invalid TOTP code entered', 422, 'mfa_verification_failed');

describe('SecondFactorForm', () => {
  beforeEach(() => {
    verifySecondFactor.mockReset();
  });

  it('asks for the 6-digit code from the authenticator app first', () => {
    renderRoute(<SecondFactorForm />);

    expect(screen.getByRole('heading', { level: 1, name: 'Two-factor authentication' })).toBeInTheDocument();
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    expect(screen.getByLabelText('Authentication code')).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByRole('button', { name: 'Use a recovery code instead' })).toBeInTheDocument();
  });

  it('takes a recovery code instead, sent trimmed through the same verification', async () => {
    verifySecondFactor.mockResolvedValue(null);
    const { user } = renderRoute(<SecondFactorForm />);

    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const field = screen.getByLabelText('Recovery code');
    expect(field).toHaveFocus();
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
    expect(
      screen.getByText('Enter one of the recovery codes you saved when you turned on two-factor authentication.'),
    ).toBeInTheDocument();
    await user.type(field, '  K3M9X-q2w7e ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(verifySecondFactor).toHaveBeenCalledExactlyOnceWith('K3M9X-q2w7e');
  });

  it("shows the server's message for a used or wrong recovery code", async () => {
    verifySecondFactor.mockResolvedValue(wrongCode());
    const { user } = renderRoute(<SecondFactorForm />);

    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), 'k3m9x-q2w7e');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid TOTP code entered');
  });

  it('goes back to the authenticator app with an empty field and no old message', async () => {
    verifySecondFactor.mockResolvedValue(wrongCode());
    const { user } = renderRoute(<SecondFactorForm />);
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), 'k3m9x-q2w7e');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Use your authenticator app' }));

    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Authentication code')).toHaveValue('');
    expect(screen.getByLabelText('Authentication code')).toHaveFocus();
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
  });

  it('puts the reason for the step before the instruction after a reset link', () => {
    renderRoute(<SecondFactorForm lead="Your account has two-factor authentication." />);

    expect(
      screen.getByText('Your account has two-factor authentication. Enter the 6-digit code from your authenticator app.'),
    ).toBeInTheDocument();
  });
});
