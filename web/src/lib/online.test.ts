import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useOnline } from './online';

function goOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('useOnline', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reads whether the browser is online when it mounts', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

    const { result } = renderHook(() => useOnline());

    expect(result.current).toBe(false);
  });

  it('follows the browser going offline and coming back', () => {
    const { result } = renderHook(() => useOnline());
    expect(result.current).toBe(true);

    act(() => {
      goOnline(false);
    });
    expect(result.current).toBe(false);

    act(() => {
      goOnline(true);
    });
    expect(result.current).toBe(true);
  });

  it('stops listening when it unmounts', () => {
    const removed = vi.spyOn(window, 'removeEventListener');
    const { unmount } = renderHook(() => useOnline());

    unmount();

    expect(removed.mock.calls.map(([type]) => type)).toEqual(expect.arrayContaining(['online', 'offline']));
  });
});
