import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@/api/schema';
import { queryKeys } from '@/lib/queryKeys';
import type { TrackActions } from '@/lib/trackActions';
import { answer, playlistSummaryOf, trackOf } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { TrackMenu } from './TrackMenu';

const { GET, POST, success } = vi.hoisted(() => ({ GET: vi.fn(), POST: vi.fn(), success: vi.fn() }));
vi.mock('@/lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/api')>()), api: { GET, POST } }));
vi.mock('@/lib/auth', () => ({ auth: {} }));
vi.mock('react-hot-toast', () => ({ default: { success, error: vi.fn() } }));

let morning = playlistSummaryOf({ id: 'p1', name: 'Morning' });
const pages: Record<string, unknown> = {
  '': { get playlists() { return [morning]; }, next_cursor: 'page-2' },
  'page-2': { playlists: [playlistSummaryOf({ id: 'p2', name: 'Evening' })], next_cursor: null },
};

const track = trackOf({ id: 't1' });
const playNext = vi.fn();
const addToQueue = vi.fn();
const queueActions: TrackActions = {
  play: vi.fn(),
  playNext,
  addToQueue,
  usePlaybackState: () => ({ isCurrent: false, isPlaying: false }),
  LikeButton: () => null,
  TrackMenu,
};

describe('TrackMenu', () => {
  beforeEach(() => {
    GET.mockReset();
    POST.mockReset();
    success.mockReset();
    playNext.mockReset();
    addToQueue.mockReset();
    morning = playlistSummaryOf({ id: 'p1', name: 'Morning' });
    GET.mockImplementation((_path: string, init: { params: { query: { cursor?: string } } }) =>
      Promise.resolve(answer(pages[init.params.query.cursor ?? ''])),
    );
  });

  it('offers the next page of my playlists as the last item of Add to Playlist', async () => {
    const { user } = renderRoute(<TrackMenu track={track} />);

    await user.click(screen.getByRole('button', { name: 'More options for Night Drive' }));
    await user.click(screen.getByRole('menuitem', { name: 'Add to Playlist' }));
    expect(await screen.findByRole('menuitem', { name: 'Morning' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'More playlists…' }));

    expect(await screen.findByRole('menuitem', { name: 'Evening' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'More playlists…' })).not.toBeInTheDocument();
  });

  async function addToMorning(loaded?: Pick<components['schemas']['Playlist'], 'tracks'>) {
    const rendered = renderRoute(<TrackMenu track={track} />);
    const { user, queryClient } = rendered;
    if (loaded) {
      const page = { ...morning, ...loaded, next_cursor: 'more' };
      queryClient.setQueryData(queryKeys.playlists.detail(morning.id), { pages: [page], pageParams: [undefined] });
    }
    await user.click(screen.getByRole('button', { name: 'More options for Night Drive' }));
    await user.click(screen.getByRole('menuitem', { name: 'Add to Playlist' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Morning' }));
    await waitFor(() => {
      expect(success).toHaveBeenCalledTimes(1);
    });
    return rendered;
  }

  it("says 'Added to' when the track goes into the playlist", async () => {
    POST.mockResolvedValue(
      answer({ ...playlistSummaryOf({ id: 'p1', name: 'Morning', track_count: 1, updated_at: '2026-11-25T12:00:00Z' }), tracks: [track], next_cursor: null }),
    );

    await addToMorning();

    expect(POST).toHaveBeenCalledWith('/api/v1/playlists/{id}/tracks', { params: { path: { id: 'p1' } }, body: { track_id: 't1' } });
    expect(success).toHaveBeenCalledWith('Added to Morning');
  });

  it('says the track is already in the playlist when the playlist comes back unchanged', async () => {
    morning = playlistSummaryOf({ id: 'p1', name: 'Morning', track_count: 1 });
    POST.mockResolvedValue(answer({ ...playlistSummaryOf({ id: 'p1', name: 'Morning', track_count: 1 }), tracks: [track], next_cursor: null }));

    await addToMorning();

    expect(success).toHaveBeenCalledWith('Already in Morning');
  });

  it('says the track is already in the playlist when its loaded tracks include it', async () => {
    // The summary in the menu is older than the playlist (another track was added since).
    morning = playlistSummaryOf({ id: 'p1', name: 'Morning', track_count: 1 });
    POST.mockResolvedValue(
      answer({ ...playlistSummaryOf({ id: 'p1', name: 'Morning', track_count: 2, updated_at: '2026-11-25T12:00:00Z' }), tracks: [track], next_cursor: null }),
    );

    await addToMorning({ tracks: [track] });

    expect(success).toHaveBeenCalledWith('Already in Morning');
  });

  it("offers 'Play next' and 'Add to queue' first, each queueing the track and closing the menu", async () => {
    const { user } = renderRoute(<TrackMenu track={track} />, { actions: queueActions });
    const trigger = screen.getByRole('button', { name: 'More options for Night Drive' });

    await user.click(trigger);
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items.slice(0, 3)).toEqual(['Play next', 'Add to queue', 'Add to Playlist']);
    expect(screen.getByRole('menuitem', { name: 'Play next' })).toHaveFocus();
    await user.click(screen.getByRole('menuitem', { name: 'Play next' }));
    expect(playNext).toHaveBeenCalledWith([track]);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();

    await user.click(trigger);
    await user.click(screen.getByRole('menuitem', { name: 'Add to queue' }));
    expect(addToQueue).toHaveBeenCalledWith([track]);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('leaves the queue out for a track that cannot be played yet', async () => {
    const { user } = renderRoute(<TrackMenu track={trackOf({ id: 't2', status: 'processing' })} />, { actions: queueActions });

    await user.click(screen.getByRole('button', { name: 'More options for Night Drive' }));

    expect(screen.getByRole('menuitem', { name: 'Add to Playlist' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Play next' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Add to queue' })).not.toBeInTheDocument();
  });

  it('gives focus back to Add to Playlist when coming back from the playlists', async () => {
    const { user } = renderRoute(<TrackMenu track={track} />, { actions: queueActions });

    await user.click(screen.getByRole('button', { name: 'More options for Night Drive' }));
    await user.click(screen.getByRole('menuitem', { name: 'Add to Playlist' }));
    await user.click(screen.getByRole('menuitem', { name: 'Back to track options' }));

    expect(screen.getByRole('menuitem', { name: 'Add to Playlist' })).toHaveFocus();
  });
});
