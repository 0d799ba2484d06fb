import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { components } from '@/api/schema';
import { api, ApiError, toApiError } from '@/lib/api';
import { fetchAllPages, pagedQueryOptions } from '@/lib/pages';
import { queryKeys } from '@/lib/queryKeys';
import { withTrackMoved } from '../playlist/moveTrack';
import { reasonOf } from './errors';

export type Playlist = components['schemas']['Playlist'];
export type PlaylistSummary = components['schemas']['PlaylistSummary'];
export type Visibility = components['schemas']['Visibility'];

export interface PlaylistDraft {
  name: string;
  description: string;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

async function fetchPlaylistsPage(cursor: string | undefined, limit?: number) {
  const { data, error, response } = await api.GET('/api/v1/playlists', { params: { query: { cursor, limit } } });
  if (data === undefined) throw toApiError(error, response);
  return data;
}

async function fetchPlaylistPage(id: string, cursor: string | undefined): Promise<Playlist> {
  const { data, error, response } = await api.GET('/api/v1/playlists/{id}', { params: { path: { id }, query: { cursor } } });
  if (data === undefined) throw toApiError(error, response);
  return data;
}

/** Every track of a playlist, its pages read to the end: 'Add to queue' queues them all. */
export async function fetchAllPlaylistTracks(id: string): Promise<Playlist['tracks']> {
  const pages = await fetchAllPages((cursor) => fetchPlaylistPage(id, cursor));
  return pages.flatMap((page) => page.tracks);
}

const playlistsQueryOptions = pagedQueryOptions(queryKeys.playlists.mine(), (cursor) => fetchPlaylistsPage(cursor));

/** The newest `count` of my playlists (at most 100: one page), for places that show only a few. */
function newestPlaylistsQueryOptions(count: number) {
  return queryOptions({
    queryKey: queryKeys.playlists.newest(count),
    queryFn: async () => (await fetchPlaylistsPage(undefined, count)).playlists,
  });
}

function playlistQueryOptions(id: string) {
  return infiniteQueryOptions({
    ...pagedQueryOptions(queryKeys.playlists.detail(id), (cursor) => fetchPlaylistPage(id, cursor)),
    // A public playlist changes in its owner's hands: opening it again shows what it is now.
    staleTime: 0,
    // An unknown id stays unknown; only other failures are worth one more try.
    retry: (failureCount, error) => !isNotFound(error) && failureCount < 1,
  });
}

/** Changes every loaded page of a playlist in the cache (its tracks stay as they are). */
export function changeLoadedPlaylist(queryClient: QueryClient, id: string, change: (playlist: Playlist) => Playlist): void {
  queryClient.setQueryData(playlistQueryOptions(id).queryKey, (loaded) =>
    loaded ? { ...loaded, pages: loaded.pages.map(change) } : loaded,
  );
}

/** My playlists, newest first, a page at a time. */
export function usePlaylists() {
  return useInfiniteQuery(playlistsQueryOptions);
}

/** The newest `count` of my playlists (at most 100). */
export function useNewestPlaylists(count: number) {
  return useQuery(newestPlaylistsQueryOptions(count));
}

/** A playlist as its page shows it: the summary with every track loaded so far and where the next ones start. */
function withLoadedTracks(data: InfiniteData<Playlist>): Playlist {
  const latest = data.pages.at(-1);
  if (!latest) throw new Error('A loaded playlist has at least its first page.');
  return { ...latest, tracks: data.pages.flatMap((page) => page.tracks) };
}

/**
 * One of my playlists, or another user's public one, with its tracks loaded so far ('Load more'
 * reads the next page); another user's private playlist answers 404, like an unknown id.
 */
export function usePlaylist(id: string) {
  return useInfiniteQuery({ ...playlistQueryOptions(id), select: withLoadedTracks });
}

/**
 * Puts a playlist a change answered (with the first page of its tracks) in the cache. When more of
 * its pages are loaded, they are all read again instead, so the page keeps showing as many tracks.
 */
function showPlaylist(queryClient: QueryClient, playlist: Playlist): Promise<void> {
  const { queryKey } = playlistQueryOptions(playlist.id);
  const loaded = queryClient.getQueryData(queryKey);
  if (loaded && loaded.pages.length > 1) return queryClient.invalidateQueries({ queryKey, exact: true });
  queryClient.setQueryData(queryKey, { pages: [playlist], pageParams: [undefined] });
  return Promise.resolve();
}

/** After any change, the lists of playlists and the home page are read again. */
function useRefreshPlaylists() {
  const queryClient = useQueryClient();
  return (playlist?: Playlist) =>
    Promise.all([
      playlist ? showPlaylist(queryClient, playlist) : undefined,
      queryClient.invalidateQueries({ queryKey: queryKeys.playlists.mine() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.home() }),
    ]);
}

async function createPlaylist({ name, description }: PlaylistDraft): Promise<Playlist> {
  const { data, error, response } = await api.POST('/api/v1/playlists', {
    body: { name: name.trim(), description: description.trim() },
  });
  if (data === undefined) throw toApiError(error, response);
  return data;
}

/** Creates a playlist (name required and trimmed, description optional). */
export function useCreatePlaylist() {
  const refresh = useRefreshPlaylists();
  return useMutation({
    mutationFn: createPlaylist,
    onSuccess: (playlist) => refresh(playlist),
  });
}

/** Renames a playlist or changes its description. */
export function useUpdatePlaylist(id: string) {
  const refresh = useRefreshPlaylists();
  return useMutation({
    mutationFn: async ({ name, description }: PlaylistDraft): Promise<Playlist> => {
      const { data, error, response } = await api.PATCH('/api/v1/playlists/{id}', {
        params: { path: { id } },
        body: { name: name.trim(), description: description.trim() },
      });
      if (data === undefined) throw toApiError(error, response);
      return data;
    },
    onSuccess: (playlist) => refresh(playlist),
  });
}

/**
 * Makes a playlist public (any signed-in user opens, plays and follows it) or private again (its
 * followers lose it). A featured playlist shows on my profile to others only when public.
 */
export function useSetPlaylistVisibility(id: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshPlaylists();
  return useMutation({
    mutationFn: async (visibility: Visibility): Promise<Playlist> => {
      const { data, error, response } = await api.PATCH('/api/v1/playlists/{id}', { params: { path: { id } }, body: { visibility } });
      if (data === undefined) throw toApiError(error, response);
      return data;
    },
    onSuccess: (playlist) =>
      Promise.all([refresh(playlist), queryClient.invalidateQueries({ queryKey: queryKeys.me.profile() })]),
    onError: (error) => {
      toast.error(`Failed to update playlist: ${reasonOf(error)}`);
    },
  });
}

export function useDeletePlaylist(id: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshPlaylists();
  return useMutation({
    mutationFn: async () => {
      const { error, response } = await api.DELETE('/api/v1/playlists/{id}', { params: { path: { id } } });
      if (!response.ok) throw toApiError(error, response);
    },
    onSuccess: () =>
      Promise.all([
        // Not read again while its page is still open; a later visit finds it gone.
        queryClient.invalidateQueries({ queryKey: playlistQueryOptions(id).queryKey, refetchType: 'none' }),
        refresh(),
        // A deleted featured playlist is no longer on the profile.
        queryClient.invalidateQueries({ queryKey: queryKeys.me.profile() }),
      ]),
    onError: (error) => {
      toast.error(`Failed to delete playlist: ${reasonOf(error)}`);
    },
  });
}

async function addTrack(playlistId: string, trackId: string): Promise<Playlist> {
  const { data, error, response } = await api.POST('/api/v1/playlists/{id}/tracks', {
    params: { path: { id: playlistId } },
    body: { track_id: trackId },
  });
  if (data === undefined) throw toApiError(error, response);
  return data;
}

/** The playlist a track is added to, as the client knew it before the change. */
export type PlaylistTarget = Pick<PlaylistSummary, 'id' | 'name' | 'track_count' | 'updated_at'>;

/** Whether the playlist's tracks loaded in the cache include this track. */
function isLoadedIn(queryClient: QueryClient, playlistId: string, trackId: string): boolean {
  const loaded = queryClient.getQueryData(playlistQueryOptions(playlistId).queryKey);
  return loaded?.pages.some((page) => page.tracks.some((track) => track.id === trackId)) ?? false;
}

/**
 * Adds a track to a playlist (a track already in it stays once). The server answers the same way
 * whether or not the track was there (adding a track already in a playlist changes nothing), so
 * the toast reads what the client knows: 'Already in …' when the playlist's loaded tracks include
 * it, or when the playlist comes back unchanged (same track count, not touched since the client
 * read it); otherwise 'Added to …'. A failure is only logged: no toast says it.
 */
export function useAddToPlaylist() {
  const queryClient = useQueryClient();
  const refresh = useRefreshPlaylists();
  return useMutation({
    mutationFn: async ({ playlist, trackId }: { playlist: PlaylistTarget; trackId: string }) => {
      const loaded = isLoadedIn(queryClient, playlist.id, trackId);
      const after = await addTrack(playlist.id, trackId);
      const unchanged = after.track_count === playlist.track_count && after.updated_at === playlist.updated_at;
      return { after, already: loaded || unchanged };
    },
    onSuccess: async ({ after, already }) => {
      if (already) toast.success(`Already in ${after.name}`);
      else toast.success(`Added to ${after.name}`);
      await refresh(after);
    },
    onError: (error) => {
      console.error(`Failed to add track to playlist: ${reasonOf(error)}`);
    },
  });
}

export function useRemoveFromPlaylist(playlistId: string) {
  const refresh = useRefreshPlaylists();
  return useMutation({
    mutationFn: async (trackId: string): Promise<Playlist> => {
      const { data, error, response } = await api.DELETE('/api/v1/playlists/{id}/tracks/{track_id}', {
        params: { path: { id: playlistId, track_id: trackId } },
      });
      if (data === undefined) throw toApiError(error, response);
      return data;
    },
    onSuccess: (playlist) => refresh(playlist),
    onError: (error) => {
      toast.error(`Failed to remove track from playlist: ${reasonOf(error)}`);
    },
  });
}

interface TrackMove {
  trackId: string;
  /** The 0-based place in the whole playlist it moves to. */
  position: number;
}

/**
 * Moves one track to another place of the playlist. The loaded tracks move at once and move back
 * on failure; a move to a place not loaded yet shows when the server has answered.
 */
export function useMoveInPlaylist(playlistId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = playlistQueryOptions(playlistId);
  return useMutation({
    mutationFn: async ({ trackId, position }: TrackMove): Promise<Playlist> => {
      const { data, error, response } = await api.PATCH('/api/v1/playlists/{id}/tracks/{track_id}', {
        params: { path: { id: playlistId, track_id: trackId } },
        body: { position },
      });
      if (data === undefined) throw toApiError(error, response);
      return data;
    },
    onMutate: async ({ trackId, position }) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      if (previous) queryClient.setQueryData(queryKey, withTrackMoved(previous, trackId, position));
      return { previous };
    },
    onError: (error, _move, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
      toast.error(`Failed to reorder playlist: ${reasonOf(error)}`);
    },
    onSuccess: (playlist) => showPlaylist(queryClient, playlist),
  });
}
