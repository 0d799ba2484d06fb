import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import { catalogError, retryUnlessNotFound } from './catalogError';

export type Track = components['schemas']['Track'];
export type TrackDetail = components['schemas']['TrackDetail'];
type TrackList = components['schemas']['TrackList'];

/** How often a track page looks again while the track is still being processed. */
const PROCESSING_POLL_MS = 3_000;

async function fetchTrackPage(q: string, cursor: string | undefined): Promise<TrackList> {
  const { data, error, response } = await api.GET('/api/v1/tracks', {
    params: { query: { q: q === '' ? undefined : q, cursor } },
  });
  if (data === undefined) throw catalogError('Failed to fetch tracks', error, response);
  return data;
}

/** The catalogue newest first, or the tracks matching `q`, a page at a time. */
export function trackSearchQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: queryKeys.tracks.search(q),
    queryFn: ({ pageParam }) => fetchTrackPage(q, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}

export function useTrackSearch(q: string) {
  return useInfiniteQuery(trackSearchQueryOptions(q));
}

async function fetchTrack(id: string): Promise<TrackDetail> {
  const { data, error, response } = await api.GET('/api/v1/tracks/{id}', { params: { path: { id } } });
  if (data === undefined) throw catalogError('Failed to fetch track', error, response);
  return data;
}

export function trackQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.tracks.detail(id),
    queryFn: () => fetchTrack(id),
    retry: retryUnlessNotFound,
    // The uploader watches a new track until its renditions exist.
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? PROCESSING_POLL_MS : false),
  });
}

/** A track with its waveform, uploader and Up Next. */
export function useTrack(id: string) {
  return useQuery(trackQueryOptions(id));
}
