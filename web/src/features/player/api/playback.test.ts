import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/lib/queryKeys';
import { answer } from '@/test/fixtures';
import { testQueryClient } from '@/test/render';
import { ApiError } from '@/lib/api';
import { downloads } from '@/lib/downloads/store';
import { queuedPlays } from '@/lib/downloads/offlinePlays';
import { reportOrQueuePlay, reportPlayStart } from './playback';

const { POST } = vi.hoisted(() => ({ POST: vi.fn() }));
vi.mock('@/lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/api')>()), api: { POST } }));
vi.mock('@/lib/auth', () => ({ auth: {} }));

/** The cached queries that show play counts, and one that does not. */
const showingPlays = [
  queryKeys.tracks.search(''),
  queryKeys.tracks.search('love'),
  queryKeys.tracks.detail('t1'),
  queryKeys.artists.detail('Nina Simone'),
  queryKeys.artists.topTracks('Nina Simone'),
  queryKeys.artists.album('Nina Simone', 'Pastel Blues'),
];
const notShowingPlays = queryKeys.playlists.mine();

function seededClient() {
  const queryClient = testQueryClient();
  for (const key of [...showingPlays, notShowingPlays]) queryClient.setQueryData(key, { plays: 0 });
  return queryClient;
}

const isStale = (queryClient: ReturnType<typeof testQueryClient>, key: readonly unknown[]) =>
  queryClient.getQueryState(key)?.isInvalidated ?? false;

describe('reportPlayStart', () => {
  beforeEach(() => {
    POST.mockReset();
  });

  it('reports the play and has every list and page showing play counts read again when it counts', async () => {
    POST.mockResolvedValue(answer({ counted: true, plays: 1 }));
    const queryClient = seededClient();

    await reportPlayStart(queryClient, 't1');

    expect(POST).toHaveBeenCalledWith('/api/v1/tracks/{id}/plays', { params: { path: { id: 't1' } } });
    for (const key of showingPlays) expect(isStale(queryClient, key), key.join('/')).toBe(true);
    expect(isStale(queryClient, notShowingPlays)).toBe(false);
  });

  it('leaves the cache alone when the play does not count (the uploader, or again within the window)', async () => {
    POST.mockResolvedValue(answer({ counted: false, plays: 7 }));
    const queryClient = seededClient();

    await reportPlayStart(queryClient, 't1');

    for (const key of [...showingPlays, notShowingPlays]) expect(isStale(queryClient, key)).toBe(false);
  });
});

describe('reportOrQueuePlay', () => {
  beforeEach(() => {
    POST.mockReset();
    localStorage.clear();
    downloads().setUser('ann');
  });

  it('queues the play with its time while offline, without asking the server', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

    await reportOrQueuePlay(testQueryClient(), 't1');

    expect(POST).not.toHaveBeenCalled();
    const [play] = queuedPlays('ann');
    expect(play?.track_id).toBe('t1');
    expect(Date.parse(play?.played_at ?? '')).toBeLessThanOrEqual(Date.now());
  });

  it('queues the play when the report gets no answer', async () => {
    POST.mockRejectedValue(new TypeError('Failed to fetch'));

    await reportOrQueuePlay(testQueryClient(), 't1');

    expect(queuedPlays('ann').map((play) => play.track_id)).toEqual(['t1']);
  });

  it('reports online, and queues nothing the server answered, even a refusal', async () => {
    POST.mockResolvedValueOnce(answer({ counted: false, plays: 0 }));
    await reportOrQueuePlay(testQueryClient(), 't1');
    POST.mockResolvedValueOnce({ data: undefined, error: { error: 'Nope', code: 'not_found' }, response: new Response(null, { status: 404 }) });
    await expect(reportOrQueuePlay(testQueryClient(), 't1')).rejects.toBeInstanceOf(ApiError);

    expect(queuedPlays('ann')).toEqual([]);
  });
});
