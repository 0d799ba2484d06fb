import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { downloadedOf, fakeCaches, offlineStatusOf } from '@/test/downloads';
import { trackOf } from '@/test/fixtures';
import { DOWNLOADS_CACHE, offlineAudioPath, offlineCoverPath } from './keys';
import { cancelDownloads, downloadTracks, removeAllDownloads, removeDownloads } from './manager';
import { downloads } from './store';

const api = vi.hoisted(() => ({
  grantOfflineTracks: vi.fn(),
  removeOfflineTrack: vi.fn(),
  removeAllOfflineTracks: vi.fn(),
  getOfflineStatus: vi.fn(),
}));
vi.mock('./api', () => api);
vi.mock('@/lib/auth', () => ({ auth: {} }));

const grantOf = (...ids: string[]) => ({
  status: offlineStatusOf({ grants: ids.map((id) => ({ track_id: id, duration_secs: 215, granted_at: new Date().toISOString() })) }),
  downloads: ids.map((id) => ({
    track: trackOf({ id, title: `Track ${id}`, cover_large_url: `/media/covers/${id}.jpg` }),
    stream: { url: `/api/v1/tracks/${id}/stream?sig=1`, expires_at: '2030-01-01T00:00:00Z', content_type: 'audio/mpeg', quality: 'high' },
  })),
});

/** An audio body sent in two chunks, with its length. */
function audio(bytes = 6): Response {
  const half = Math.floor(bytes / 2);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new Uint8Array(half));
      controller.enqueue(new Uint8Array(bytes - half));
      controller.close();
    },
  });
  return new Response(body, { headers: { 'Content-Type': 'audio/mpeg', 'Content-Length': String(bytes) } });
}

describe('the download manager', () => {
  let cache: ReturnType<typeof fakeCaches>;
  let fetchMock: ReturnType<typeof vi.fn<(url: string, init?: RequestInit) => Promise<Response>>>;
  const stored = () => [...cache.entries(DOWNLOADS_CACHE).keys()].sort();

  beforeEach(() => {
    localStorage.clear();
    cache = fakeCaches();
    vi.stubGlobal('caches', cache.caches);
    fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>((url) => Promise.resolve(url.includes('/covers/') ? new Response('jpg', { headers: { 'Content-Type': 'image/jpeg' } }) : audio()));
    vi.stubGlobal('fetch', fetchMock);
    for (const call of Object.values(api)) call.mockReset();
    api.removeOfflineTrack.mockResolvedValue(undefined);
    api.removeAllOfflineTracks.mockResolvedValue(undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    downloads().setUser('ann');
  });

  it('asks one grant for all the tracks, stores audio and cover, and records each download', async () => {
    api.grantOfflineTracks.mockResolvedValue(grantOf('a', 'b'));

    const outcome = await downloadTracks(['a', 'b', 'a']);

    expect(api.grantOfflineTracks).toHaveBeenCalledTimes(1);
    expect(api.grantOfflineTracks).toHaveBeenCalledWith(['a', 'b']);
    expect(outcome).toEqual({ downloaded: ['a', 'b'], failed: [], cancelled: [] });
    expect(stored()).toEqual([offlineAudioPath('a'), offlineAudioPath('b'), offlineCoverPath('a'), offlineCoverPath('b')].sort());
    const response = cache.entries(DOWNLOADS_CACHE).get(offlineAudioPath('a'));
    expect(response?.headers.get('Content-Type')).toBe('audio/mpeg');
    expect(response?.headers.get('Content-Length')).toBe('6');
    expect(downloads().items.a).toMatchObject({ quality: 'high', size: 9, has_cover: true });
    expect(downloads().status?.grants).toHaveLength(2);
    expect(downloads().inFlight).toEqual({});
  });

  it('skips tracks already downloaded', async () => {
    downloads().added(downloadedOf('a'));
    api.grantOfflineTracks.mockResolvedValue(grantOf('b'));
    await downloadTracks(['a', 'b']);
    expect(api.grantOfflineTracks).toHaveBeenCalledWith(['b']);
  });

  it('throws the refusal and keeps nothing when the plan refuses', async () => {
    api.grantOfflineTracks.mockRejectedValue(new ApiError('Basic includes 10 hours of downloads.', 403, 'offline_limit_reached'));

    await expect(downloadTracks(['a'])).rejects.toMatchObject({ code: 'offline_limit_reached' });

    expect(downloads().items).toEqual({});
    expect(downloads().inFlight).toEqual({});
    expect(stored()).toEqual([]);
  });

  it('leaves no partial entry of a track that fails, and releases its grant', async () => {
    api.grantOfflineTracks.mockResolvedValue(grantOf('a', 'b'));
    fetchMock.mockImplementation((url: string) => {
      if (url.includes('/b/stream')) return Promise.reject(new TypeError('Failed to fetch'));
      return Promise.resolve(url.includes('/covers/') ? new Response('jpg') : audio());
    });

    const outcome = await downloadTracks(['a', 'b']);

    expect(outcome).toEqual({ downloaded: ['a'], failed: ['b'], cancelled: [] });
    expect(Object.keys(downloads().items)).toEqual(['a']);
    expect(stored()).toEqual([offlineAudioPath('a'), offlineCoverPath('a')].sort());
    await vi.waitFor(() => {
      expect(api.removeOfflineTrack).toHaveBeenCalledWith('b');
    });
  });

  it('keeps nothing of a cancelled download', async () => {
    api.grantOfflineTracks.mockResolvedValue(grantOf('a'));
    fetchMock.mockImplementation((_url: string, init?: RequestInit) => {
      cancelDownloads(['a']);
      init?.signal?.throwIfAborted();
      return Promise.resolve(audio());
    });

    const outcome = await downloadTracks(['a']);

    expect(outcome.cancelled).toEqual(['a']);
    expect(downloads().items).toEqual({});
    expect(stored()).toEqual([]);
  });

  it('removes one download here and on the server; offline, the removal waits for the network', async () => {
    api.grantOfflineTracks.mockResolvedValue(grantOf('a', 'b'));
    await downloadTracks(['a', 'b']);

    await removeDownloads(['a']);
    expect(Object.keys(downloads().items)).toEqual(['b']);
    expect(stored()).toEqual([offlineAudioPath('b'), offlineCoverPath('b')].sort());
    expect(api.removeOfflineTrack).toHaveBeenCalledWith('a');

    api.removeOfflineTrack.mockRejectedValue(new TypeError('Failed to fetch'));
    await removeDownloads(['b']);
    expect(downloads().items).toEqual({});
    expect(downloads().releasing).toEqual(['b']);
  });

  it('removes all downloads at once', async () => {
    api.grantOfflineTracks.mockResolvedValue(grantOf('a', 'b'));
    await downloadTracks(['a', 'b']);

    await removeAllDownloads();

    expect(api.removeAllOfflineTracks).toHaveBeenCalledTimes(1);
    expect(downloads().items).toEqual({});
    expect(stored()).toEqual([]);
  });
});
