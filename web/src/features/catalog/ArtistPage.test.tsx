import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ArtistPage } from './ArtistPage';
import { answer, artistOf, failure } from './testing/fixtures';
import { renderPage } from './testing/renderPage';

const { GET } = vi.hoisted(() => ({ GET: vi.fn() }));
vi.mock('@/lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/api')>()), api: { GET } }));
vi.mock('@/lib/auth', () => ({ auth: {} }));

function renderArtist(url = '/artist/Nova%20Lane') {
  renderPage(<ArtistPage />, { path: '/artist/:artistName', url });
}

function tabNames() {
  return screen.getAllByRole('tab').map((tab) => tab.textContent);
}

describe('ArtistPage', () => {
  beforeEach(() => {
    GET.mockReset();
  });

  it('shows the name, track count and total plays, and the top tracks first', async () => {
    GET.mockResolvedValue(answer(artistOf()));
    renderArtist();

    expect(await screen.findByRole('heading', { level: 1, name: 'Nova Lane' })).toBeInTheDocument();
    expect(screen.getByText('2 tracks')).toBeInTheDocument();
    expect(screen.getByText('1,210 plays')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Verified artist' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Top Tracks' })).toHaveAttribute('aria-selected', 'true');
    const topTracks = screen.getByRole('list', { name: 'Top Tracks' });
    expect(within(topTracks).getAllByRole('link', { name: /Night Drive|Solo Flight/ }).map((link) => link.textContent)).toEqual([
      'Night Drive',
      'Solo Flight',
    ]);
  });

  it('asks for the artist by the decoded name', async () => {
    GET.mockResolvedValue(answer(artistOf({ name: 'AC/DC' })));
    renderArtist('/artist/AC%2FDC');

    expect(await screen.findByRole('heading', { level: 1, name: 'AC/DC' })).toBeInTheDocument();
    expect(GET).toHaveBeenCalledWith('/api/v1/artists/{name}', { params: { path: { name: 'AC/DC' } } });
  });

  it('shows the verified badge for a verified artist', async () => {
    GET.mockResolvedValue(answer(artistOf({ verified: true })));
    renderArtist();

    expect(await screen.findByRole('img', { name: 'Verified artist' })).toBeInTheDocument();
  });

  it("groups the albums, tracks without one under 'Singles'", async () => {
    const user = userEvent.setup();
    GET.mockResolvedValue(answer(artistOf()));
    renderArtist();

    await user.click(await screen.findByRole('tab', { name: 'Albums' }));

    expect(screen.getByRole('heading', { name: 'Midnight Static' })).toBeInTheDocument();
    const singles = screen.getByRole('list', { name: 'Singles' });
    expect(within(singles).getByRole('link', { name: 'Solo Flight' })).toBeInTheDocument();
  });

  it('has no About tab without a bio', async () => {
    GET.mockResolvedValue(answer(artistOf({ bio: null })));
    renderArtist();

    await screen.findByRole('heading', { level: 1, name: 'Nova Lane' });
    expect(tabNames()).toEqual(['Top Tracks', 'Albums']);
  });

  it('shows the bio under About when there is one, reachable with the arrow keys', async () => {
    const user = userEvent.setup();
    GET.mockResolvedValue(answer(artistOf({ bio: 'Synthwave from a small flat in Leeds.' })));
    renderArtist();

    expect(await screen.findAllByRole('tab')).toHaveLength(3);
    expect(tabNames()).toEqual(['Top Tracks', 'Albums', 'About']);
    screen.getByRole('tab', { name: 'Top Tracks' }).focus();
    await user.keyboard('{ArrowLeft}');

    expect(screen.getByRole('tab', { name: 'About' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Synthwave from a small flat in Leeds.');
  });

  it("says 'Artist Not Found' for an unknown name", async () => {
    GET.mockResolvedValue(failure(404, 'Artist Not Found'));
    renderArtist('/artist/Nobody');

    expect(await screen.findByText('Artist Not Found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore tracks' })).toHaveAttribute('href', '/explore');
  });
});
