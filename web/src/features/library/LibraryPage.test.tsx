import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LibraryPage } from './LibraryPage';

const { GET } = vi.hoisted(() => ({ GET: vi.fn() }));
vi.mock('@/lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/api')>()), api: { GET } }));
vi.mock('@/lib/auth', () => ({ auth: {} }));

const answers: Record<string, unknown> = {
  '/api/v1/me/tracks': { tracks: [] },
  '/api/v1/me/likes': { tracks: [] },
  '/api/v1/me/likes/ids': { track_ids: [] },
  '/api/v1/playlists': { playlists: [] },
};

function renderLibrary(url: string) {
  const router = createMemoryRouter([{ path: '/library', element: <LibraryPage /> }], { initialEntries: [url] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const search = (router: ReturnType<typeof renderLibrary>) => router.state.location.search;
const tab = (name: string) => within(screen.getByRole('navigation', { name: 'Library' })).getByRole('link', { name });

describe('LibraryPage', () => {
  beforeEach(() => {
    GET.mockReset();
    GET.mockImplementation((path: string) => Promise.resolve({ data: answers[path], response: new Response() }));
  });

  it('shows the uploads by default', async () => {
    renderLibrary('/library');

    expect(tab('Uploads')).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText("You haven't uploaded any tracks yet.")).toBeInTheDocument();
  });

  it('keeps the chosen tab in the URL', async () => {
    const user = userEvent.setup();
    const router = renderLibrary('/library');

    await user.click(tab('Liked Songs'));

    expect(search(router)).toBe('?tab=liked');
    expect(tab('Liked Songs')).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('No liked songs yet.')).toBeInTheDocument();
  });

  it('says when there are no playlists', async () => {
    renderLibrary('/library?tab=playlists');

    expect(await screen.findByText('No playlists found.')).toBeInTheDocument();
  });

  it('opens the create form for ?create=playlist, on the playlists tab, and closes it on Cancel', async () => {
    const user = userEvent.setup();
    const router = renderLibrary('/library?create=playlist');

    const dialog = screen.getByRole('dialog', { name: 'Create Playlist' });
    expect(tab('Playlists')).toHaveAttribute('aria-current', 'page');
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog', { name: 'Create Playlist' })).not.toBeInTheDocument();
    expect(search(router)).toBe('?tab=playlists');
  });

  it('asks for a name before creating a playlist', async () => {
    const user = userEvent.setup();
    const router = renderLibrary('/library');

    await user.click(screen.getByRole('button', { name: 'Create Playlist' }));
    expect(search(router)).toBe('?create=playlist');
    const dialog = screen.getByRole('dialog', { name: 'Create Playlist' });
    await user.type(within(dialog).getByLabelText('Name'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a playlist name.');
  });
});
