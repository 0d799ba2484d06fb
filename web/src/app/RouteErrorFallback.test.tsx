import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorFallback } from './RouteErrorFallback';

const page = { broken: true };

function FaqPageStandIn() {
  if (page.broken) throw new Error('The questions could not be shown.');
  return <h1>Frequently asked questions</h1>;
}

function renderRoute() {
  const router = createMemoryRouter([{ path: '/', element: <FaqPageStandIn />, errorElement: <RouteErrorFallback /> }]);
  render(<RouterProvider router={router} />);
}

describe('RouteErrorFallback', () => {
  beforeEach(() => {
    page.broken = true;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('shows the same fallback as the app-wide error boundary', () => {
    renderRoute();

    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('The questions could not be shown.')).toBeInTheDocument();
  });

  it('renders the route again after "Try again"', async () => {
    const user = userEvent.setup();
    renderRoute();

    page.broken = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: 'Frequently asked questions' })).toBeInTheDocument();
  });
});
