import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { downloads } from '@/lib/downloads/store';
import { downloadedOf } from '@/test/downloads';
import { renderRoute } from '@/test/render';
import { DownloadButton } from './DownloadButton';

const { downloadTracks, removeDownloads, cancelDownloads, toastError } = vi.hoisted(() => ({
  downloadTracks: vi.fn(),
  removeDownloads: vi.fn(),
  cancelDownloads: vi.fn(),
  toastError: vi.fn(),
}));
vi.mock('@/lib/downloads/manager', () => ({ downloadTracks, removeDownloads, cancelDownloads }));
vi.mock('react-hot-toast', () => ({ default: { error: toastError, success: vi.fn() } }));
vi.mock('@/lib/auth', () => ({ auth: {} }));

describe('DownloadButton', () => {
  beforeEach(() => {
    localStorage.clear();
    downloads().setUser('ann');
    for (const mock of [downloadTracks, removeDownloads, cancelDownloads, toastError]) mock.mockReset();
    downloadTracks.mockResolvedValue({ downloaded: [], failed: [], cancelled: [] });
    removeDownloads.mockResolvedValue(undefined);
  });

  it('explains the free plan and leads to /subscription', () => {
    renderRoute(<DownloadButton plan="free" trackIds={['a']} />);

    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('href', '/subscription');
    expect(screen.getByText('Downloads are part of Basic and Premium.')).toBeInTheDocument();
  });

  it('downloads every track of the set at once', async () => {
    const { user } = renderRoute(<DownloadButton plan="basic" trackIds={['a', 'b']} />);

    await user.click(screen.getByRole('button', { name: 'Download' }));

    expect(downloadTracks).toHaveBeenCalledWith(['a', 'b']);
  });

  it('reads the tracks not loaded yet first', async () => {
    const loadTrackIds = vi.fn(() => Promise.resolve(['a', 'b', 'c']));
    const { user } = renderRoute(<DownloadButton plan="premium" trackIds={['a']} loadTrackIds={loadTrackIds} />);

    await user.click(screen.getByRole('button', { name: 'Download' }));

    expect(downloadTracks).toHaveBeenCalledWith(['a', 'b', 'c']);
  });

  it("shows the server's refusal past Basic's 10 hours", async () => {
    const message = 'Basic includes 10 hours of downloads. Remove some downloads or upgrade to Premium for unlimited offline listening.';
    downloadTracks.mockRejectedValue(new ApiError(message, 403, 'offline_limit_reached'));
    const { user } = renderRoute(<DownloadButton plan="basic" trackIds={['a']} />);

    await user.click(screen.getByRole('button', { name: 'Download' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(toastError).toHaveBeenCalledWith(message, expect.anything());
  });

  it('shows the progress of a download under way, n of m, with Cancel', async () => {
    downloads().added(downloadedOf('a'));
    downloads().setProgress('b', { received: 50, total: 100 });
    const { user } = renderRoute(<DownloadButton plan="basic" trackIds={['a', 'b', 'c']} subject="Midnight Static" />);

    expect(screen.getByRole('status')).toHaveTextContent('Downloading 1 of 3 · 75%');
    await user.click(screen.getByRole('button', { name: 'Cancel download Midnight Static' }));
    expect(cancelDownloads).toHaveBeenCalledWith(['a', 'b', 'c']);
  });

  it('offers Remove download with the space used once everything is downloaded', async () => {
    downloads().added(downloadedOf('a', 0, 2_500_000));
    downloads().added(downloadedOf('b', 0, 1_700_000));
    const { user } = renderRoute(<DownloadButton plan="basic" trackIds={['a', 'b']} />);

    expect(screen.queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
    expect(screen.getByText('Downloaded · 4.2 MB')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove download' }));
    expect(removeDownloads).toHaveBeenCalledWith(['a', 'b']);
  });

  it('cannot download offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderRoute(<DownloadButton plan="basic" trackIds={['a']} />);

    expect(screen.getByRole('button', { name: 'Download' })).toBeDisabled();
  });
});
