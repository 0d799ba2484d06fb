import { api, toApiError } from '@/lib/api';
import type { OfflineDownloads, OfflinePlay, OfflinePlaysRecorded, OfflineStatus } from './types';

function answer<T>({ data, error, response }: { data?: T; error?: unknown; response: Response }): T {
  if (data === undefined) throw toApiError(error, response);
  return data;
}

function done({ error, response }: { error?: unknown; response: Response }): void {
  if (!response.ok) throw toApiError(error, response);
}

/** What the plan allows offline and the grants that remain; ends the grants the plan no longer allows. */
export async function getOfflineStatus(): Promise<OfflineStatus> {
  return answer(await api.GET('/api/v1/me/offline'));
}

/** Grants `trackIds` (1 to 500) for offline listening, all or none, with a signed stream URL for each. */
export async function grantOfflineTracks(trackIds: readonly string[]): Promise<OfflineDownloads> {
  return answer(await api.POST('/api/v1/me/offline/grants', { body: { track_ids: [...trackIds] } }));
}

export async function removeOfflineTrack(trackId: string): Promise<void> {
  done(await api.DELETE('/api/v1/me/offline/grants/{track_id}', { params: { path: { track_id: trackId } } }));
}

export async function removeAllOfflineTracks(): Promise<void> {
  done(await api.DELETE('/api/v1/me/offline/grants'));
}

/** Sends plays made offline (1 to 500); the answer has each play's outcome, in the order sent. */
export async function recordOfflinePlays(plays: readonly OfflinePlay[]): Promise<OfflinePlaysRecorded> {
  return answer(await api.POST('/api/v1/me/offline-plays', { body: { plays: [...plays] } }));
}
