import { describe, expect, it, vi } from 'vitest';
import { answer } from '@/test/fixtures';
import { refreshStems, stemsChangeOf } from './stems';

const { GET } = vi.hoisted(() => ({ GET: vi.fn() }));
vi.mock('@/lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/api')>()), api: { GET } }));
vi.mock('@/lib/auth', () => ({ auth: {} }));

describe('stemsChangeOf', () => {
  it("reads the track, status and progress of a stems event's data", () => {
    expect(stemsChangeOf('{"track_id":"t1","status":"loading","progress":42}')).toEqual({ track_id: 't1', status: 'loading', progress: 42 });
    expect(stemsChangeOf('{"track_id":"t1","status":"ready","progress":100}')).toEqual({ track_id: 't1', status: 'ready', progress: 100 });
  });

  it('reads nothing from data that is not JSON, names no known status or misses a field', () => {
    expect(stemsChangeOf('loading')).toBeNull();
    expect(stemsChangeOf('null')).toBeNull();
    expect(stemsChangeOf('{"track_id":"t1","status":"none","progress":0}')).toBeNull();
    expect(stemsChangeOf('{"track_id":"t1","status":"loading"}')).toBeNull();
    expect(stemsChangeOf('{"status":"loading","progress":5}')).toBeNull();
  });
});

describe('refreshStems', () => {
  it("reads the track's stems again, as the player plays them: freshly signed, on the full mix", async () => {
    GET.mockResolvedValue(
      answer({ status: 'ready', progress: 100, vocals_url: '/stems/t1/vocals?sig=2', accompaniment_url: '/stems/t1/accompaniment?sig=2', error: null }),
    );

    await expect(refreshStems('t1')).resolves.toEqual({
      status: 'ready',
      vocals: '/stems/t1/vocals?sig=2',
      accompaniment: '/stems/t1/accompaniment?sig=2',
      source: 'mix',
    });
    expect(GET).toHaveBeenCalledWith('/api/v1/tracks/{id}/stems', { params: { path: { id: 't1' } } });
  });
});
