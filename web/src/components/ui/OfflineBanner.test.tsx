import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OfflineBanner } from './OfflineBanner';

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('OfflineBanner', () => {
  it('shows nothing online', () => {
    render(<OfflineBanner />);

    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says the app is offline while it is, and goes away when the network returns', () => {
    render(<OfflineBanner />);

    act(() => {
      setOnline(false);
    });
    expect(screen.getByRole('status')).toHaveTextContent("You're offline. Downloaded music still plays.");

    act(() => {
      setOnline(true);
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
