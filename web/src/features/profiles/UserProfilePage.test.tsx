import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@/api/schema';
import { answer, playlistSummaryOf, trackOf } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { UserProfilePage } from './UserProfilePage';

type PublicProfile = components['schemas']['PublicProfile'];

const { GET } = vi.hoisted(() => ({ GET: vi.fn() }));
vi.mock('@/lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/api')>()), api: { GET } }));
vi.mock('@/lib/auth', () => ({ auth: {} }));

/** Grace Hopper's profile as another user sees it, unless overridden. */
function profileOf(overrides: Partial<PublicProfile> = {}): PublicProfile {
  return {
    id: 'grace',
    name: 'Grace Hopper',
    avatar_url: null,
    bio: '',
    social_links: { twitter: null, instagram: null, spotify: null },
    follower_count: 0,
    following_count: 0,
    featured_playlist: null,
    artist_names: [],
    is_following: false,
    is_me: false,
    ...overrides,
  };
}

const empty = { playlists: [], tracks: [], next_cursor: null, total: null, total_is_lower_bound: false };

function answerProfile(profile: PublicProfile, lists: Record<string, unknown> = {}) {
  GET.mockImplementation((path: string) => Promise.resolve(answer(path === '/api/v1/profiles/{id}' ? profile : (lists[path] ?? empty))));
}

function renderProfile() {
  return renderRoute(<UserProfilePage />, { path: '/profile/:userId', url: '/profile/grace' });
}

describe('UserProfilePage', () => {
  beforeEach(() => {
    GET.mockReset();
  });

  it('links to the artist pages of the names they upload under, and lists their tracks', async () => {
    answerProfile(profileOf({ artist_names: ['Grace Hopper', 'AC/DC Tribute'] }), {
      '/api/v1/profiles/{id}/tracks': { ...empty, tracks: [trackOf({ id: 't1', title: 'Compiler Blues', artist: 'Grace Hopper' })] },
    });
    renderProfile();

    const artists = await screen.findByRole('navigation', { name: 'Artist pages' });
    expect(within(artists).getByRole('link', { name: /AC\/DC Tribute/ })).toHaveAttribute('href', '/artist/AC%2FDC%20Tribute');
    expect(within(artists).getByRole('link', { name: /Grace Hopper/ })).toHaveAttribute('href', '/artist/Grace%20Hopper');
    const tracks = await screen.findByRole('list', { name: 'Tracks' });
    expect(within(tracks).getByRole('link', { name: 'Compiler Blues' })).toHaveAttribute('href', '/track/t1');
    expect(GET).toHaveBeenCalledWith('/api/v1/profiles/{id}/tracks', { params: { path: { id: 'grace' }, query: { cursor: undefined } } });
  });

  it('lists their public playlists and opens their featured one', async () => {
    const roadTrip = playlistSummaryOf({ id: 'p1', name: 'Road Trip', is_owner: false, owner_name: 'Grace Hopper', visibility: 'public' });
    answerProfile(profileOf({ featured_playlist: { id: 'p1', name: 'Road Trip', visibility: 'public', track_count: 3, cover_url: null } }), {
      '/api/v1/profiles/{id}/playlists': { ...empty, playlists: [roadTrip] },
    });
    renderProfile();

    const featured = await screen.findByRole('region', { name: 'Featured playlist' });
    expect(within(featured).getByRole('link')).toHaveAttribute('href', '/playlist/p1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Public playlists' })).toBeInTheDocument();
    const playlists = screen.getByRole('list', { name: "Grace Hopper's playlists" });
    expect(within(playlists).getByRole('link', { name: /Road Trip/ })).toHaveTextContent('by Grace Hopper');
  });

  it('shows no artist links, playlists or tracks for a listener who has none', async () => {
    answerProfile(profileOf());
    renderProfile();

    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    });
    expect(GET).toHaveBeenCalledWith('/api/v1/profiles/{id}/tracks', expect.anything());
    expect(GET).toHaveBeenCalledWith('/api/v1/profiles/{id}/playlists', expect.anything());
    expect(screen.queryByRole('navigation', { name: 'Artist pages' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
  });
});
