import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, toApiError } from '@/lib/api';
import { pagedQueryOptions } from '@/lib/pages';
import { queryKeys } from '@/lib/queryKeys';

/** While an upload is still processing, its status is read again this often. */
const PROCESSING_POLL_MS = 3000;

async function fetchMyUploadsPage(cursor: string | undefined) {
  const { data, error, response } = await api.GET('/api/v1/me/tracks', { params: { query: { cursor } } });
  if (data === undefined) throw toApiError(error, response);
  return data;
}

const myUploadsQueryOptions = infiniteQueryOptions({
  ...pagedQueryOptions(queryKeys.me.uploads(), fetchMyUploadsPage),
  refetchInterval: (query) =>
    query.state.data?.pages.some((page) => page.tracks.some((track) => track.status === 'processing'))
      ? PROCESSING_POLL_MS
      : false,
});

/** My uploads in every state, newest first, a page at a time; followed while any loaded one is still processing. */
export function useMyUploads() {
  return useInfiniteQuery(myUploadsQueryOptions);
}
