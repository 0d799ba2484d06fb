import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { api, ApiError, toApiError } from '@/lib/api';
import { queueOfflinePlay } from '@/lib/downloads/offlinePlays';
import { queryKeys } from '@/lib/queryKeys';

type StreamUrl = components['schemas']['StreamUrl'];
type TrackDetail = components['schemas']['TrackDetail'];

/** A stream URL is fetched again this long before it expires. */
const EXPIRY_MARGIN_MS = 60_000;

async function fetchStreamUrl(trackId: string): Promise<StreamUrl> {
  const { data, error, response } = await api.GET('/api/v1/tracks/{id}/stream-url', {
    params: { path: { id: trackId } },
  });
  if (data === undefined) throw toApiError(error, response);
  return data;
}

function streamUrlQueryOptions(trackId: string) {
  return queryOptions({
    queryKey: queryKeys.player.streamUrl(trackId),
    queryFn: () => fetchStreamUrl(trackId),
    staleTime: (query) => {
      const expiresAt = query.state.data ? Date.parse(query.state.data.expires_at) : 0;
      return Math.max(0, expiresAt - Date.now() - EXPIRY_MARGIN_MS);
    },
    retry: false,
  });
}

/** A signed URL the audio element can play: the cached one while it is still valid, else a fresh one. */
export function streamUrlFor(queryClient: QueryClient, trackId: string, fresh = false): Promise<StreamUrl> {
  const options = streamUrlQueryOptions(trackId);
  return queryClient.query(fresh ? { ...options, staleTime: 0 } : options);
}

export function isExpired(stream: StreamUrl): boolean {
  return Date.parse(stream.expires_at) - EXPIRY_MARGIN_MS <= Date.now();
}

async function fetchTrackDetail(trackId: string): Promise<TrackDetail> {
  const { data, error, response } = await api.GET('/api/v1/tracks/{id}', { params: { path: { id: trackId } } });
  if (data === undefined) throw toApiError(error, response);
  return data;
}

/** The loaded track's page data: its measured loudness and large cover. */
export function trackDetailQueryOptions(trackId: string) {
  return queryOptions({
    queryKey: queryKeys.player.track(trackId),
    queryFn: () => fetchTrackDetail(trackId),
  });
}

/**
 * Tells the server a playback started; it decides whether the play counts. A counted play changes
 * the track's play count, so the lists and pages that show play counts (the catalogue and search,
 * track pages with their Up Next, artist pages with their totals, top tracks and albums) are read
 * again: those on screen at once, the others when next shown.
 */
export async function reportPlayStart(queryClient: QueryClient, trackId: string): Promise<void> {
  const { data, error, response } = await api.POST('/api/v1/tracks/{id}/plays', { params: { path: { id: trackId } } });
  if (data === undefined) throw toApiError(error, response);
  if (!data.counted) return;
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.tracks.all() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.artists.all() }),
  ]);
}

/**
 * Reports a playback start, or, when it cannot reach the server (offline, or the request fails
 * without an answer), queues it with its time to be sent when the network returns.
 */
export async function reportOrQueuePlay(queryClient: QueryClient, trackId: string): Promise<void> {
  const playedAt = new Date();
  if (!navigator.onLine) {
    queueOfflinePlay(trackId, playedAt);
    return;
  }
  try {
    await reportPlayStart(queryClient, trackId);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    queueOfflinePlay(trackId, playedAt);
  }
}
