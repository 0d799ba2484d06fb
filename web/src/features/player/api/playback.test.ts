import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/lib/queryKeys';
import { answer } from '@/test/fixtures';
import { testQueryClient } from '@/test/render';
import { reportPlayStart } from './playback';

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
