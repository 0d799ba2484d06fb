import type { components } from '@/api/schema';
import { api, toApiError } from '@/lib/api';
import type { RefreshStems, Stems } from '@/lib/stems';

/** The server's answer about a track's AutoMix stems (`GET` and `POST /api/v1/tracks/{id}/stems`). */
export type StemsStatus = components['schemas']['Stems'];

/** A live `stems` event's data: how the separation of a track the user asked for goes. */
export type StemsChanged = components['schemas']['StemsChanged'];

const changeStatuses: readonly string[] = ['loading', 'ready', 'error'] satisfies StemsChanged['status'][];

/** The change a `stems` event's data says (`{"track_id", "status", "progress"}`); null when unreadable. */
export function stemsChangeOf(data: string): StemsChanged | null {
  try {
    const { track_id, status, progress } = JSON.parse(data) as Partial<Record<keyof StemsChanged, unknown>>;
    if (typeof track_id !== 'string' || typeof status !== 'string' || !changeStatuses.includes(status)) return null;
    if (typeof progress !== 'number') return null;
    return { track_id, status: status as StemsChanged['status'], progress: clampPercent(progress) };
  } catch {
    return null;
  }
}

/** Where the separation of `trackId` stands. */
export async function fetchStems(trackId: string): Promise<StemsStatus> {
  const { data, error, response } = await api.GET('/api/v1/tracks/{id}/stems', { params: { path: { id: trackId } } });
  if (data === undefined) throw toApiError(error, response);
  return data;
}

/** Starts the separation of `trackId`, or answers the one already running or done. */
export async function startStems(trackId: string): Promise<StemsStatus> {
  const { data, error, response } = await api.POST('/api/v1/tracks/{id}/stems', { params: { path: { id: trackId } } });
  if (data === undefined) throw toApiError(error, response);
  return data;
}

const clampPercent = (value: number) => Math.min(100, Math.max(0, Math.round(Number.isFinite(value) ? value : 0)));

/** The player's view of the server's answer (`lib/stems.ts`); a ready answer starts on the full mix. */
export function stemsOf(status: StemsStatus): Stems {
  switch (status.status) {
    case 'none':
      return { status: 'none' };
    case 'loading':
      return { status: 'loading', progress: clampPercent(status.progress) };
    case 'ready':
      if (status.vocals_url === null || status.accompaniment_url === null) {
        return { status: 'error', message: 'AutoMix finished without its stems. Please try again.' };
      }
      return { status: 'ready', vocals: status.vocals_url, accompaniment: status.accompaniment_url, source: 'mix' };
    case 'error':
      return { status: 'error', message: status.error ?? 'AutoMix could not separate this track.' };
  }
}

/** `trackId`'s stems read again, their URLs freshly signed: what the player asks when a stem fails to play. */
export const refreshStems: RefreshStems = async (trackId) => stemsOf(await fetchStems(trackId));
