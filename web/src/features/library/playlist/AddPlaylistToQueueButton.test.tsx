import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '@/api/errors';
import type { components } from '@/api/schema';
import type { TrackActions } from '@/lib/trackActions';
import { answer, failure, playlistSummaryOf, trackOf } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { PlaylistHeader } from './PlaylistHeader';

type Track = components['schemas']['Track'];

const { GET, toastError } = vi.hoisted(() => ({ GET: vi.fn(), toastError: vi.fn() }));
vi.mock('@/lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/api')>()), api: { GET } }));
vi.mock('@/lib/auth', () => ({ auth: {} }));
vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: toastError } }));

const [one, two, three] = [
  trackOf({ id: 't1', title: 'One' }),
  trackOf({ id: 't2', title: 'Two', status: 'processing' }),
  trackOf({ id: 't3', title: 'Three' }),
];

function playlistOf(tracks: Track[], nextCursor: string | null) {
  return { ...playlistSummaryOf({ id: 'p1', name: 'Mix', track_count: 3 }), tracks, next_cursor: nextCursor };
}

function renderHeader(tracks: Track[], nextCursor: string | null) {
  const addToQueue = vi.fn();
  const actions: TrackActions = {
    play: vi.fn(),
    playNext: vi.fn(),
    addToQueue,
    usePlaybackState: () => ({ isCurrent: false, isPlaying: false }),
    LikeButton: () => null,
    TrackMenu: () => null,
  };
  const rendered = renderRoute(<PlaylistHeader playlist={playlistOf(tracks, nextCursor)} actions={null} />, { actions });
  return { ...rendered, addToQueue };
}

describe("the playlist's 'Add to queue'", () => {
  beforeEach(() => {
    GET.mockReset();
    toastError.mockReset();
  });

  it('queues every playable track of a playlist whose tracks are all loaded', async () => {
    const { user, addToQueue } = renderHeader([one, two, three], null);

    await user.click(screen.getByRole('button', { name: 'Add to queue' }));

    expect(addToQueue).toHaveBeenCalledWith([one, three]);
    expect(GET).not.toHaveBeenCalled();
  });

  it('reads the tracks not loaded yet first, and queues them all in order', async () => {
    GET.mockResolvedValueOnce(answer(playlistOf([one], 'page-2'))).mockResolvedValueOnce(answer(playlistOf([two, three], null)));
    const { user, addToQueue } = renderHeader([one], 'page-2');

    await user.click(screen.getByRole('button', { name: 'Add to queue' }));

    await waitFor(() => {
      expect(addToQueue).toHaveBeenCalledWith([one, three]);
    });
    expect(GET).toHaveBeenLastCalledWith('/api/v1/playlists/{id}', { params: { path: { id: 'p1' }, query: { cursor: 'page-2' } } });
  });

  it('says why when the tracks cannot be read, and queues nothing', async () => {
    GET.mockResolvedValue(failure(errorCatalogue.playlist_not_found));
    const { user, addToQueue } = renderHeader([one], 'page-2');

    await user.click(screen.getByRole('button', { name: 'Add to queue' }));

    await waitFor(() => {
      expect(toastError).toHaveBeenCalledWith(`Failed to add to queue: ${errorCatalogue.playlist_not_found.message}`);
    });
    expect(addToQueue).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Add to queue' })).toBeEnabled();
  });

  it('cannot be pressed when no track of the playlist can be played', () => {
    renderHeader([two], null);

    expect(screen.getByRole('button', { name: 'Add to queue' })).toBeDisabled();
  });
});
