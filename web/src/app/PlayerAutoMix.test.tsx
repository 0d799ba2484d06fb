import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StemsStatus } from '@/features/automix/api/stems';
import { STEMS_POLL_MS } from '@/features/automix/useAutoMix';
import { initialPlayerState, usePlayerStore } from '@/features/player/stores/playerStore';
import { answer, playableTrackOf } from '@/test/fixtures';
import { PlayerAutoMix } from './PlayerAutoMix';

const { GET, POST, followEventStream } = vi.hoisted(() => ({ GET: vi.fn(), POST: vi.fn(), followEventStream: vi.fn() }));
vi.mock('@/lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/api')>()), api: { GET, POST } }));
vi.mock('@/lib/auth', () => ({ auth: {} }));
vi.mock('@/lib/eventStream', () => ({ followEventStream }));

const [a, b] = [playableTrackOf('a'), playableTrackOf('b')];
const player = () => usePlayerStore.getState();

function stems(overrides: Partial<StemsStatus>): StemsStatus {
  return { status: 'loading', progress: 0, vocals_url: null, accompaniment_url: null, error: null, ...overrides };
}

const ready = stems({ status: 'ready', progress: 100, vocals_url: '/stems/a/vocals?sig=1', accompaniment_url: '/stems/a/accompaniment?sig=1' });

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

async function press(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
    await Promise.resolve();
  });
}

/** AutoMix on the player store itself, as the full-screen player shows it. */
describe('PlayerAutoMix', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    GET.mockReset();
    POST.mockReset();
    followEventStream.mockReset();
    followEventStream.mockReturnValue(new Promise(() => undefined));
    usePlayerStore.setState(initialPlayerState);
    player().play(a, [a, b]);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps the stems in the player, which plays the chosen source, until Reset', async () => {
    POST.mockResolvedValue(answer(stems({ progress: 0 })));
    GET.mockResolvedValueOnce(answer(stems({ progress: 40 }))).mockResolvedValueOnce(answer(ready));
    render(<PlayerAutoMix trackId="a" />);

    await press('AutoMix');
    expect(player().stems).toEqual({ status: 'loading', progress: 0 });
    await advance(STEMS_POLL_MS);
    expect(player().stems).toEqual({ status: 'loading', progress: 40 });
    await advance(STEMS_POLL_MS);
    expect(player().stems).toEqual({
      status: 'ready',
      vocals: '/stems/a/vocals?sig=1',
      accompaniment: '/stems/a/accompaniment?sig=1',
      source: 'mix',
    });

    await press('Vocals');
    expect(player().stems).toMatchObject({ source: 'vocals' });
    await press('Music');
    expect(player().stems).toMatchObject({ source: 'accompaniment' });

    await press('Reset');
    expect(player().stems).toEqual({ status: 'none' });
    expect(screen.getByRole('button', { name: 'AutoMix' })).toBeEnabled();
  });

  it('starts over on the next track: the player clears the stems and takes no late answer about the old one', async () => {
    let answerStart: (value: unknown) => void = () => undefined;
    POST.mockReturnValueOnce(
      new Promise((resolve) => {
        answerStart = resolve;
      }),
    );
    const { rerender } = render(<PlayerAutoMix trackId="a" />);
    await press('AutoMix');

    act(() => {
      player().next();
    });
    rerender(<PlayerAutoMix trackId="b" />);
    await act(async () => {
      answerStart(answer(ready));
      await Promise.resolve();
    });

    expect(player().currentTrack?.id).toBe('b');
    expect(player().stems).toEqual({ status: 'none' });
    expect(screen.getByRole('button', { name: 'AutoMix' })).toBeEnabled();
  });

  it('is disabled while offline, and says why', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<PlayerAutoMix trackId="a" />);

    expect(screen.getByRole('button', { name: 'AutoMix' })).toBeDisabled();
    expect(screen.getByText('AutoMix needs a connection')).toBeInTheDocument();
  });
});
