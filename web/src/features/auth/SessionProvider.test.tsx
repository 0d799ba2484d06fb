import type { AuthChangeEvent, Session } from '@supabase/auth-js';
import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { testQueryClient } from '@/test/render';
import { useSession } from './session';
import { SessionProvider } from './SessionProvider';

type Listener = (event: AuthChangeEvent, session: Session | null) => void;

const { auth } = vi.hoisted(() => ({
  auth: {
    listener: undefined as Listener | undefined,
    onAuthStateChange: vi.fn(),
    refreshSession: vi.fn(),
    getSession: vi.fn(),
  },
}));
vi.mock('@/lib/auth', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/auth')>()), auth }));

/** A session saved by the auth client whose access token expired an hour ago. */
const expiredSession = {
  access_token: 'header.eyJhYWwiOiJhYWwxIn0.signature',
  refresh_token: 'refresh-1',
  expires_at: Math.floor(Date.now() / 1000) - 3600,
  token_type: 'bearer',
  user: { id: 'user-1', email: 'ada@example.com', factors: [] },
};

function SessionStatus() {
  const { status, user } = useSession();
  return (
    <p>
      {status} {user?.email}
    </p>
  );
}

function renderProvider() {
  createQueryClient();
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <SessionProvider>
        <SessionStatus />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('SessionProvider', () => {
  beforeEach(() => {
    auth.onAuthStateChange.mockImplementation((listener: Listener) => {
      auth.listener = listener;
      return { data: { subscription: { unsubscribe: vi.fn() } } };
    });
    auth.refreshSession.mockResolvedValue({ data: { session: null }, error: null });
  });

  afterEach(() => {
    localStorage.clear();
    auth.listener = undefined;
  });

  it('opens the signed-in area offline from the stored session, before the auth client gives up renewing it', () => {
    localStorage.setItem('backbeat-auth', JSON.stringify(expiredSession));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

    renderProvider();

    expect(screen.getByText('signed-in ada@example.com')).toBeInTheDocument();
  });

  it('stays signed in when the auth client reports no session because it could not reach the server', () => {
    localStorage.setItem('backbeat-auth', JSON.stringify(expiredSession));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderProvider();

    act(() => {
      auth.listener?.('INITIAL_SESSION', null);
    });

    expect(screen.getByText('signed-in ada@example.com')).toBeInTheDocument();
    expect(onlineManager.isOnline()).toBe(false);
  });

  it('holds queries until the session is renewed, and renews it when the network returns', async () => {
    localStorage.setItem('backbeat-auth', JSON.stringify(expiredSession));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderProvider();

    act(() => {
      setOnline(true);
    });
    expect(auth.refreshSession).toHaveBeenCalled();
    expect(onlineManager.isOnline()).toBe(false);

    const renewed = { ...expiredSession, access_token: 'header.eyJhYWwiOiJhYWwxIn0.renewed', expires_at: expiredSession.expires_at + 7200 };
    await act(async () => {
      auth.listener?.('TOKEN_REFRESHED', renewed as unknown as Session);
      await Promise.resolve();
    });

    expect(screen.getByText('signed-in ada@example.com')).toBeInTheDocument();
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('signs out when the server refused the session (the auth client removed it)', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderProvider();
    expect(screen.getByText('loading')).toBeInTheDocument();

    act(() => {
      auth.listener?.('INITIAL_SESSION', null);
    });

    expect(screen.getByText('signed-out')).toBeInTheDocument();
  });

  it('signs out on SIGNED_OUT even offline', () => {
    localStorage.setItem('backbeat-auth', JSON.stringify(expiredSession));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderProvider();

    act(() => {
      auth.listener?.('SIGNED_OUT', null);
    });

    expect(screen.getByText('signed-out')).toBeInTheDocument();
  });
});
