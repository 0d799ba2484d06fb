import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Spinner } from './Spinner';

describe('Spinner', () => {
  it('says what is loading online', () => {
    render(<Spinner label="Loading your playlists…" />);

    expect(screen.getByRole('status')).toHaveTextContent('Loading your playlists…');
  });

  it('says it waits for the network offline, rather than spinning', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<Spinner label="Loading your playlists…" />);

    expect(screen.getByRole('status')).toHaveTextContent("You're offline. This will load when you're back online.");
  });
});
