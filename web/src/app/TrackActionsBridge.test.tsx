import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TrackList } from '@/components/tracks/TrackRow';
import { initialPlayerState, usePlayerStore } from '@/features/player/stores/playerStore';
import { trackOf } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { TrackActionsBridge } from './TrackActionsBridge';

const { success } = vi.hoisted(() => ({ success: vi.fn() }));
vi.mock('react-hot-toast', () => ({ default: { success, error: vi.fn() } }));
vi.mock('@/lib/auth', () => ({ auth: {} }));

const tracks = ['Night Drive', 'Neon Rain', 'Last Train', 'Slow Dawn'].map((title, index) => trackOf({ id: `t${String(index)}`, title }));
const queued = () => usePlayerStore.getState().queue.map((entry) => entry.title);

function renderList() {
  return renderRoute(
    <TrackActionsBridge>
      <TrackList tracks={tracks} label="Results" />
    </TrackActionsBridge>,
  );
}

describe('the track menu of a list, wired to the player', () => {
  beforeEach(() => {
    localStorage.clear();
    usePlayerStore.setState(initialPlayerState);
    success.mockReset();
  });

  async function choose(user: ReturnType<typeof renderList>['user'], title: string, item: string) {
    const row = screen.getByRole('link', { name: title }).closest('li');
    if (!row) throw new Error(`no row for ${title}`);
    await user.click(within(row).getByRole('button', { name: `More options for ${title}` }));
    await user.click(screen.getByRole('menuitem', { name: item }));
  }

  it('plays the track next or adds it to the queue, and a toast says which', async () => {
    const { user } = renderList();
    await user.click(screen.getByRole('button', { name: 'Play Night Drive' }));

    await choose(user, 'Slow Dawn', 'Play next');
    // The list is the queue: Slow Dawn is in it twice now, next and last.
    expect(queued()).toEqual(['Night Drive', 'Slow Dawn', 'Neon Rain', 'Last Train', 'Slow Dawn']);
    expect(success).toHaveBeenLastCalledWith('Playing next: Slow Dawn');

    await choose(user, 'Last Train', 'Add to queue');
    expect(queued()).toEqual(['Night Drive', 'Slow Dawn', 'Neon Rain', 'Last Train', 'Slow Dawn', 'Last Train']);
    expect(success).toHaveBeenLastCalledWith('Added to queue: Last Train');
    expect(usePlayerStore.getState().currentTrack?.title).toBe('Night Drive');
  });

  it('plays the track at once when nothing is loaded, and says so', async () => {
    const { user } = renderList();

    await choose(user, 'Neon Rain', 'Add to queue');

    expect(usePlayerStore.getState().currentTrack?.title).toBe('Neon Rain');
    expect(usePlayerStore.getState().isPlaying).toBe(true);
    expect(success).toHaveBeenCalledWith('Now playing: Neon Rain');
  });
});
