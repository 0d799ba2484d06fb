import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deliverEvent, stemsChanged } from '@/test/events';
import { create } from 'zustand';
import type { Stems, StemsPlayer } from '@/lib/stems';
import { answer } from '@/test/fixtures';
import type { StemsStatus } from '../api/stems';
import { STEMS_POLL_MS } from '../useAutoMix';
import { AutoMixControls } from './AutoMixControls';

const { GET, POST, followEventStream } = vi.hoisted(() => ({ GET: vi.fn(), POST: vi.fn(), followEventStream: vi.fn() }));
vi.mock('@/lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/api')>()), api: { GET, POST } }));
vi.mock('@/lib/auth', () => ({ auth: {} }));
vi.mock('@/lib/eventStream', () => ({ followEventStream }));

/** The current track and its stems, as the player keeps them. */
const playing = create<{ trackId: string; stems: Stems }>()(() => ({ trackId: 'a', stems: { status: 'none' } }));

function useStems(): Stems {
  return playing((state) => state.stems);
}

/**
 * The player's side of AutoMix, by the rules of `StemsPlayer` (`lib/stems.ts`) that the player
 * store keeps: stems are taken only for the current track, ready ones keep the source chosen, and
 * a change of track clears them. (`app/PlayerAutoMix.test.tsx` runs AutoMix on the store itself.)
 */
const player: StemsPlayer = {
  useStems,
  stems: () => playing.getState().stems,
  setStems: (trackId, stems) => {
    const { trackId: current, stems: previous } = playing.getState();
    if (trackId !== current) return;
    playing.setState({ stems: stems.status === 'ready' && previous.status === 'ready' ? { ...stems, source: previous.source } : stems });
  },
  selectStemSource: (source) => {
    const { stems } = playing.getState();
    if (stems.status === 'ready') playing.setState({ stems: { ...stems, source } });
  },
  resetStems: () => {
    playing.setState({ stems: { status: 'none' } });
  },
};

/** The listener moves on to the next track. */
function playNextTrack() {
  playing.setState({ trackId: 'b', stems: { status: 'none' } });
}
const STEMS_PATH = '/api/v1/tracks/{id}/stems';

function stems(overrides: Partial<StemsStatus>): StemsStatus {
  return { status: 'loading', progress: 0, vocals_url: null, accompaniment_url: null, error: null, ...overrides };
}

const ready = stems({ status: 'ready', progress: 100, vocals_url: '/stems/a/vocals?sig=1', accompaniment_url: '/stems/a/accompaniment?sig=1' });

/** An answer the test resolves when it wants, to deliver it late. */
function deferred() {
  let resolve: (value: unknown) => void = () => undefined;
  const promise = new Promise((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

async function press(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
    await Promise.resolve();
  });
}

/** The options the player last followed the live events with. */
function stream() {
  const [options] = followEventStream.mock.lastCall as [{ signal: AbortSignal; onConnect: (reconnected: boolean) => void }];
  return options;
}

async function flush() {
  await act(async () => {
    await Promise.resolve();
  });
}

function pollsFor(trackId: string) {
  return GET.mock.calls.filter(([path, init]) => path === STEMS_PATH && (init as { params: { path: { id: string } } }).params.path.id === trackId).length;
}

describe('AutoMixControls', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    GET.mockReset();
    POST.mockReset();
    followEventStream.mockReset();
    followEventStream.mockReturnValue(new Promise(() => undefined));
    playing.setState({ trackId: 'a', stems: { status: 'none' } });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts the separation, shows its progress, then the Vocals/Music switch and Reset', async () => {
    POST.mockResolvedValue(answer(stems({ progress: 0 })));
    GET.mockResolvedValueOnce(answer(stems({ progress: 40 }))).mockResolvedValueOnce(answer(ready));
    render(<AutoMixControls trackId="a" player={player} />);

    await press('AutoMix');
    expect(POST).toHaveBeenCalledWith(STEMS_PATH, { params: { path: { id: 'a' } } });
    expect(screen.getByRole('status')).toHaveTextContent('0%');
    expect(screen.getByRole('button', { name: 'AutoMix' })).toBeDisabled();

    await advance(STEMS_POLL_MS);
    expect(screen.getByRole('status')).toHaveTextContent('40%');

    await advance(STEMS_POLL_MS);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vocals' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Music' })).toHaveAttribute('aria-pressed', 'false');
    expect(player.stems()).toEqual({
      status: 'ready',
      vocals: '/stems/a/vocals?sig=1',
      accompaniment: '/stems/a/accompaniment?sig=1',
      source: 'mix',
    });

    // Ready: the polling has stopped.
    await advance(STEMS_POLL_MS * 5);
    expect(pollsFor('a')).toBe(2);

    await press('Vocals');
    expect(screen.getByRole('button', { name: 'Vocals' })).toHaveAttribute('aria-pressed', 'true');
    expect(player.stems()).toMatchObject({ source: 'vocals' });

    await press('Music');
    expect(screen.getByRole('button', { name: 'Music' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Vocals' })).toHaveAttribute('aria-pressed', 'false');
    expect(player.stems()).toMatchObject({ source: 'accompaniment' });

    await press('Reset');
    expect(player.stems()).toEqual({ status: 'none' });
    expect(screen.getByRole('button', { name: 'AutoMix' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Vocals' })).not.toBeInTheDocument();
  });

  it('keeps waiting when the server is asked before the start has landed, and believes a later none', async () => {
    const start = deferred();
    POST.mockReturnValueOnce(start.promise);
    GET.mockResolvedValueOnce(answer(stems({ status: 'none' })));
    render(<AutoMixControls trackId="a" player={player} />);
    await press('AutoMix');

    // The live events connect and the player asks at once: the server has not seen the start yet.
    await act(async () => {
      stream().onConnect(false);
      await Promise.resolve();
    });
    await flush();
    expect(pollsFor('a')).toBe(1);
    expect(screen.getByRole('status')).toHaveTextContent('0%');

    await act(async () => {
      start.resolve(answer(stems({ progress: 0 })));
      await Promise.resolve();
    });
    GET.mockResolvedValueOnce(answer(stems({ progress: 60 })));
    await advance(STEMS_POLL_MS);
    expect(screen.getByRole('status')).toHaveTextContent('60%');

    // Asked after the start was answered, none means none (the stems were cleared meanwhile).
    GET.mockResolvedValueOnce(answer(stems({ status: 'none' })));
    await advance(STEMS_POLL_MS);
    expect(player.stems()).toEqual({ status: 'none' });
    expect(screen.getByRole('button', { name: 'AutoMix' })).toBeEnabled();
  });

  it('goes straight to the switch when the stems were already made', async () => {
    POST.mockResolvedValue(answer(ready));
    render(<AutoMixControls trackId="a" player={player} />);

    await press('AutoMix');

    expect(screen.getByRole('button', { name: 'Reset' })).toBeInTheDocument();
    await advance(STEMS_POLL_MS * 3);
    expect(GET).not.toHaveBeenCalled();
  });

  it("shows the server's message when AutoMix cannot start, and lets the listener try again", async () => {
    const message = 'AutoMix is not available on this server right now.';
    POST.mockResolvedValueOnce({
      data: undefined,
      error: { error: message, code: 'automix_unavailable' },
      response: new Response(null, { status: 503 }),
    });
    render(<AutoMixControls trackId="a" player={player} />);

    await press('AutoMix');
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(player.stems()).toEqual({ status: 'error', message });

    POST.mockResolvedValueOnce(answer(stems({ progress: 0 })));
    await press('AutoMix');
    expect(POST).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('0%');
  });

  it('shows the message of a separation that failed, and stops asking', async () => {
    POST.mockResolvedValue(answer(stems({ progress: 0 })));
    GET.mockResolvedValue(answer(stems({ status: 'error', error: 'The separator stopped: out of memory.' })));
    render(<AutoMixControls trackId="a" player={player} />);

    await press('AutoMix');
    await advance(STEMS_POLL_MS);

    expect(screen.getByRole('alert')).toHaveTextContent('The separator stopped: out of memory.');
    expect(screen.getByRole('button', { name: 'AutoMix' })).toBeEnabled();
    await advance(STEMS_POLL_MS * 3);
    expect(pollsFor('a')).toBe(1);
  });

  it('clears the stems on a track change, stops asking about the old track and ignores its late answer', async () => {
    POST.mockResolvedValue(answer(stems({ progress: 0 })));
    const late = deferred();
    GET.mockReturnValueOnce(late.promise);
    const { rerender } = render(<AutoMixControls trackId="a" player={player} />);
    await press('AutoMix');
    await advance(STEMS_POLL_MS);
    expect(pollsFor('a')).toBe(1);

    act(() => {
      playNextTrack();
    });
    rerender(<AutoMixControls trackId="b" player={player} />);
    expect(player.stems()).toEqual({ status: 'none' });

    await act(async () => {
      late.resolve(answer(ready));
      await Promise.resolve();
    });
    await advance(STEMS_POLL_MS * 3);

    expect(player.stems()).toEqual({ status: 'none' });
    expect(screen.getByRole('button', { name: 'AutoMix' })).toBeEnabled();
    expect(pollsFor('a')).toBe(1);
    expect(pollsFor('b')).toBe(0);
  });

  it('ignores the answer to a start that arrives after the track changed', async () => {
    const late = deferred();
    POST.mockReturnValueOnce(late.promise);
    render(<AutoMixControls trackId="a" player={player} />);
    await press('AutoMix');

    act(() => {
      playNextTrack();
    });
    await act(async () => {
      late.resolve(answer(ready));
      await Promise.resolve();
    });

    expect(playing.getState().trackId).toBe('b');
    expect(player.stems()).toEqual({ status: 'none' });
  });

  it('stops asking when the player closes, and asks again when it opens on a separation still running', async () => {
    POST.mockResolvedValue(answer(stems({ progress: 0 })));
    GET.mockResolvedValue(answer(stems({ progress: 10 })));
    const { unmount } = render(<AutoMixControls trackId="a" player={player} />);
    await press('AutoMix');
    await advance(STEMS_POLL_MS);
    expect(pollsFor('a')).toBe(1);

    unmount();
    await advance(STEMS_POLL_MS * 3);
    expect(pollsFor('a')).toBe(1);

    render(<AutoMixControls trackId="a" player={player} />);
    await advance(STEMS_POLL_MS);
    expect(pollsFor('a')).toBe(2);
  });

  it('shows the progress the live events tell, without asking the server', async () => {
    POST.mockResolvedValue(answer(stems({ progress: 0 })));
    render(<AutoMixControls trackId="a" player={player} />);
    await press('AutoMix');
    expect(followEventStream).toHaveBeenCalledTimes(1);

    deliverEvent(followEventStream, stemsChanged('a', 'loading', 22));
    expect(screen.getByRole('status')).toHaveTextContent('22%');
    await advance(STEMS_POLL_MS - 1);
    deliverEvent(followEventStream, stemsChanged('a', 'loading', 56));
    expect(screen.getByRole('status')).toHaveTextContent('56%');
    // Another track's separation, and an older word about this one, change nothing.
    deliverEvent(followEventStream, stemsChanged('b', 'loading', 90));
    deliverEvent(followEventStream, stemsChanged('a', 'loading', 30));
    expect(screen.getByRole('status')).toHaveTextContent('56%');

    // News keeps coming: the server is never asked.
    await advance(STEMS_POLL_MS - 1);
    expect(pollsFor('a')).toBe(0);
  });

  it('turns ready when the event says so, with the URLs read from the server, and stops following the events', async () => {
    POST.mockResolvedValue(answer(stems({ progress: 0 })));
    GET.mockResolvedValue(answer(ready));
    render(<AutoMixControls trackId="a" player={player} />);
    await press('AutoMix');
    deliverEvent(followEventStream, stemsChanged('a', 'loading', 90));

    deliverEvent(followEventStream, stemsChanged('a', 'ready', 100));
    await flush();

    expect(pollsFor('a')).toBe(1);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vocals' })).toBeInTheDocument();
    expect(player.stems()).toEqual({
      status: 'ready',
      vocals: '/stems/a/vocals?sig=1',
      accompaniment: '/stems/a/accompaniment?sig=1',
      source: 'mix',
    });
    expect(stream().signal.aborted).toBe(true);
    await advance(STEMS_POLL_MS * 3);
    expect(pollsFor('a')).toBe(1);
  });

  it('shows the message when the event says the separation failed', async () => {
    POST.mockResolvedValue(answer(stems({ progress: 0 })));
    GET.mockResolvedValue(answer(stems({ status: 'error', progress: 0, error: 'The separator stopped: out of memory.' })));
    render(<AutoMixControls trackId="a" player={player} />);
    await press('AutoMix');

    deliverEvent(followEventStream, stemsChanged('a', 'error', 0));
    await flush();

    expect(screen.getByRole('alert')).toHaveTextContent('The separator stopped: out of memory.');
    expect(screen.getByRole('button', { name: 'AutoMix' })).toBeEnabled();
  });

  it('falls back to asking the server every 5 seconds while no event comes', async () => {
    POST.mockResolvedValue(answer(stems({ progress: 0 })));
    GET.mockResolvedValueOnce(answer(stems({ progress: 35 }))).mockResolvedValueOnce(answer(ready));
    render(<AutoMixControls trackId="a" player={player} />);
    await press('AutoMix');

    await advance(4_999);
    expect(pollsFor('a')).toBe(0);
    await advance(1);
    expect(pollsFor('a')).toBe(1);
    expect(screen.getByRole('status')).toHaveTextContent('35%');

    await advance(5_000);
    expect(pollsFor('a')).toBe(2);
    expect(screen.getByRole('button', { name: 'Vocals' })).toBeInTheDocument();
  });

  it('reads the state once the event stream connects, for what happened before it was up', async () => {
    POST.mockResolvedValue(answer(stems({ progress: 0 })));
    GET.mockResolvedValue(answer(ready));
    render(<AutoMixControls trackId="a" player={player} />);
    await press('AutoMix');

    act(() => {
      stream().onConnect(true);
    });
    await flush();

    expect(pollsFor('a')).toBe(1);
    expect(screen.getByRole('button', { name: 'Reset' })).toBeInTheDocument();
  });
});
