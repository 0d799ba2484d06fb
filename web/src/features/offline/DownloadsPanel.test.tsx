import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { downloads } from '@/lib/downloads/store';
import { downloadedOf, offlineStatusOf } from '@/test/downloads';
import { renderRoute } from '@/test/render';
import { DownloadsPanel } from './DownloadsPanel';

const { removeAllDownloads, removeDownloads } = vi.hoisted(() => ({ removeAllDownloads: vi.fn(), removeDownloads: vi.fn() }));
vi.mock('@/lib/downloads/manager', () => ({ removeAllDownloads, removeDownloads, cancelDownloads: vi.fn(), downloadTracks: vi.fn() }));
vi.mock('react-hot-toast', () => ({ default: { error: vi.fn(), success: vi.fn() } }));
vi.mock('@/lib/auth', () => ({ auth: {} }));

describe('DownloadsPanel', () => {
  beforeEach(() => {
    localStorage.clear();
    downloads().setUser('ann');
    removeAllDownloads.mockReset();
    removeAllDownloads.mockResolvedValue(undefined);
    removeDownloads.mockReset();
  });

  it('says when nothing is downloaded', () => {
    renderRoute(<DownloadsPanel />);
    expect(screen.getByText('No downloads yet.')).toBeInTheDocument();
  });

  it("lists what the device keeps from its own records, with sizes, quality, space used and Basic's hours left", () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    downloads().added(downloadedOf('a', 2000, 3_000_000));
    downloads().added(downloadedOf('b', 1000, 1_000_000));
    downloads().setStatus(offlineStatusOf({ remaining_secs: 27000 }));
    renderRoute(<DownloadsPanel />);

    const list = screen.getByRole('list', { name: 'Downloaded tracks' });
    expect(within(list).getAllByRole('listitem').map((item) => within(item).getAllByRole('link')[0]?.textContent)).toEqual(['Track b', 'Track a']);
    expect(within(list).getByText('3.0 MB · High quality')).toBeInTheDocument();
    expect(screen.getByText('2 tracks · 4.0 MB used')).toBeInTheDocument();
    expect(screen.getByText('7.5 hours of 10 hours of downloads left on Basic.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play Track a' })).toBeEnabled();
  });

  it('says to connect once valid_until has passed', () => {
    downloads().added(downloadedOf('a'));
    downloads().setStatus(offlineStatusOf({ valid_until: new Date(Date.now() - 1000).toISOString() }));
    renderRoute(<DownloadsPanel />);

    expect(screen.getByRole('alert')).toHaveTextContent('Connect to the internet to keep your downloads');
  });

  it('removes all after a confirmation', async () => {
    downloads().added(downloadedOf('a'));
    const { user } = renderRoute(<DownloadsPanel />);

    await user.click(screen.getByRole('button', { name: 'Remove all' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove all downloads?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(removeAllDownloads).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Remove all' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(removeAllDownloads).toHaveBeenCalledTimes(1);
  });
});
