import { screen, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '@/api/errors';
import { answer, failure } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { AppPasswordsSection } from './AppPasswordsSection';

const { GET, POST, DELETE } = vi.hoisted(() => ({ GET: vi.fn(), POST: vi.fn(), DELETE: vi.fn() }));

vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  api: { GET, POST, DELETE },
}));

const EMAIL = 'ada@example.com';
const PASSWORD = 'k3m9x2w7e4r8t6y1u5i0o9p3';

const phone = { id: 'app-2', name: 'Symfonium on my phone', created_at: '2026-11-27T09:00:00Z', last_used_at: '2026-11-28T21:15:00Z' };
const laptop = { id: 'app-1', name: 'Feishin', created_at: '2026-11-20T09:00:00Z', last_used_at: null };

function listed(...items: unknown[]) {
  return answer({ items });
}

function revoked() {
  return { data: undefined, error: undefined, response: new Response(null, { status: 204 }) };
}

function section() {
  return screen.getByRole('region', { name: 'Mobile and desktop apps' });
}

async function listItems(): Promise<HTMLElement[]> {
  return within(await screen.findByRole('list', { name: 'App passwords' })).getAllByRole('listitem');
}

describe('AppPasswordsSection', () => {
  beforeEach(() => {
    for (const mock of [GET, POST, DELETE]) mock.mockReset();
    GET.mockResolvedValue(listed(phone, laptop));
    vi.spyOn(toast, 'success');
    vi.spyOn(toast, 'error');
  });

  it('shows the server address and the username, each with a copy button, and names the apps', async () => {
    const { user } = renderRoute(<AppPasswordsSection email={EMAIL} />);

    expect(section()).toHaveTextContent(
      'Apps such as Symfonium, Tempus, Amperfy, Substreamer, Feishin and Supersonic connect to Backbeat with your email and an app password',
    );
    expect(within(section()).getByText(window.location.origin)).toBeInTheDocument();
    expect(within(section()).getByText(EMAIL)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy server address' }));
    expect(await navigator.clipboard.readText()).toBe(window.location.origin);
    expect(screen.getByRole('button', { name: 'Copy server address' })).toHaveTextContent('Copied');
    await user.click(screen.getByRole('button', { name: 'Copy username' }));
    expect(await navigator.clipboard.readText()).toBe(EMAIL);
  });

  it('says how to copy by hand when the browser refuses the clipboard', async () => {
    const { user } = renderRoute(<AppPasswordsSection email={EMAIL} />);
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));

    await user.click(screen.getByRole('button', { name: 'Copy username' }));

    expect(toast.error).toHaveBeenCalledWith("We couldn't copy the username. Select it and copy it instead.");
    expect(screen.getByRole('button', { name: 'Copy username' })).toHaveTextContent('Copy');
  });

  it('lists the app passwords with when they were made and last used, or that they never were', async () => {
    renderRoute(<AppPasswordsSection email={EMAIL} />);

    const [first, second] = await listItems();
    expect(first).toHaveTextContent('Symfonium on my phone');
    expect(first).toHaveTextContent('Created Nov 27, 2026');
    expect(first).toHaveTextContent(/Last used Nov 2[89], 2026, \d{1,2}:\d{2} [AP]M/);
    expect(second).toHaveTextContent('Feishin');
    expect(second).toHaveTextContent('Never used');
    expect(GET).toHaveBeenCalledWith('/api/v1/me/app-passwords');
  });

  it('says when there are none yet', async () => {
    GET.mockResolvedValue(listed());
    renderRoute(<AppPasswordsSection email={EMAIL} />);

    expect(await screen.findByText('No app passwords yet. Create one for each app you connect.')).toBeInTheDocument();
  });

  it('creates an app password, shows it once with a copy button, and lists it', async () => {
    GET.mockResolvedValueOnce(listed(laptop));
    POST.mockResolvedValue(answer({ id: 'app-2', name: phone.name, password: PASSWORD, created_at: phone.created_at }));
    const { user } = renderRoute(<AppPasswordsSection email={EMAIL} />);
    expect(await listItems()).toHaveLength(1);
    GET.mockResolvedValue(listed({ ...phone, last_used_at: null }, laptop));

    await user.type(screen.getByLabelText('App password name'), '  Symfonium on my phone ');
    await user.click(screen.getByRole('button', { name: 'Create app password' }));

    const panel = await screen.findByRole('region', { name: 'App password for Symfonium on my phone' });
    expect(within(panel).getByRole('heading')).toHaveFocus();
    expect(within(panel).getByLabelText('New app password')).toHaveTextContent(PASSWORD);
    expect(panel).toHaveTextContent("Copy it now: it won't be shown again.");
    expect(POST).toHaveBeenCalledExactlyOnceWith('/api/v1/me/app-passwords', { body: { name: 'Symfonium on my phone' } });
    expect(screen.queryByLabelText('App password name')).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Copy app password' }));
    expect(await navigator.clipboard.readText()).toBe(PASSWORD);

    const items = await listItems();
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Symfonium on my phone');
    expect(items[0]).not.toHaveTextContent(PASSWORD);
  });

  it('never shows the password again once it is closed', async () => {
    POST.mockResolvedValue(answer({ id: 'app-3', name: 'Tempus', password: PASSWORD, created_at: phone.created_at }));
    const { user } = renderRoute(<AppPasswordsSection email={EMAIL} />);

    await user.type(screen.getByLabelText('App password name'), 'Tempus');
    await user.click(screen.getByRole('button', { name: 'Create app password' }));
    await user.click(await screen.findByRole('button', { name: 'Done' }));

    expect(screen.queryByText(PASSWORD)).not.toBeInTheDocument();
    expect(screen.getByLabelText('App password name')).toHaveValue('');
  });

  it('asks for a name of at most 64 characters before creating one', async () => {
    const { user } = renderRoute(<AppPasswordsSection email={EMAIL} />);
    expect(screen.getByLabelText('App password name')).toHaveAttribute('maxlength', '64');

    await user.type(screen.getByLabelText('App password name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Create app password' }));

    expect(screen.getByLabelText('App password name')).toHaveAccessibleDescription(
      expect.stringContaining(errorCatalogue.app_password_name_required.message),
    );
    expect(POST).not.toHaveBeenCalled();
  });

  it('asks a session that has not proved its second factor for the code, as other protected actions do', async () => {
    POST.mockResolvedValue(failure(errorCatalogue.second_factor_required));
    const { user } = renderRoute(<AppPasswordsSection email={EMAIL} />);

    await user.type(screen.getByLabelText('App password name'), 'Amperfy');
    await user.click(screen.getByRole('button', { name: 'Create app password' }));

    expect(await within(section()).findByRole('alert')).toHaveTextContent(errorCatalogue.second_factor_required.message);
    expect(screen.queryByRole('region', { name: /^App password for/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText('App password name')).toHaveValue('Amperfy');
  });

  it("shows the server's message when it refuses one, e.g. beyond 25", async () => {
    POST.mockResolvedValue(failure(errorCatalogue.app_password_limit_reached));
    const { user } = renderRoute(<AppPasswordsSection email={EMAIL} />);

    await user.type(screen.getByLabelText('App password name'), 'Substreamer');
    await user.click(screen.getByRole('button', { name: 'Create app password' }));

    expect(await within(section()).findByRole('alert')).toHaveTextContent(errorCatalogue.app_password_limit_reached.message);
  });

  it('says so when the network fails while creating one', async () => {
    POST.mockRejectedValue(new TypeError('Failed to fetch'));
    const { user } = renderRoute(<AppPasswordsSection email={EMAIL} />);

    await user.type(screen.getByLabelText('App password name'), 'Amperfy');
    await user.click(screen.getByRole('button', { name: 'Create app password' }));

    expect(await within(section()).findByRole('alert')).toHaveTextContent("We couldn't create the app password. Please try again.");
  });

  it('revokes an app password after a confirmation', async () => {
    DELETE.mockResolvedValue(revoked());
    const { user } = renderRoute(<AppPasswordsSection email={EMAIL} />);
    await listItems();
    GET.mockResolvedValue(listed(laptop));

    await user.click(screen.getByRole('button', { name: 'Revoke Symfonium on my phone' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Revoke this app password?' });
    expect(dialog).toHaveTextContent('Apps signed in with “Symfonium on my phone” will be refused from their next request.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(DELETE).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));

    expect(DELETE).toHaveBeenCalledExactlyOnceWith('/api/v1/me/app-passwords/{id}', { params: { path: { id: 'app-2' } } });
    expect(await screen.findByRole('button', { name: 'Revoke Feishin' })).toBeInTheDocument();
    expect(screen.queryByText('Symfonium on my phone')).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith('App password revoked.');
  });

  it('keeps the app password when the confirmation is cancelled', async () => {
    const { user } = renderRoute(<AppPasswordsSection email={EMAIL} />);
    await listItems();

    await user.click(screen.getByRole('button', { name: 'Revoke Feishin' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(DELETE).not.toHaveBeenCalled();
    expect(await listItems()).toHaveLength(2);
  });

  it('takes an app password revoked elsewhere off the list', async () => {
    DELETE.mockResolvedValue(failure(errorCatalogue.app_password_not_found));
    const { user } = renderRoute(<AppPasswordsSection email={EMAIL} />);
    await listItems();
    GET.mockResolvedValue(listed(phone));

    await user.click(screen.getByRole('button', { name: 'Revoke Feishin' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Revoke' }));

    expect(await listItems()).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it("shows the server's message in the confirmation when the app password could not be revoked", async () => {
    DELETE.mockResolvedValue(failure(errorCatalogue.second_factor_required));
    const { user } = renderRoute(<AppPasswordsSection email={EMAIL} />);
    await listItems();

    await user.click(screen.getByRole('button', { name: 'Revoke Feishin' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Revoke' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Revoke this app password?' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(errorCatalogue.second_factor_required.message);
  });

  it('offers to try again when the list could not be loaded', async () => {
    GET.mockResolvedValueOnce(failure(errorCatalogue.second_factor_required));
    const { user } = renderRoute(<AppPasswordsSection email={EMAIL} />);

    const alert = await within(section()).findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load your app passwords.");
    expect(alert).toHaveTextContent(errorCatalogue.second_factor_required.message);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await listItems()).toHaveLength(2);
  });
});
