import { beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadedOf, fakeCaches, offlineStatusOf } from '@/test/downloads';
import { checkIn, withdrawnDownloads, withdrawnMessage } from './checkIn';
import { DOWNLOADS_CACHE, offlineAudioPath } from './keys';
import { downloads } from './store';

const { getOfflineStatus, removeOfflineTrack, toast } = vi.hoisted(() => ({
  getOfflineStatus: vi.fn(),
  removeOfflineTrack: vi.fn(),
  toast: vi.fn(),
}));
vi.mock('./api', () => ({ getOfflineStatus, removeOfflineTrack, removeAllOfflineTracks: vi.fn(), grantOfflineTracks: vi.fn() }));
vi.mock('react-hot-toast', () => ({ default: Object.assign(toast, { error: vi.fn(), success: vi.fn() }) }));
vi.mock('@/lib/auth', () => ({ auth: {} }));

const grant = (id: string) => ({ track_id: id, duration_secs: 200, granted_at: new Date().toISOString() });

describe('withdrawnDownloads', () => {
  const items = { a: downloadedOf('a'), b: downloadedOf('b'), fresh: downloadedOf('fresh', -5000) };

  it('lists the downloads not granted any more, but not those made after the check-in began', () => {
    const status = offlineStatusOf({ grants: [grant('a')] });
    expect(withdrawnDownloads(items, status, Date.now()).map((item) => item.track.id)).toEqual(['b']);
  });

  it('lists every download when the plan allows none', () => {
    const status = offlineStatusOf({ plan: 'free', allowed: false, grants: [grant('a')] });
    expect(withdrawnDownloads(items, status, Date.now()).map((item) => item.track.id)).toEqual(['a', 'b']);
  });

  it('says what was removed and why', () => {
    expect(withdrawnMessage([downloadedOf('a')])).toBe('Your plan no longer includes downloads, so Track a was removed from this device.');
    expect(withdrawnMessage([downloadedOf('a'), downloadedOf('b')])).toBe(
      'Your plan no longer includes these downloads, so 2 tracks were removed from this device.',
    );
  });
});

describe('checkIn', () => {
  let cache: ReturnType<typeof fakeCaches>;

  beforeEach(async () => {
    localStorage.clear();
    cache = fakeCaches();
    vi.stubGlobal('caches', cache.caches);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    getOfflineStatus.mockReset();
    removeOfflineTrack.mockReset();
    toast.mockReset();
    downloads().setUser('ann');
    downloads().added(downloadedOf('a'));
    downloads().added(downloadedOf('b'));
    const open = await caches.open(DOWNLOADS_CACHE);
    await open.put(offlineAudioPath('a'), new Response('a'));
    await open.put(offlineAudioPath('b'), new Response('b'));
  });

  it('remembers the answer and deletes the downloads the plan no longer includes, saying so', async () => {
    const status = offlineStatusOf({ grants: [grant('a')] });
    getOfflineStatus.mockResolvedValue(status);

    await checkIn();

    expect(downloads().status).toEqual(status);
    expect(Object.keys(downloads().items)).toEqual(['a']);
    expect([...cache.entries(DOWNLOADS_CACHE).keys()]).toEqual([offlineAudioPath('a')]);
    expect(toast).toHaveBeenCalledWith('Your plan no longer includes downloads, so Track b was removed from this device.', expect.anything());
  });

  it('keeps everything when the server cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const before = offlineStatusOf();
    downloads().setStatus(before);
    getOfflineStatus.mockRejectedValue(new TypeError('Failed to fetch'));

    await checkIn();

    expect(downloads().status).toBe(before);
    expect(Object.keys(downloads().items)).toEqual(['a', 'b']);
  });

  it('does not ask while offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await checkIn();
    expect(getOfflineStatus).not.toHaveBeenCalled();
  });

  it('first sends the removals made offline', async () => {
    downloads().setReleasing(['gone']);
    removeOfflineTrack.mockResolvedValue(undefined);
    getOfflineStatus.mockResolvedValue(offlineStatusOf({ grants: [grant('a'), grant('b')] }));

    await checkIn();

    expect(removeOfflineTrack).toHaveBeenCalledWith('gone');
    expect(downloads().releasing).toEqual([]);
  });

  it('runs again when asked during a check-in, so a plan change is never missed', async () => {
    let answer: (status: unknown) => void = () => undefined;
    getOfflineStatus.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    getOfflineStatus.mockResolvedValueOnce(offlineStatusOf({ plan: 'free', allowed: false }));

    const first = checkIn();
    void checkIn();
    answer(offlineStatusOf({ grants: [grant('a'), grant('b')] }));
    await first;
    await vi.waitFor(() => {
      expect(downloads().items).toEqual({});
    });
    expect(getOfflineStatus).toHaveBeenCalledTimes(2);
  });
});
