import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TrackActions } from '@/lib/trackActions';
import { downloads } from '@/lib/downloads/store';
import { downloadedOf, offlineStatusOf } from '@/test/downloads';
import { trackOf } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { TrackList, TrackRow } from './TrackRow';

function actionsOf(playing: string | null, play = vi.fn()): TrackActions {
  return {
    play,
    playNext: vi.fn(),
    addToQueue: vi.fn(),
    usePlaybackState: (id) => ({ isCurrent: id === playing, isPlaying: id === playing }),
    LikeButton: ({ trackId }) => <button type="button">Like {trackId}</button>,
    TrackMenu: ({ track }) => <button type="button">More options for {track.title}</button>,
  };
}

const tracks = [trackOf(), trackOf({ id: 'track-2', title: 'Solo Flight', album: null })];

describe('TrackList', () => {
  it('plays a row with the whole list as the queue', async () => {
    const play = vi.fn();
    const { user } = renderRoute(<TrackList tracks={tracks} label="Tracks" />, { actions: actionsOf(null, play) });

    await user.click(screen.getByRole('button', { name: 'Play Solo Flight' }));

    expect(play).toHaveBeenCalledWith(tracks[1], tracks);
  });

  it('offers Pause on the playing track and the like button and menu on every row', () => {
    renderRoute(<TrackList tracks={tracks} label="Tracks" />, { actions: actionsOf('track-1') });

    expect(screen.getByRole('button', { name: 'Pause Night Drive' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play Solo Flight' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Like track-2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'More options for Solo Flight' })).toBeInTheDocument();
  });

  it('links the title to the track and the artist to their page, and shows a track without an album as a single', () => {
    renderRoute(<TrackList tracks={tracks} label="Tracks" />, { actions: actionsOf(null) });

    const row = within(screen.getByRole('link', { name: 'Solo Flight' }).closest('li') ?? document.body);
    expect(row.getByRole('link', { name: 'Solo Flight' })).toHaveAttribute('href', '/track/track-2');
    expect(row.getByRole('link', { name: 'Nova Lane' })).toHaveAttribute('href', '/artist/Nova%20Lane');
    expect(row.getByText('Single')).toBeInTheDocument();
    expect(row.getByText('3:35')).toBeInTheDocument();
  });

  it('shows a processing track as Processing, and it cannot be played yet', () => {
    const processing = trackOf({ id: 'track-3', title: 'Fresh Upload', status: 'processing' });
    renderRoute(<TrackList tracks={[processing]} label="Tracks" />, { actions: actionsOf(null) });

    expect(screen.getByText('Processing')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play Fresh Upload' })).toBeDisabled();
  });

  it('shows why a track failed', () => {
    const failed = trackOf({ id: 'track-3', title: 'Broken Upload', status: 'failed', failure_reason: 'The file is not audio.' });
    renderRoute(<TrackList tracks={[failed]} label="Tracks" numbered />, { actions: actionsOf(null) });

    expect(screen.getByText('Failed')).toBeInTheDocument();
    expect(screen.getByText('The file is not audio.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play Broken Upload' })).toBeDisabled();
  });

  it('queues only the tracks of the list that can be played', async () => {
    const play = vi.fn();
    const processing = trackOf({ id: 'track-3', title: 'Fresh Upload', status: 'processing' });
    const list = [tracks[0], processing, tracks[1]].filter((track) => track !== undefined);
    const { user } = renderRoute(<TrackList tracks={list} label="Tracks" />, { actions: actionsOf(null, play) });

    await user.click(screen.getByRole('button', { name: 'Play Night Drive' }));

    expect(play).toHaveBeenCalledWith(tracks[0], tracks);
  });

  it('numbers the rows of a numbered list, each number playing its track', async () => {
    const play = vi.fn();
    const { user } = renderRoute(<TrackList tracks={tracks} label="Liked Songs" numbered />, { actions: actionsOf('track-1', play) });

    const list = screen.getByRole('list', { name: 'Liked Songs' });
    expect(within(list).getByRole('button', { name: 'Play Solo Flight' })).toHaveTextContent('2');
    expect(within(list).getByRole('button', { name: 'Pause Night Drive' })).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Play Solo Flight' }));
    expect(play).toHaveBeenCalledWith(tracks[1], tracks);
  });
});

describe('TrackRow', () => {
  it('puts the controls it is given at the end of the row', () => {
    const [track] = tracks;
    if (!track) throw new Error('no track');
    renderRoute(
      <ol>
        <TrackRow track={track} queue={tracks} position={1} trailing={<button type="button">Move Night Drive up</button>} />
      </ol>,
      { actions: actionsOf(null) },
    );

    const row = screen.getByRole('listitem');
    const buttons = within(row).getAllByRole('button');
    expect(buttons.at(-1)).toHaveAccessibleName('Move Night Drive up');
    expect(within(row).getByRole('button', { name: 'Like track-1' })).toBeInTheDocument();
  });
});

describe('TrackList offline', () => {
  it('greys out the tracks that are not downloaded and keeps the downloaded ones playable', () => {
    localStorage.clear();
    downloads().setUser('ann');
    downloads().added(downloadedOf('track-2'));
    downloads().setStatus(offlineStatusOf());
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderRoute(<TrackList tracks={tracks} label="Tracks" />, { actions: actionsOf(null) });

    expect(screen.getByRole('button', { name: 'Play Night Drive' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Play Night Drive' })).toHaveAttribute('title', 'Not downloaded: connect to the internet to play this track');
    expect(screen.getByRole('link', { name: 'Night Drive' }).closest('li')).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Play Solo Flight' })).toBeEnabled();
    const row = within(screen.getByRole('link', { name: 'Solo Flight' }).closest('li') ?? document.body);
    expect(row.getByRole('img', { name: 'Downloaded' })).toBeInTheDocument();
    downloads().setUser(null);
  });
});
