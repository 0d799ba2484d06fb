import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { components } from '@/api/schema';
import { api, ApiError, toApiError } from '@/lib/api';
import { reasonOf } from './errors';

export type Playlist = components['schemas']['Playlist'];
export type PlaylistSummary = components['schemas']['PlaylistSummary'];
type Track = components['schemas']['Track'];

export interface PlaylistDraft {
  name: string;
  description: string;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

async function fetchPlaylists(): Promise<PlaylistSummary[]> {
  const { data, error, response } = await api.GET('/api/v1/playlists');
  if (data === undefined) throw toApiError(error, response);
  return data.playlists;
}

async function fetchPlaylist(id: string): Promise<Playlist> {
  const { data, error, response } = await api.GET('/api/v1/playlists/{id}', { params: { path: { id } } });
  if (data === undefined) throw toApiError(error, response);
  return data;
}

const playlistsKey = ['playlists'] as const;

const playlistsQueryOptions = queryOptions({
  queryKey: [...playlistsKey, 'mine'],
  queryFn: fetchPlaylists,
});

function playlistQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...playlistsKey, 'detail', id],
    queryFn: () => fetchPlaylist(id),
    // An unknown id stays unknown; only other failures are worth one more try.
    retry: (failureCount, error) => !isNotFound(error) && failureCount < 1,
  });
}

/** My playlists, newest first. */
export function usePlaylists() {
  return useQuery(playlistsQueryOptions);
}

/** One of my playlists with its tracks; another user's id answers 404. */
export function usePlaylist(id: string) {
  return useQuery(playlistQueryOptions(id));
}

/** After any change, the lists of playlists and the home page are read again. */
function useRefreshPlaylists() {
  const queryClient = useQueryClient();
  return (playlist?: Playlist) => {
    if (playlist) queryClient.setQueryData(playlistQueryOptions(playlist.id).queryKey, playlist);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: playlistsQueryOptions.queryKey }),
      queryClient.invalidateQueries({ queryKey: ['home'] }),
    ]);
  };
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
        queryClient.invalidateQueries({ queryKey: ['me', 'profile'] }),
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

/** Adds a track to a playlist (a track already in it stays once). Failures are only logged, as SPEC says. */
export function useAddToPlaylist() {
  const refresh = useRefreshPlaylists();
  return useMutation({
    mutationFn: ({ playlist, trackId }: { playlist: Pick<PlaylistSummary, 'id' | 'name'>; trackId: string }) =>
      addTrack(playlist.id, trackId),
    onSuccess: async (playlist) => {
      toast.success(`Added to ${playlist.name}`);
      await refresh(playlist);
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

/** Puts the playlist's tracks in a new order; the list moves at once and moves back on failure. */
export function useReorderPlaylist(playlistId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = playlistQueryOptions(playlistId);
  return useMutation({
    mutationFn: async (tracks: Track[]): Promise<Playlist> => {
      const { data, error, response } = await api.PUT('/api/v1/playlists/{id}/tracks', {
        params: { path: { id: playlistId } },
        body: { track_ids: tracks.map((track) => track.id) },
      });
      if (data === undefined) throw toApiError(error, response);
      return data;
    },
    onMutate: async (tracks) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      if (previous) queryClient.setQueryData(queryKey, { ...previous, tracks });
      return { previous };
    },
    onError: (error, _tracks, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
      toast.error(`Failed to reorder playlist: ${reasonOf(error)}`);
    },
    onSuccess: (playlist) => {
      queryClient.setQueryData(queryKey, playlist);
    },
  });
}
