import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render';
import { ErrorBoundary } from './ErrorBoundary';

const track = { broken: true };

function TrackTitle() {
  if (track.broken) throw new Error('The track could not be read.');
  return <p>Midnight Static</p>;
}

describe('ErrorBoundary', () => {
  beforeEach(() => {
    track.broken = true;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('shows the fallback with the error message when a child throws', () => {
    renderRoute(
      <ErrorBoundary>
        <TrackTitle />
      </ErrorBoundary>,
    );

    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('The track could not be read.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('renders the children again after "Try again"', async () => {
    const { user } = renderRoute(
      <ErrorBoundary>
        <TrackTitle />
      </ErrorBoundary>,
    );

    track.broken = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(screen.getByText('Midnight Static')).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });
});
