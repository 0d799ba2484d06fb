import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '@/api/errors';
import { answer, artistOf, failure, trackOf } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { ArtistPage } from './ArtistPage';

const { GET, PUT, DELETE } = vi.hoisted(() => ({ GET: vi.fn(), PUT: vi.fn(), DELETE: vi.fn() }));
vi.mock('@/lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/api')>()), api: { GET, PUT, DELETE } }));
vi.mock('@/lib/auth', () => ({ auth: {} }));

function renderArtist(url = '/artist/Nova%20Lane') {
  return renderRoute(<ArtistPage />, { path: '/artist/:artistName', url });
}

interface Init {
  params: { query?: { cursor?: string } };
}

/**
 * Answers the artist (unless `answers` has another) and the other paths from `answers`; the
 * artist's tracks, when `tracksPage` is given, by the cursor asked for.
 */
function answerByPath(answers: Record<string, unknown>, tracksPage?: (cursor: string | undefined) => unknown) {
  GET.mockImplementation((path: string, init: Init) => {
    if (tracksPage && path === '/api/v1/artists/{name}/tracks') return Promise.resolve(answer(tracksPage(init.params.query?.cursor)));
    return Promise.resolve(answer(answers[path] ?? artistOf()));
  });
}

function tabNames() {
  return screen.getAllByRole('tab').map((tab) => tab.textContent);
}

describe('ArtistPage', () => {
  beforeEach(() => {
    GET.mockReset();
    PUT.mockReset();
    DELETE.mockReset();
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

  it("lists the albums, tracks without one under 'Singles', and loads an album's tracks when it is opened", async () => {
    const soloFlight = trackOf({ id: 'track-2', title: 'Solo Flight', album: null });
    answerByPath({ '/api/v1/artists/{name}/tracks': { tracks: [soloFlight], next_cursor: null } });
    const { user } = renderArtist();

    await user.click(await screen.findByRole('tab', { name: 'Albums' }));
    expect(screen.getByRole('heading', { name: 'Midnight Static' })).toBeInTheDocument();
    expect(screen.getAllByText('1 track')).toHaveLength(2);
    expect(screen.queryByRole('list', { name: 'Singles' })).not.toBeInTheDocument();
    const open = screen.getByRole('button', { name: 'Show tracks of Singles' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);

    const singles = await screen.findByRole('list', { name: 'Singles' });
    expect(within(singles).getByRole('link', { name: 'Solo Flight' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide tracks of Singles' })).toHaveAttribute('aria-expanded', 'true');
    expect(GET).toHaveBeenCalledWith('/api/v1/artists/{name}/tracks', {
      params: { path: { name: 'Nova Lane' }, query: { album: 'Singles', cursor: undefined } },
    });
  });

  it("loads more top tracks from the artist's cursor with 'Load more tracks'", async () => {
    const third = trackOf({ id: 'track-3', title: 'Third Gear', plays: 5 });
    answerByPath({ '/api/v1/artists/{name}': artistOf({ track_count: 3, next_cursor: 'top-2' }) }, (cursor) =>
      cursor === 'top-2' ? { tracks: [third], next_cursor: null } : { tracks: artistOf().tracks, next_cursor: 'top-2' },
    );
    const { user } = renderArtist();

    await user.click(await screen.findByRole('button', { name: 'Load more tracks' }));

    const topTracks = screen.getByRole('list', { name: 'Top Tracks' });
    expect(await within(topTracks).findByRole('link', { name: 'Third Gear' })).toBeInTheDocument();
    expect(within(topTracks).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more tracks' })).not.toBeInTheDocument();
    expect(GET).toHaveBeenCalledWith('/api/v1/artists/{name}/tracks', {
      params: { path: { name: 'Nova Lane' }, query: { album: undefined, cursor: 'top-2' } },
    });
  });

  it('has no About tab without a bio', async () => {
    GET.mockResolvedValue(answer(artistOf({ bio: null })));
    renderArtist();

    await screen.findByRole('heading', { level: 1, name: 'Nova Lane' });
    expect(tabNames()).toEqual(['Top Tracks', 'Albums']);
  });

  it('shows the bio under About when there is one, reachable with the arrow keys', async () => {
    GET.mockResolvedValue(answer(artistOf({ bio: 'Synthwave from a small flat in Leeds.' })));
    const { user } = renderArtist();

    expect(await screen.findAllByRole('tab')).toHaveLength(3);
    expect(tabNames()).toEqual(['Top Tracks', 'Albums', 'About']);
    screen.getByRole('tab', { name: 'Top Tracks' }).focus();
    await user.keyboard('{ArrowLeft}');

    expect(screen.getByRole('tab', { name: 'About' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Synthwave from a small flat in Leeds.');
  });

  it("follows the profile of the artist's name from Follow, and unfollows it from Following", async () => {
    GET.mockResolvedValue(answer(artistOf({ profile_id: 'nova' })));
    PUT.mockResolvedValue(answer({ following: true, follower_count: 1 }));
    DELETE.mockResolvedValue(answer({ following: false, follower_count: 0 }));
    const { user } = renderArtist();

    await user.click(await screen.findByRole('button', { name: 'Follow' }));

    expect(PUT).toHaveBeenCalledWith('/api/v1/profiles/{id}/follow', { params: { path: { id: 'nova' } } });
    const following = await screen.findByRole('button', { name: 'Following' });
    expect(following).toHaveAttribute('aria-pressed', 'true');
    await user.click(following);
    expect(DELETE).toHaveBeenCalledWith('/api/v1/profiles/{id}/follow', { params: { path: { id: 'nova' } } });
    expect(await screen.findByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('link', { name: 'View profile →' })).toHaveAttribute('href', '/profile/nova');
  });

  it('has no Follow without a profile of that name, or on my own', async () => {
    GET.mockResolvedValue(answer(artistOf()));
    const { unmount } = renderArtist();
    expect(await screen.findByRole('heading', { level: 1, name: 'Nova Lane' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument();
    unmount();

    GET.mockResolvedValue(answer(artistOf({ profile_id: 'me', is_me: true })));
    renderArtist();
    expect(await screen.findByRole('link', { name: 'View profile →' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Follow/ })).not.toBeInTheDocument();
  });

  it("says 'Artist Not Found' for an unknown name", async () => {
    GET.mockResolvedValue(failure(errorCatalogue.artist_not_found));
    renderArtist('/artist/Nobody');

    expect(await screen.findByText('Artist Not Found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore tracks' })).toHaveAttribute('href', '/explore');
  });
});
