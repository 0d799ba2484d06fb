import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackActions } from '@/lib/trackActions';
import { answer, trackOf } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import type { HomeSummary } from './api/home';
import { HomeStatCards } from './HomeStatCards';
import { RecentTracks } from './RecentTracks';
import { UpgradeBanner } from './UpgradeBanner';

const { GET } = vi.hoisted(() => ({ GET: vi.fn() }));
vi.mock('@/lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/api')>()), api: { GET } }));
vi.mock('@/lib/auth', () => ({ auth: {} }));

const recent = Array.from({ length: 8 }, (_, index) => trackOf({ id: `track-${index}`, title: `Track ${index}` }));

function homeOf(plan: HomeSummary['stats']['current_plan'], tracks = recent): HomeSummary {
  return { stats: { your_tracks: 3, liked_songs: 12, playlists: 2, current_plan: plan }, recent: tracks };
}

function renderHome(actions?: TrackActions) {
  return renderRoute(
    <>
      <HomeStatCards />
      <RecentTracks />
      <UpgradeBanner />
    </>,
    { url: '/home', actions },
  );
}

function statValue(label: string) {
  return within(screen.getByRole('list', { name: 'Your stats' })).getByText(label).nextSibling?.textContent;
}

describe('home panels', () => {
  beforeEach(() => {
    GET.mockReset();
  });

  it('shows the four stat cards', async () => {
    GET.mockResolvedValue(answer(homeOf('basic')));
    renderHome();

    expect(await screen.findByText('Basic')).toBeInTheDocument();
    expect(statValue('Your Tracks')).toBe('3');
    expect(statValue('Liked Songs')).toBe('12');
    expect(statValue('Playlists')).toBe('2');
    expect(statValue('Current Plan')).toBe('Basic');
  });

  it("reads Current Plan as 'Free' until the plan is known", () => {
    GET.mockReturnValue(new Promise(() => undefined));
    renderHome();

    expect(statValue('Current Plan')).toBe('Free');
  });

  it("lists the 8 newest tracks with 'See All' to /explore, and plays them as one queue", async () => {
    const play = vi.fn();
    GET.mockResolvedValue(answer(homeOf('premium')));
    const { user } = renderHome({
      play,
      playNext: vi.fn(),
      addToQueue: vi.fn(),
      usePlaybackState: () => ({ isCurrent: false, isPlaying: false }),
      LikeButton: () => null,
      TrackMenu: () => null,
    });

    const list = await screen.findByRole('list', { name: 'Recently added' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(8);
    expect(screen.getByRole('link', { name: 'See All' })).toHaveAttribute('href', '/explore');
    await user.click(within(list).getByRole('button', { name: 'Play Track 3' }));

    expect(play).toHaveBeenCalledWith(recent[3], recent);
  });

  it('shows the upgrade banner to a free-plan listener only', async () => {
    GET.mockResolvedValue(answer(homeOf('free')));
    renderHome();

    expect(await screen.findByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/subscription');
  });

  it('shows no upgrade banner on a paid plan', async () => {
    GET.mockResolvedValue(answer(homeOf('premium')));
    renderHome();

    await screen.findByText('Premium');
    expect(screen.queryByRole('link', { name: 'Upgrade' })).not.toBeInTheDocument();
  });

  it("says 'No tracks found' before anyone uploaded", async () => {
    GET.mockResolvedValue(answer(homeOf('free', [])));
    renderHome();

    expect(await screen.findByText('No tracks found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload a track' })).toHaveAttribute('href', '/upload');
  });
});
