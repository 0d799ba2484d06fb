import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { playableTrackOf } from '@/test/fixtures';
import { initialPlayerState, usePlayerStore } from '../stores/playerStore';
import { QueuePanel } from './QueuePanel';

const { success } = vi.hoisted(() => ({ success: vi.fn() }));
vi.mock('react-hot-toast', () => ({ default: { success, error: vi.fn() } }));

const [a, b, c, d] = [playableTrackOf('a'), playableTrackOf('b'), playableTrackOf('c'), playableTrackOf('d')];
const player = () => usePlayerStore.getState();
const queued = () => player().queue.map((entry) => entry.id);

/** The titles Up Next lists, in order. */
function upNextTitles(): string[] {
  return screen.queryAllByRole('button', { name: /^Play / }).map((button) => button.getAttribute('aria-label')?.replace(/^Play (.*) by .*$/, '$1') ?? '');
}

const ROW_PITCH = 60;

/** Lays Up Next's rows out one under the other, 56 px tall every 60 px, as a browser would. */
function layOutRows() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const index = this.tagName === 'LI' && this.parentElement ? [...this.parentElement.children].indexOf(this) : 0;
    return DOMRect.fromRect({ x: 0, y: index * ROW_PITCH, width: 320, height: 56 });
  });
}

describe('QueuePanel', () => {
  beforeEach(() => {
    localStorage.clear();
    usePlayerStore.setState(initialPlayerState);
    success.mockReset();
    player().play(a, [a, b, c, d]);
    // jsdom has no pointer capture; a browser sends the captured pointer's events to the handle.
    Element.prototype.setPointerCapture = vi.fn();
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lists the tracks after the current one, and says when there are none', () => {
    render(<QueuePanel />);
    expect(upNextTitles()).toEqual(['Track b', 'Track c', 'Track d']);

    act(() => {
      player().skipTo(player().queue[3]?.key ?? '');
    });
    expect(upNextTitles()).toEqual([]);
    expect(screen.getByText('No tracks in queue')).toBeInTheDocument();
  });

  it('plays the entry chosen', async () => {
    const user = userEvent.setup();
    render(<QueuePanel />);

    await user.click(screen.getByRole('button', { name: 'Play Track c by Nina Simone' }));

    expect(player().currentTrack?.id).toBe('c');
    expect(upNextTitles()).toEqual(['Track d']);
  });

  it('removes an entry, says so, and puts focus on the Remove button now in its place', async () => {
    const user = userEvent.setup();
    render(<QueuePanel />);

    await user.click(screen.getByRole('button', { name: 'Remove Track c from queue' }));

    expect(queued()).toEqual(['a', 'b', 'd']);
    expect(upNextTitles()).toEqual(['Track b', 'Track d']);
    expect(success).toHaveBeenCalledWith('Removed from queue: Track c');
    expect(screen.getByRole('button', { name: 'Remove Track d from queue' })).toHaveFocus();
  });

  it('removes only the entry chosen of a track queued twice', async () => {
    act(() => {
      player().addToQueue([b]);
    });
    const user = userEvent.setup();
    render(<QueuePanel />);

    const firstB = player().queue[1]?.key;
    const lastRow = screen.getAllByRole('listitem').at(-1) ?? document.body;
    await user.click(within(lastRow).getByRole('button', { name: 'Remove Track b from queue' }));

    expect(player().queue[1]?.key).toBe(firstB);
    expect(queued()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('moves an entry with the arrow keys on its handle, keeping focus on it and saying where it went', async () => {
    const user = userEvent.setup();
    render(<QueuePanel />);
    const handle = screen.getByRole('button', { name: 'Move Track b' });
    handle.focus();

    await user.keyboard('{ArrowDown}');
    expect(upNextTitles()).toEqual(['Track c', 'Track b', 'Track d']);
    expect(screen.getByRole('button', { name: 'Move Track b' })).toHaveFocus();
    expect(screen.getByText('Track b moved to position 2 of 3')).toBeInTheDocument();

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(upNextTitles()).toEqual(['Track c', 'Track d', 'Track b']);

    await user.keyboard('{ArrowUp}');
    expect(queued()).toEqual(['a', 'c', 'b', 'd']);
    expect(screen.getByRole('button', { name: 'Move Track b' })).toHaveFocus();
  });

  it.each(['mouse', 'touch'])('moves an entry dragged by its handle with a %s', (pointerType) => {
    render(<QueuePanel />);
    layOutRows();
    const handle = screen.getByRole('button', { name: 'Move Track b' });
    expect(handle).toHaveStyle({ touchAction: 'none' });

    fireEvent.pointerDown(handle, { pointerId: 7, pointerType, button: 0, clientY: 28 });
    // Past the middle of the row below it: that row moves up to make room.
    fireEvent.pointerMove(handle, { pointerId: 7, pointerType, clientY: 28 + ROW_PITCH + 40 });
    const rows = screen.getAllByRole('listitem');
    expect(rows[0]).toHaveAttribute('data-dragging');
    expect(rows[1]).toHaveStyle({ transform: `translateY(-${String(ROW_PITCH)}px)` });
    // Past the middle of the last row too: it goes last.
    fireEvent.pointerMove(handle, { pointerId: 7, pointerType, clientY: 28 + 2 * ROW_PITCH + 5 });
    fireEvent.pointerUp(handle, { pointerId: 7, pointerType, clientY: 28 + 2 * ROW_PITCH + 5 });

    expect(upNextTitles()).toEqual(['Track c', 'Track d', 'Track b']);
    expect(screen.getAllByRole('listitem')[2]).not.toHaveAttribute('data-dragging');
  });

  it('drops an entry where the pointer is let go, even past the last move drawn', () => {
    render(<QueuePanel />);
    layOutRows();
    const handle = screen.getByRole('button', { name: 'Move Track d' });

    fireEvent.pointerDown(handle, { pointerId: 3, pointerType: 'touch', button: 0, clientY: 148 });
    fireEvent.pointerUp(handle, { pointerId: 3, pointerType: 'touch', clientY: 148 - 2 * ROW_PITCH - 10 });

    expect(upNextTitles()).toEqual(['Track d', 'Track b', 'Track c']);
  });

  it('leaves the order as it was when a drag is cancelled or does not pass a neighbour', () => {
    render(<QueuePanel />);
    layOutRows();
    const handle = screen.getByRole('button', { name: 'Move Track c' });

    fireEvent.pointerDown(handle, { pointerId: 1, button: 0, clientY: 88 });
    fireEvent.pointerMove(handle, { pointerId: 1, clientY: 88 + 2 * ROW_PITCH });
    fireEvent.pointerCancel(handle, { pointerId: 1 });
    fireEvent.pointerDown(handle, { pointerId: 2, button: 0, clientY: 88 });
    fireEvent.pointerMove(handle, { pointerId: 2, clientY: 88 - 20 });
    fireEvent.pointerUp(handle, { pointerId: 2, clientY: 88 - 20 });

    expect(queued()).toEqual(['a', 'b', 'c', 'd']);
    for (const row of within(screen.getByRole('list')).getAllByRole('listitem')) {
      expect(row.style.transform).toBe('');
      expect(row).not.toHaveAttribute('data-dragging');
    }
  });
});
