import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '@/api/errors';
import { answer, failure } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { NotMePage } from './NotMePage';

const { POST, sessionPOST, signOut } = vi.hoisted(() => ({ POST: vi.fn(), sessionPOST: vi.fn(), signOut: vi.fn() }));

vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  api: { POST: sessionPOST },
  apiWithoutSession: { POST },
}));
vi.mock('@/lib/auth', () => ({ signOut }));

const TOKEN = 'user-1.1767225600.c2lnbmF0dXJl';
const invalidLink = errorCatalogue.security_link_invalid.message;

function renderNotMe(url = `/not-me?token=${TOKEN}`) {
  return renderRoute(<NotMePage />, { url, otherRoutes: [{ path: '/login', element: <h1>Log In</h1> }] });
}

describe('NotMePage', () => {
  beforeEach(() => {
    POST.mockReset();
    sessionPOST.mockReset();
    signOut.mockReset().mockResolvedValue({ error: null });
  });

  it('says what securing the account does before anything is sent', () => {
    renderNotMe();

    expect(screen.getByRole('heading', { level: 1, name: 'Secure your account' })).toBeInTheDocument();
    expect(
      screen.getByText(
        "We'll remove any two-factor authentication added in the last 7 days and all recovery codes, log out every device, and email you a link to choose a new password.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Secure my account' })).toBeEnabled();
    expect(POST).not.toHaveBeenCalled();
  });

  it("sends the link's token without the session, ends the local session and says the account is secure", async () => {
    POST.mockResolvedValue(answer({ factors_removed: 1, sessions_ended: 2 }));
    const { user } = renderNotMe();

    await user.click(screen.getByRole('button', { name: 'Secure my account' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Your account is secure' });
    expect(heading).toHaveFocus();
    expect(screen.getByText("We've logged out every device and emailed you a link to choose a new password.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
    expect(POST).toHaveBeenCalledExactlyOnceWith('/api/v1/not-me', { body: { token: TOKEN } });
    expect(sessionPOST).not.toHaveBeenCalled();
    expect(signOut).toHaveBeenCalledExactlyOnceWith('local');
  });

  it('shows the invalid-link message at once when the link has no token', () => {
    renderNotMe('/not-me');

    expect(screen.getByRole('alert')).toHaveTextContent(invalidLink);
    expect(screen.queryByRole('button', { name: 'Secure my account' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reset your password' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
  });

  it("shows the server's message and no button when the link is invalid or has expired", async () => {
    POST.mockResolvedValue(failure(errorCatalogue.security_link_invalid));
    const { user } = renderNotMe();

    await user.click(screen.getByRole('button', { name: 'Secure my account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(invalidLink);
    expect(screen.queryByRole('button', { name: 'Secure my account' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Secure your account' })).toHaveFocus();
    expect(signOut).not.toHaveBeenCalled();
  });

  it('lets the owner try again after a refusal that is not about the link', async () => {
    POST.mockResolvedValueOnce(failure(errorCatalogue.too_many_attempts));
    const { user } = renderNotMe();

    await user.click(screen.getByRole('button', { name: 'Secure my account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(errorCatalogue.too_many_attempts.message);
    POST.mockResolvedValueOnce(answer({ factors_removed: 0, sessions_ended: 1 }));
    await user.click(screen.getByRole('button', { name: 'Secure my account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account is secure' })).toBeInTheDocument();
  });

  it('says so while the request is on its way', async () => {
    POST.mockReturnValue(new Promise(() => undefined));
    const { user } = renderNotMe();

    await user.click(screen.getByRole('button', { name: 'Secure my account' }));

    expect(screen.getByRole('button', { name: 'Securing your account…' })).toBeDisabled();
  });
});
