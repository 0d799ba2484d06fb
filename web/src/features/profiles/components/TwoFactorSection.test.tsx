import { AuthApiError } from '@supabase/auth-js';
import { screen, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '@/api/errors';
import { answer, failure } from '@/test/fixtures';
import { renderRoute, type User } from '@/test/render';
import { TwoFactorSection } from './TwoFactorSection';

const { auth, verifySecondFactor, GET, POST } = vi.hoisted(() => ({
  auth: {
    mfa: {
      listFactors: vi.fn(),
      enroll: vi.fn(),
      challengeAndVerify: vi.fn(),
      unenroll: vi.fn(),
      getAuthenticatorAssuranceLevel: vi.fn(),
    },
    refreshSession: vi.fn(),
  },
  verifySecondFactor: vi.fn(),
  GET: vi.fn(),
  POST: vi.fn(),
}));

vi.mock('@/lib/auth', () => ({
  auth,
  verifySecondFactor,
  verifyNewFactor: (factorId: string, code: string): unknown => auth.mfa.challengeAndVerify({ factorId, code }),
}));
vi.mock('@/lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/api')>()), api: { GET, POST } }));

const codes = Array.from({ length: 10 }, (_, index) => `code${String(index)}-abcde`);
const newCodes = Array.from({ length: 10 }, (_, index) => `new${String(index)}x-fghij`);

const appFactor = { id: 'factor-1', factor_type: 'totp', status: 'verified', friendly_name: 'Authenticator app' };

function factorsAre(verified: boolean) {
  const all = verified ? [appFactor] : [];
  auth.mfa.listFactors.mockResolvedValue({ data: { all, totp: all, phone: [] }, error: null });
}

function objectUrls(functions: Record<'createObjectURL' | 'revokeObjectURL', unknown>) {
  for (const [name, value] of Object.entries(functions)) {
    Object.defineProperty(URL, name, { value, configurable: true, writable: true });
  }
}

function section() {
  return screen.getByRole('region', { name: 'Two-factor authentication' });
}

async function turnOn(user: User) {
  auth.mfa.enroll.mockResolvedValue({
    data: { id: 'factor-1', totp: { qr_code: 'data:image/svg+xml;utf-8,<svg/>', secret: 'JBSWY3DPEHPK3PXP' } },
    error: null,
  });
  auth.mfa.challengeAndVerify.mockImplementation(() => {
    factorsAre(true);
    return Promise.resolve({ data: { access_token: 'aal2', recovery_codes: codes }, error: null });
  });
  await user.click(await screen.findByRole('button', { name: 'Enable two-factor authentication' }));
  await user.type(await screen.findByLabelText('Authentication code'), '123456');
  await user.click(screen.getByRole('button', { name: 'Turn on' }));
}

function shownCodes(): string[] {
  return within(screen.getByRole('list', { name: 'Recovery codes' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

describe('TwoFactorSection', () => {
  beforeEach(() => {
    for (const mock of [...Object.values(auth.mfa), auth.refreshSession, verifySecondFactor, GET, POST]) mock.mockReset();
    auth.refreshSession.mockResolvedValue({ data: {}, error: null });
    GET.mockResolvedValue(answer({ remaining: 10 }));
    vi.spyOn(toast, 'success');
    vi.spyOn(toast, 'error');
  });

  afterEach(() => {
    objectUrls({ createObjectURL: undefined, revokeObjectURL: undefined });
  });

  it('shows the ten recovery codes once the first code is accepted, and forgets them from the stored session', async () => {
    factorsAre(false);
    const { user } = renderRoute(<TwoFactorSection />);

    await turnOn(user);

    const panel = await screen.findByRole('region', { name: 'Save your recovery codes' });
    expect(within(panel).getByRole('heading', { name: 'Save your recovery codes' })).toHaveFocus();
    expect(panel).toHaveTextContent(
      "Each code logs you in once if you lose your phone. Keep them somewhere safe: they won't be shown again.",
    );
    expect(shownCodes()).toEqual(codes);
    expect(auth.mfa.challengeAndVerify).toHaveBeenCalledWith({ factorId: 'factor-1', code: '123456' });
    expect(auth.refreshSession).toHaveBeenCalledOnce();
  });

  it('copies the codes, one a line', async () => {
    factorsAre(false);
    const { user } = renderRoute(<TwoFactorSection />);
    await turnOn(user);

    await user.click(await screen.findByRole('button', { name: 'Copy codes' }));

    expect(await navigator.clipboard.readText()).toBe(codes.join('\n'));
    expect(toast.success).toHaveBeenCalledWith('Recovery codes copied.');
  });

  it('downloads the codes as a text file', async () => {
    // jsdom has no object URLs: these stand in for the browser's while the test runs.
    const createObjectURL = vi.fn<(file: Blob) => string>(() => 'blob:codes');
    objectUrls({ createObjectURL, revokeObjectURL: vi.fn() });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('backbeat-recovery-codes.txt');
      expect(this.getAttribute('href')).toBe('blob:codes');
    });
    factorsAre(false);
    const { user } = renderRoute(<TwoFactorSection />);
    await turnOn(user);

    await user.click(await screen.findByRole('button', { name: 'Download' }));

    expect(clicked).toHaveBeenCalledOnce();
    const file = createObjectURL.mock.calls[0]?.[0];
    expect(file?.type).toBe('text/plain;charset=utf-8');
    expect(await file?.text()).toContain(codes.join('\n'));
  });

  it('closes the codes for good and tells how many are left', async () => {
    factorsAre(false);
    const { user } = renderRoute(<TwoFactorSection />);
    await turnOn(user);

    await user.click(await screen.findByRole('button', { name: "I've saved my codes" }));

    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(await within(section()).findByText('10 recovery codes left')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Two-factor authentication' })).toHaveFocus();
    expect(GET).toHaveBeenCalledWith('/api/v1/me/recovery-codes');
  });

  it('warns when no recovery codes are left', async () => {
    factorsAre(true);
    GET.mockResolvedValue(answer({ remaining: 0 }));
    renderRoute(<TwoFactorSection />);

    expect(
      await screen.findByText('No recovery codes left. Make new ones so you can still log in if you lose your phone.'),
    ).toBeInTheDocument();
  });

  it('makes new recovery codes after a confirmation, and shows them the same way', async () => {
    factorsAre(true);
    POST.mockResolvedValue(answer({ recovery_codes: newCodes }));
    const { user } = renderRoute(<TwoFactorSection />);
    expect(await screen.findByText('10 recovery codes left')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Make new recovery codes' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Make new recovery codes?' });
    expect(dialog).toHaveTextContent('Your current recovery codes will stop working.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(POST).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Make new codes' }));

    expect(await screen.findByRole('region', { name: 'Save your recovery codes' })).toBeInTheDocument();
    expect(shownCodes()).toEqual(newCodes);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(POST).toHaveBeenCalledExactlyOnceWith('/api/v1/me/recovery-codes');
    expect(GET).toHaveBeenCalledTimes(2);
  });

  it('keeps the old codes when the confirmation is cancelled', async () => {
    factorsAre(true);
    const { user } = renderRoute(<TwoFactorSection />);

    await user.click(await screen.findByRole('button', { name: 'Make new recovery codes' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(POST).not.toHaveBeenCalled();
  });

  it("shows the server's message in the confirmation when no new codes could be made", async () => {
    factorsAre(true);
    POST.mockResolvedValue(failure(errorCatalogue.two_factor_not_enabled));
    const { user } = renderRoute(<TwoFactorSection />);

    await user.click(await screen.findByRole('button', { name: 'Make new recovery codes' }));
    await user.click(screen.getByRole('button', { name: 'Make new codes' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Make new recovery codes?' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(errorCatalogue.two_factor_not_enabled.message);
  });

  it('turns two-factor authentication off with a recovery code when the session has not proved it', async () => {
    factorsAre(true);
    auth.mfa.getAuthenticatorAssuranceLevel.mockResolvedValue({ data: { currentLevel: 'aal1' }, error: null });
    verifySecondFactor.mockResolvedValue(null);
    auth.mfa.unenroll.mockImplementation(() => {
      factorsAre(false);
      return Promise.resolve({ data: {}, error: null });
    });
    const { user } = renderRoute(<TwoFactorSection />);

    await user.click(await screen.findByRole('button', { name: 'Turn off two-factor authentication' }));
    expect(
      await screen.findByText('Enter a code from your authenticator app to turn off two-factor authentication.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    expect(screen.getByText('Enter one of your recovery codes to turn off two-factor authentication.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Recovery code'), 'k3m9x-q2w7e');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));

    expect(await screen.findByRole('button', { name: 'Enable two-factor authentication' })).toBeInTheDocument();
    expect(verifySecondFactor).toHaveBeenCalledExactlyOnceWith('k3m9x-q2w7e');
    expect(auth.mfa.unenroll).toHaveBeenCalledWith({ factorId: 'factor-1' });
  });

  it('asks for the first code from the app only: a recovery code cannot confirm a new authenticator', async () => {
    factorsAre(false);
    auth.mfa.enroll.mockResolvedValue({
      data: { id: 'factor-1', totp: { qr_code: 'data:image/svg+xml;utf-8,<svg/>', secret: 'JBSWY3DPEHPK3PXP' } },
      error: null,
    });
    auth.mfa.challengeAndVerify.mockResolvedValue({
      data: null,
      error: new AuthApiError('Invalid TOTP code entered', 422, 'mfa_verification_failed'),
    });
    const { user } = renderRoute(<TwoFactorSection />);

    await user.click(await screen.findByRole('button', { name: 'Enable two-factor authentication' }));
    expect(await screen.findByLabelText('Authentication code')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use a recovery code instead' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid TOTP code entered');
    expect(auth.refreshSession).not.toHaveBeenCalled();
  });
});
