import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@/api/schema';
import { answer, playlistSummaryOf, trackOf } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { PlaylistPage } from './PlaylistPage';

type Playlist = components['schemas']['Playlist'];

const { GET, PATCH, PUT, DELETE } = vi.hoisted(() => ({ GET: vi.fn(), PATCH: vi.fn(), PUT: vi.fn(), DELETE: vi.fn() }));
vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  api: { GET, PATCH, PUT, DELETE },
}));
vi.mock('@/lib/auth', () => ({ auth: {} }));

/** 'Road Trip' with one track: Grace Hopper's public playlist, unless overridden. */
function playlistOf(overrides: Partial<Playlist> = {}): Playlist {
  return {
    ...playlistSummaryOf({
      id: 'p1',
      name: 'Road Trip',
      track_count: 1,
      visibility: 'public',
      owner_id: 'grace',
      owner_name: 'Grace Hopper',
      is_owner: false,
      follower_count: 4,
    }),
    tracks: [trackOf({ id: 't1', title: 'One' })],
    next_cursor: null,
    ...overrides,
  };
}

function answerPlaylist(playlist: Playlist) {
  GET.mockImplementation((path: string) => {
    if (path === '/api/v1/me/likes/ids') return Promise.resolve(answer({ track_ids: [], next_cursor: null }));
    return Promise.resolve(answer(playlist));
  });
}

function renderPlaylist() {
  return renderRoute(<PlaylistPage nowPlaying={{ trackId: null, isPlaying: false }} />, {
    path: '/playlist/:id',
    url: '/playlist/p1',
  });
}

describe("another user's public playlist", () => {
  beforeEach(() => {
    for (const call of [GET, PATCH, PUT, DELETE]) call.mockReset();
  });

  it("is read-only: Play, Follow and Share, with the owner's name leading to their profile", async () => {
    answerPlaylist(playlistOf());
    renderPlaylist();

    expect(await screen.findByRole('heading', { level: 1, name: 'Road Trip' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute('href', '/profile/grace');
    expect(screen.queryByText('Created by You')).not.toBeInTheDocument();
    expect(screen.getByText('Public playlist')).toBeInTheDocument();
    expect(screen.getByText('4 followers', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    for (const owners of ['Edit playlist', 'Playlist options', 'Move One up', 'Move One down', 'Remove One from playlist']) {
      expect(screen.queryByRole('button', { name: owners })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Tracks' })).getByRole('link', { name: 'One' })).toBeInTheDocument();
  });

  it('is followed at once, and counted', async () => {
    answerPlaylist(playlistOf());
    PUT.mockResolvedValue(answer({ following: true, follower_count: 5 }));
    const { user } = renderPlaylist();

    await user.click(await screen.findByRole('button', { name: 'Follow' }));

    expect(PUT).toHaveBeenCalledWith('/api/v1/playlists/{id}/follow', { params: { path: { id: 'p1' } } });
    expect(await screen.findByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('5 followers', { exact: false })).toBeInTheDocument();
  });

  it('is unfollowed from Following', async () => {
    answerPlaylist(playlistOf({ is_following: true }));
    DELETE.mockResolvedValue(answer({ following: false, follower_count: 3 }));
    const { user } = renderPlaylist();

    await user.click(await screen.findByRole('button', { name: 'Following' }));

    expect(DELETE).toHaveBeenCalledWith('/api/v1/playlists/{id}/follow', { params: { path: { id: 'p1' } } });
    expect(await screen.findByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('my own playlist', () => {
  beforeEach(() => {
    for (const call of [GET, PATCH, PUT, DELETE]) call.mockReset();
  });

  const mine = (overrides: Partial<Playlist> = {}) =>
    playlistOf({ visibility: 'private', owner_id: 'me', owner_name: 'Ada Lovelace', is_owner: true, follower_count: 0, ...overrides });

  it("says 'Created by You' and offers the Private / Public switch", async () => {
    answerPlaylist(mine());
    PATCH.mockResolvedValue(answer(mine({ visibility: 'public' })));
    const { user } = renderPlaylist();

    expect(await screen.findByText('Created by You')).toBeInTheDocument();
    const switcher = screen.getByRole('radiogroup', { name: 'Who can open this playlist' });
    expect(within(switcher).getByRole('radio', { name: 'Private' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument();
    await user.click(within(switcher).getByRole('radio', { name: 'Public' }));

    expect(PATCH).toHaveBeenCalledWith('/api/v1/playlists/{id}', { params: { path: { id: 'p1' } }, body: { visibility: 'public' } });
    await waitFor(() => {
      expect(within(switcher).getByRole('radio', { name: 'Public' })).toHaveAttribute('aria-checked', 'true');
    });
  });

  it('asks before a followed playlist is made private', async () => {
    answerPlaylist(mine({ visibility: 'public', follower_count: 2 }));
    PATCH.mockResolvedValue(answer(mine({ visibility: 'private' })));
    const { user } = renderPlaylist();

    await user.click(await screen.findByRole('radio', { name: 'Private' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Make playlist private?' });
    expect(dialog).toHaveTextContent('2 followers');
    expect(PATCH).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Make private' }));

    expect(PATCH).toHaveBeenCalledWith('/api/v1/playlists/{id}', { params: { path: { id: 'p1' } }, body: { visibility: 'private' } });
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    });
  });

  it('offers to make a private playlist public on Share, then copies its link', async () => {
    answerPlaylist(mine());
    PATCH.mockResolvedValue(answer(mine({ visibility: 'public' })));
    const { user } = renderPlaylist();
    // The clipboard is user-event's stand-in, put in place by the render.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();

    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = screen.getByRole('dialog', { name: 'Share this playlist?' });
    expect(writeText).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Make public and copy link' }));

    expect(PATCH).toHaveBeenCalledWith('/api/v1/playlists/{id}', { params: { path: { id: 'p1' } }, body: { visibility: 'public' } });
    expect(await screen.findByText('Copied to clipboard!')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/playlist/p1`);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('copies the link of a public playlist at once', async () => {
    answerPlaylist(mine({ visibility: 'public' }));
    const { user } = renderPlaylist();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();

    await user.click(await screen.findByRole('button', { name: 'Share' }));

    expect(await screen.findByText('Copied to clipboard!')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/playlist/p1`);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(PATCH).not.toHaveBeenCalled();
  });

  it('leaves a private playlist private when Share is cancelled', async () => {
    answerPlaylist(mine());
    const { user } = renderPlaylist();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();

    await user.click(await screen.findByRole('button', { name: 'Share' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Share this playlist?' })).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(PATCH).not.toHaveBeenCalled();
    expect(writeText).not.toHaveBeenCalled();
  });
});
