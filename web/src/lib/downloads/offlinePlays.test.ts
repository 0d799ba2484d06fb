import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import { queuedPlays, queueOfflinePlay, sendOfflinePlays } from './offlinePlays';
import { downloads } from './store';

const { recordOfflinePlays } = vi.hoisted(() => ({ recordOfflinePlays: vi.fn() }));
vi.mock('./api', () => ({ recordOfflinePlays }));
vi.mock('@/lib/auth', () => ({ auth: {} }));

const ids = () => queuedPlays('ann').map((play) => play.track_id);

describe('the offline plays queue', () => {
  let queryClient: QueryClient;

  beforeEach(() => {
    localStorage.clear();
    recordOfflinePlays.mockReset();
    queryClient = new QueryClient();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    downloads().setUser('ann');
  });

  it('keeps each play with its own id and time, per user', () => {
    queueOfflinePlay('t1', new Date('2026-11-28T19:00:00Z'));
    queueOfflinePlay('t1', new Date('2026-11-28T19:04:00Z'));
    const [first, second] = queuedPlays('ann');
    expect(first).toMatchObject({ track_id: 't1', played_at: '2026-11-28T19:00:00.000Z' });
    expect(second?.played_at).toBe('2026-11-28T19:04:00.000Z');
    expect(first?.id).not.toBe(second?.id);
    expect(queuedPlays('bob')).toEqual([]);
  });

  it('drops every play the server answered, whatever the outcome, and reads play counts again after a counted one', async () => {
    queueOfflinePlay('t1');
    queueOfflinePlay('t2');
    queueOfflinePlay('t3');
    const sent = queuedPlays('ann');
    const [p1, p2] = sent;
    recordOfflinePlays.mockResolvedValue({
      plays: [
        { id: p1?.id, outcome: 'counted', reason: null },
        { id: p2?.id, outcome: 'refused', reason: 'too_old' },
      ],
    });

    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await sendOfflinePlays(queryClient);

    expect(recordOfflinePlays).toHaveBeenCalledWith(sent);
    expect(ids()).toEqual(['t3']);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.tracks.all() });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.artists.all() });
  });

  it('reads nothing again when no play counted', async () => {
    queueOfflinePlay('t1');
    const [play] = queuedPlays('ann');
    recordOfflinePlays.mockResolvedValue({ plays: [{ id: play?.id, outcome: 'recorded', reason: null }] });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    await sendOfflinePlays(queryClient);

    expect(ids()).toEqual([]);
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('keeps the queue on a network error or a server error', async () => {
    queueOfflinePlay('t1');
    recordOfflinePlays.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await sendOfflinePlays(queryClient);
    expect(ids()).toEqual(['t1']);

    recordOfflinePlays.mockRejectedValueOnce(new ApiError('Down', 503));
    await sendOfflinePlays(queryClient);
    expect(ids()).toEqual(['t1']);
  });

  it('keeps the queue, quietly, while the session is refused (expired, or owing its second factor)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    queueOfflinePlay('t1');
    recordOfflinePlays.mockRejectedValueOnce(new ApiError('Enter the code from your authenticator app to continue.', 403, 'mfa_required'));
    await sendOfflinePlays(queryClient);
    recordOfflinePlays.mockRejectedValueOnce(new ApiError('Not signed in', 401));
    await sendOfflinePlays(queryClient);
    expect(ids()).toEqual(['t1']);
    expect(logged).not.toHaveBeenCalled();
  });

  it('keeps a play queued while the last ones were on their way', async () => {
    queueOfflinePlay('t1');
    const [play] = queuedPlays('ann');
    recordOfflinePlays.mockImplementation(() => {
      queueOfflinePlay('t2');
      return Promise.resolve({ plays: [{ id: play?.id, outcome: 'recorded', reason: null }] });
    });

    await sendOfflinePlays(queryClient);

    expect(ids()).toEqual(['t2']);
  });

  it('sends nothing signed out, and queues nothing', async () => {
    downloads().setUser(null);
    queueOfflinePlay('t1');
    await sendOfflinePlays(queryClient);
    expect(recordOfflinePlays).not.toHaveBeenCalled();
    expect(localStorage.length).toBe(0);
  });
});
