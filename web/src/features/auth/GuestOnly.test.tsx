import type { Session } from '@supabase/auth-js';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render';
import { GuestOnly } from './GuestOnly';
import { SessionContext, type SessionState } from './session';

vi.mock('@/lib/auth', () => ({ needsSecondFactor: vi.fn() }));

const session = { user: { id: 'u1' } } as Session;
const signedIn: SessionState = { status: 'signed-in', session, user: session.user };

function renderAt(url: string, state: SessionState) {
  return renderRoute(
    <SessionContext value={state}>
      <GuestOnly />
    </SessionContext>,
    {
      url,
      path: '/login',
      children: [{ index: true, element: <h1>Log in</h1> }],
      otherRoutes: [{ path: '*', element: <h1>Signed-in page</h1> }],
    },
  ).router;
}

describe('GuestOnly', () => {
  it('shows the page to a signed-out visitor', () => {
    renderAt('/login?next=%2Fprofile', { status: 'signed-out', session: null, user: null });

    expect(screen.getByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  });

  it('sends a signed-in user on to next', () => {
    const router = renderAt('/login?next=%2Fprofile', signedIn);

    expect(router.state.location.pathname).toBe('/profile');
  });

  it('sends a signed-in user home when next leads elsewhere', () => {
    const router = renderAt('/login?next=%2F%2Fevil.example', signedIn);

    expect(router.state.location.pathname).toBe('/home');
  });
});
