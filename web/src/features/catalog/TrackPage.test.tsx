import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '@/api/errors';
import type { TrackActions } from '@/lib/trackActions';
import { answer, failure, trackDetailOf, trackOf } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { TrackPage } from './TrackPage';

const { GET } = vi.hoisted(() => ({ GET: vi.fn() }));
vi.mock('@/lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/api')>()), api: { GET } }));
vi.mock('@/lib/auth', () => ({ auth: {} }));

function actionsOf(overrides: Partial<TrackActions> = {}): TrackActions {
  return {
    play: vi.fn(),
    playNext: vi.fn(),
    addToQueue: vi.fn(),
    usePlaybackState: () => ({ isCurrent: false, isPlaying: false }),
    LikeButton: ({ trackId }) => <button type="button">Like {trackId}</button>,
    TrackMenu: ({ track }) => <button type="button">Add {track.title} to playlist</button>,
    ...overrides,
  };
}

function renderTrack(url = '/track/track-1', actions = actionsOf()) {
  return renderRoute(<TrackPage />, {
    path: '/track/:trackId',
    url,
    actions,
    otherRoutes: [
      { path: '/explore', element: <h1>Explore</h1> },
      { path: '/home', element: <h1>Home</h1> },
    ],
  });
}

describe('TrackPage', () => {
  beforeEach(() => {
    GET.mockReset();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the title, artist link, album, stats, waveform, Like and Add to Playlist', async () => {
    GET.mockResolvedValue(answer(trackDetailOf()));
    renderTrack();

    expect(await screen.findByRole('heading', { level: 1, name: 'Night Drive' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Nova Lane' })[0]).toHaveAttribute('href', '/artist/Nova%20Lane');
    expect(screen.getByText('1,200 plays')).toBeInTheDocument();
    expect(screen.getByText('3:35')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Waveform of Night Drive' }).querySelectorAll('rect')).toHaveLength(160);
    expect(screen.getByRole('button', { name: 'Like track-1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Night Drive to playlist' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Uploaded by Nova Lane/ })).toHaveAttribute('href', '/profile/user-1');
  });

  it('plays the track with Up Next as the queue, and offers Pause while it plays', async () => {
    const upNext = [trackOf({ id: 'track-2', title: 'Solo Flight' })];
    const track = trackDetailOf({ up_next: upNext });
    GET.mockResolvedValue(answer(track));
    const play = vi.fn();
    const { user } = renderTrack('/track/track-1', actionsOf({ play }));

    await user.click(await screen.findByRole('button', { name: 'Play' }));

    expect(play).toHaveBeenCalledWith(track, [track, ...upNext]);
    const list = screen.getByRole('list', { name: 'Up Next' });
    expect(within(list).getByRole('link', { name: 'Solo Flight' })).toBeInTheDocument();
  });

  it('offers Pause on the track that is playing', async () => {
    GET.mockResolvedValue(answer(trackDetailOf()));
    renderTrack('/track/track-1', actionsOf({ usePlaybackState: (id) => ({ isCurrent: id === 'track-1', isPlaying: true }) }));

    expect(await screen.findByRole('button', { name: 'Pause' })).toBeInTheDocument();
  });

  it('shows a processing track as Processing, without Play', async () => {
    GET.mockResolvedValue(answer(trackDetailOf({ status: 'processing', waveform: null })));
    renderTrack();

    expect(await screen.findByText('Processing')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Play' })).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Waveform/ })).not.toBeInTheDocument();
  });

  it("copies the page's address and says 'Copied to clipboard!' for 2 s", async () => {
    GET.mockResolvedValue(answer(trackDetailOf()));
    renderTrack();
    // The clipboard is user-event's stand-in, put in place by the render.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await screen.findByRole('heading', { level: 1, name: 'Night Drive' });

    vi.useFakeTimers();
    await act(async () => {
      screen.getByRole('button', { name: 'Share' }).click();
      await Promise.resolve();
    });

    expect(writeText).toHaveBeenCalledWith(window.location.href);
    expect(screen.getByText('Copied to clipboard!')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1_999);
    });
    expect(screen.getByText('Copied to clipboard!')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Copied to clipboard!')).not.toBeInTheDocument();
  });

  it("says 'Track Not Found' for an unknown id, and Go Back goes back", async () => {
    GET.mockResolvedValue(failure(errorCatalogue.track_not_found));
    const { user, router } = renderTrack();
    await act(() => router.navigate('/home'));
    await act(() => router.navigate('/track/unknown'));

    expect(await screen.findByText('Track Not Found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go Back' }));

    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });

  it('goes back to the page before when the address was opened from another page', async () => {
    GET.mockResolvedValue(failure(errorCatalogue.track_not_found));
    const historyLength = vi.spyOn(window.history, 'length', 'get').mockReturnValue(2);
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    try {
      const { user } = renderTrack('/track/unknown');
      await user.click(await screen.findByRole('button', { name: 'Go Back' }));

      expect(back).toHaveBeenCalledOnce();
      expect(screen.queryByRole('heading', { name: 'Explore' })).not.toBeInTheDocument();
    } finally {
      historyLength.mockRestore();
      back.mockRestore();
    }
  });

  it('goes to Explore from Go Back when the page was opened in a new tab', async () => {
    GET.mockResolvedValue(failure(errorCatalogue.track_not_found));
    const { user } = renderTrack('/track/unknown');

    await user.click(await screen.findByRole('button', { name: 'Go Back' }));

    expect(await screen.findByRole('heading', { name: 'Explore' })).toBeInTheDocument();
  });
});
