import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TrackActions } from '@/lib/trackActions';
import { trackOf } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { TrackList } from './TrackList';

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

  it('shows a processing track as Processing, and it cannot be played yet', () => {
    const processing = trackOf({ id: 'track-3', title: 'Fresh Upload', status: 'processing' });
    renderRoute(<TrackList tracks={[processing]} label="Tracks" />, { actions: actionsOf(null) });

    expect(screen.getByText('Processing')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play Fresh Upload' })).toBeDisabled();
  });
});
