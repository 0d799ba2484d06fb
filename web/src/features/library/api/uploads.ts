import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, toApiError } from '@/lib/api';

/** While an upload is still processing, its status is read again this often. */
const PROCESSING_POLL_MS = 3000;

async function fetchMyUploads() {
  const { data, error, response } = await api.GET('/api/v1/me/tracks');
  if (data === undefined) throw toApiError(error, response);
  return data.tracks;
}

const myUploadsQueryOptions = queryOptions({
  queryKey: ['me', 'tracks'],
  queryFn: fetchMyUploads,
  refetchInterval: (query) =>
    query.state.data?.some((track) => track.status === 'processing') ? PROCESSING_POLL_MS : false,
});

/** My uploads in every state, newest first; followed while any is still processing. */
export function useMyUploads() {
  return useQuery(myUploadsQueryOptions);
}
