import type { Session } from '@supabase/auth-js';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { GuestOnly } from './GuestOnly';
import { SessionContext, type SessionState } from './session';

vi.mock('@/lib/auth', () => ({ needsSecondFactor: vi.fn() }));

const session = { user: { id: 'u1' } } as Session;
const signedIn: SessionState = { status: 'signed-in', session, user: session.user };

function renderAt(path: string, state: SessionState) {
  const router = createMemoryRouter(
    [
      { element: <GuestOnly />, children: [{ path: '/login', element: <h1>Log in</h1> }] },
      { path: '*', element: <h1>Signed-in page</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <SessionContext value={state}>
      <RouterProvider router={router} />
    </SessionContext>,
  );
  return router;
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
