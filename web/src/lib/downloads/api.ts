import { api, toApiError } from '@/lib/api';
import type { OfflineDownloads, OfflinePlay, OfflinePlaysRecorded, OfflineStatus } from './types';

type Method = 'GET' | 'POST' | 'DELETE';
type LooseCall = (
  path: string,
  init?: { body?: unknown; params?: { path?: Record<string, string> } },
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

// The offline routes are typed once web/src/api/schema.ts has them.
const client = api as unknown as Record<Method, LooseCall>;

async function call<T>(method: Method, path: string, init?: Parameters<LooseCall>[1]): Promise<T> {
  const { data, error, response } = await client[method](path, init);
  if (!response.ok) throw toApiError(error, response);
  return data as T;
}

/** What the plan allows offline and the grants that remain; ends the grants the plan no longer allows. */
export function getOfflineStatus(): Promise<OfflineStatus> {
  return call('GET', '/api/v1/me/offline');
}

/** Grants `trackIds` (1 to 500) for offline listening, all or none, with a signed stream URL for each. */
export function grantOfflineTracks(trackIds: readonly string[]): Promise<OfflineDownloads> {
  return call('POST', '/api/v1/me/offline/grants', { body: { track_ids: trackIds } });
}

export async function removeOfflineTrack(trackId: string): Promise<void> {
  await call('DELETE', '/api/v1/me/offline/grants/{track_id}', { params: { path: { track_id: trackId } } });
}

export async function removeAllOfflineTracks(): Promise<void> {
  await call('DELETE', '/api/v1/me/offline/grants');
}

/** Sends plays made offline (1 to 500); the answer has each play's outcome, in the order sent. */
export function recordOfflinePlays(plays: readonly OfflinePlay[]): Promise<OfflinePlaysRecorded> {
  return call('POST', '/api/v1/me/offline-plays', { body: { plays } });
}
