import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render';
import { RouteErrorFallback } from './RouteErrorFallback';

const page = { broken: true };

function FaqPageStandIn() {
  if (page.broken) throw new Error('The questions could not be shown.');
  return <h1>Frequently asked questions</h1>;
}

function renderFaqRoute() {
  return renderRoute(<FaqPageStandIn />, { errorElement: <RouteErrorFallback /> });
}

describe('RouteErrorFallback', () => {
  beforeEach(() => {
    page.broken = true;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('shows the same fallback as the app-wide error boundary', () => {
    renderFaqRoute();

    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('The questions could not be shown.')).toBeInTheDocument();
  });

  it('renders the route again after "Try again"', async () => {
    const { user } = renderFaqRoute();

    page.broken = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: 'Frequently asked questions' })).toBeInTheDocument();
  });
});
