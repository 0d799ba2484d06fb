import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '@/api/errors';
import type { components } from '@/api/schema';
import { answer, failure, playlistSummaryOf, trackOf } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { PlaylistPage } from './PlaylistPage';

type Track = components['schemas']['Track'];

const { GET, PATCH } = vi.hoisted(() => ({ GET: vi.fn(), PATCH: vi.fn() }));
vi.mock('@/lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/api')>()), api: { GET, PATCH } }));
vi.mock('@/lib/auth', () => ({ auth: {} }));

const [one, two, three] = [
  trackOf({ id: 't1', title: 'One' }),
  trackOf({ id: 't2', title: 'Two' }),
  trackOf({ id: 't3', title: 'Three' }),
];

/** The playlist 'Mix' of three tracks with a page of them. */
function page(tracks: Track[], nextCursor: string | null) {
  return { ...playlistSummaryOf({ id: 'p1', track_count: 3 }), tracks, next_cursor: nextCursor };
}

interface Init {
  params: { path: Record<string, string>; query?: { cursor?: string } };
  body?: unknown;
}

/** The playlist's first page holds `first` tracks, the second the rest. */
function answerPlaylist(first: number) {
  const tracks = [one, two, three];
  GET.mockImplementation((path: string, init?: Init) => {
    if (path === '/api/v1/me/likes/ids') return Promise.resolve(answer({ track_ids: [], next_cursor: null }));
    const data = init?.params.query?.cursor === 'page-2' ? page(tracks.slice(first), null) : page(tracks.slice(0, first), first < 3 ? 'page-2' : null);
    return Promise.resolve(answer(data));
  });
}

function renderPlaylist() {
  return renderRoute(<PlaylistPage nowPlaying={{ trackId: null, isPlaying: false }} />, {
    path: '/playlist/:id',
    url: '/playlist/p1',
  });
}

const titles = () =>
  within(screen.getByRole('list', { name: 'Tracks' }))
    .getAllByRole('link', { name: /^(One|Two|Three)$/ })
    .map((link) => link.textContent);

describe('PlaylistPage', () => {
  beforeEach(() => {
    GET.mockReset();
    PATCH.mockReset();
  });

  it("counts every track and loads more of them with 'Load more tracks'", async () => {
    answerPlaylist(2);
    const { user } = renderPlaylist();

    expect(await screen.findByRole('heading', { level: 1, name: 'Mix' })).toBeInTheDocument();
    expect(screen.getByText('3 tracks')).toBeInTheDocument();
    expect(titles()).toEqual(['One', 'Two']);
    await user.click(screen.getByRole('button', { name: 'Load more tracks' }));

    await waitFor(() => {
      expect(titles()).toEqual(['One', 'Two', 'Three']);
    });
    expect(screen.queryByRole('button', { name: 'Load more tracks' })).not.toBeInTheDocument();
    expect(GET).toHaveBeenCalledWith('/api/v1/playlists/{id}', { params: { path: { id: 'p1' }, query: { cursor: 'page-2' } } });
  });

  it('moves a track up at once, asking the server to move it one place', async () => {
    answerPlaylist(3);
    PATCH.mockResolvedValue(answer(page([two, one, three], null)));
    const { user } = renderPlaylist();

    await user.click(await screen.findByRole('button', { name: 'Move Two up' }));

    expect(titles()).toEqual(['Two', 'One', 'Three']);
    expect(PATCH).toHaveBeenCalledWith('/api/v1/playlists/{id}/tracks/{track_id}', {
      params: { path: { id: 'p1', track_id: 't2' } },
      body: { position: 0 },
    });
    expect(screen.getByRole('button', { name: 'Move Three down' })).toBeDisabled();
  });

  it('moves the last loaded track down into the tracks not loaded yet', async () => {
    answerPlaylist(2);
    PATCH.mockResolvedValue(answer(page([one, three], 'page-2')));
    const { user } = renderPlaylist();

    await user.click(await screen.findByRole('button', { name: 'Move Two down' }));

    expect(PATCH).toHaveBeenCalledWith('/api/v1/playlists/{id}/tracks/{track_id}', {
      params: { path: { id: 'p1', track_id: 't2' } },
      body: { position: 2 },
    });
    await waitFor(() => {
      expect(titles()).toEqual(['One', 'Three']);
    });
  });

  it('puts a track back where it was when the move fails', async () => {
    answerPlaylist(3);
    let answerMove: (answer: unknown) => void = () => undefined;
    PATCH.mockReturnValue(
      new Promise((resolve) => {
        answerMove = resolve;
      }),
    );
    const { user } = renderPlaylist();

    await user.click(await screen.findByRole('button', { name: 'Move One down' }));
    await waitFor(() => {
      expect(titles()).toEqual(['Two', 'One', 'Three']);
    });
    answerMove(failure(errorCatalogue.invalid_position));

    await waitFor(() => {
      expect(titles()).toEqual(['One', 'Two', 'Three']);
    });
  });
});
