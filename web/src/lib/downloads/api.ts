import { api, toApiError } from '@/lib/api';
import type { OfflineDownloads, OfflinePlay, OfflinePlaysRecorded, OfflineStatus } from './types';

/** What the plan allows offline and the grants that remain; ends the grants the plan no longer allows. */
export async function getOfflineStatus(): Promise<OfflineStatus> {
  const { data, error, response } = await api.GET('/api/v1/me/offline');
  if (data === undefined) throw toApiError(error, response);
  return data;
}

/** Grants `trackIds` (1 to 500) for offline listening, all or none, with a signed stream URL for each. */
export async function grantOfflineTracks(trackIds: readonly string[]): Promise<OfflineDownloads> {
  const { data, error, response } = await api.POST('/api/v1/me/offline/grants', { body: { track_ids: [...trackIds] } });
  if (data === undefined) throw toApiError(error, response);
  return data;
}

export async function removeOfflineTrack(trackId: string): Promise<void> {
  const { error, response } = await api.DELETE('/api/v1/me/offline/grants/{track_id}', { params: { path: { track_id: trackId } } });
  if (!response.ok) throw toApiError(error, response);
}

export async function removeAllOfflineTracks(): Promise<void> {
  const { error, response } = await api.DELETE('/api/v1/me/offline/grants');
  if (!response.ok) throw toApiError(error, response);
}

/** Sends plays made offline (1 to 500); the answer has each play's outcome, in the order sent. */
export async function recordOfflinePlays(plays: readonly OfflinePlay[]): Promise<OfflinePlaysRecorded> {
  const { data, error, response } = await api.POST('/api/v1/me/offline-plays', { body: { plays: [...plays] } });
  if (data === undefined) throw toApiError(error, response);
  return data;
}
