import { beforeEach, describe, expect, it } from 'vitest';
import { initialPlayerState, usePlayerStore } from '../stores/playerStore';
import { handlePlayerKey } from './keyboardShortcuts';

const track = { id: 't1', title: 'Feeling Good', artist: 'Nina Simone', album: null, duration: 180, cover_url: null };

function press(key: string, target: HTMLElement = document.body, init: KeyboardEventInit = {}) {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  Object.defineProperty(event, 'target', { value: target });
  return handlePlayerKey(event, usePlayerStore.getState());
}

describe('handlePlayerKey', () => {
  beforeEach(() => {
    usePlayerStore.setState(initialPlayerState);
    usePlayerStore.getState().play(track, [track]);
    usePlayerStore.getState().setDuration(180);
    usePlayerStore.getState().seek(60);
  });

  it('plays and pauses with space', () => {
    expect(press(' ')).toBe(true);
    expect(usePlayerStore.getState().isPlaying).toBe(false);
  });

  it('seeks 5 s with the left and right arrows', () => {
    press('ArrowRight');
    expect(usePlayerStore.getState().currentTime).toBe(65);

    press('ArrowLeft');
    press('ArrowLeft');
    expect(usePlayerStore.getState().currentTime).toBe(55);
  });

  it('changes the volume with the up and down arrows', () => {
    press('ArrowUp');
    expect(usePlayerStore.getState().volume).toBeCloseTo(0.75);

    press('ArrowDown');
    press('ArrowDown');
    expect(usePlayerStore.getState().volume).toBeCloseTo(0.65);
  });

  it('leaves keys typed into a field alone', () => {
    const input = document.createElement('input');

    expect(press(' ', input)).toBe(false);
    expect(press('ArrowLeft', input)).toBe(false);
    expect(usePlayerStore.getState()).toMatchObject({ isPlaying: true, currentTime: 60 });
  });

  it('leaves space to a focused button, which presses it, but seeks with arrows there', () => {
    const button = document.createElement('button');

    expect(press(' ', button)).toBe(false);
    expect(press('ArrowRight', button)).toBe(true);
  });

  it('ignores keys with a modifier and keys without a track', () => {
    expect(press('ArrowRight', document.body, { ctrlKey: true })).toBe(false);

    usePlayerStore.setState(initialPlayerState);
    expect(press(' ')).toBe(false);
  });
});
