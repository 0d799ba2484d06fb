import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppUpdates } from './AppUpdates';

const { registration } = vi.hoisted(() => ({
  registration: {
    needRefresh: false,
    updateServiceWorker: vi.fn(() => Promise.resolve()),
    registered: undefined as ((url: string, registration: ServiceWorkerRegistration | undefined) => void) | undefined,
  },
}));

vi.mock('virtual:pwa-register/react', () => ({
  useRegisterSW: (options: { onRegisteredSW?: (url: string, r: ServiceWorkerRegistration | undefined) => void }) => {
    registration.registered = options.onRegisteredSW;
    return {
      needRefresh: [registration.needRefresh, () => undefined],
      offlineReady: [false, () => undefined],
      updateServiceWorker: registration.updateServiceWorker,
    };
  },
}));

// A waiting version exists only where service workers do.
Object.defineProperty(navigator, 'serviceWorker', { value: new EventTarget(), configurable: true });
// The toaster asks whether motion should be reduced; jsdom has no media queries.
vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener: vi.fn(), removeEventListener: vi.fn() }));

function renderApp() {
  return render(
    <>
      <AppUpdates />
      <Toaster />
    </>,
  );
}

describe('AppUpdates', () => {
  afterEach(() => {
    act(() => {
      toast.remove();
    });
    registration.needRefresh = false;
    registration.updateServiceWorker.mockClear();
    vi.useRealTimers();
  });

  it('says nothing while no new version is waiting', async () => {
    renderApp();

    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByText('A new version is available')).not.toBeInTheDocument();
  });

  it('offers a waiting version, and reload hands over to it', async () => {
    registration.needRefresh = true;
    renderApp();

    expect(await screen.findByText('A new version is available')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));

    expect(registration.updateServiceWorker).toHaveBeenCalledOnce();
  });

  it('keeps the offer on screen until the listener answers it', async () => {
    registration.needRefresh = true;
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp();
    await screen.findByText('A new version is available');

    act(() => {
      vi.advanceTimersByTime(60_000);
    });

    expect(screen.getByText('A new version is available')).toBeInTheDocument();
  });

  it('checks for a new version every hour and when the app is focused', () => {
    vi.useFakeTimers();
    const update = vi.fn(() => Promise.resolve());
    renderApp();
    act(() => {
      registration.registered?.('/sw.js', { update, installing: null } as unknown as ServiceWorkerRegistration);
    });

    vi.advanceTimersByTime(60 * 60_000);
    expect(update).toHaveBeenCalledTimes(1);

    window.dispatchEvent(new Event('focus'));
    expect(update).toHaveBeenCalledTimes(2);
  });
});
