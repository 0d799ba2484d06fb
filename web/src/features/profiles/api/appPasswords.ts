import { queryOptions, useQuery } from '@tanstack/react-query';
import type { paths } from '@/api/schema';
import { api, toApiError } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';

type AppPasswordsPath = paths['/api/v1/me/app-passwords'];

/** An app password as listed: never the password itself. */
export type AppPassword = AppPasswordsPath['get']['responses'][200]['content']['application/json']['items'][number];

/** A new app password, with the password in clear: the only time it is shown. */
export type NewAppPassword = AppPasswordsPath['post']['responses'][201]['content']['application/json'];

async function fetchAppPasswords(): Promise<AppPassword[]> {
  const { data, error, response } = await api.GET('/api/v1/me/app-passwords');
  if (data === undefined) throw toApiError(error, response);
  return data.items;
}

export const appPasswordsQueryOptions = queryOptions({
  queryKey: queryKeys.me.appPasswords(),
  queryFn: fetchAppPasswords,
});

/** My app passwords, newest first. */
export function useAppPasswords() {
  return useQuery(appPasswordsQueryOptions);
}

/** Makes an app password named `name` for a Subsonic app. */
export async function createAppPassword(name: string): Promise<NewAppPassword> {
  const { data, error, response } = await api.POST('/api/v1/me/app-passwords', { body: { name } });
  if (data === undefined) throw toApiError(error, response);
  return data;
}

/** Revokes one of my app passwords: the apps that use it are refused from their next request. */
export async function revokeAppPassword(id: string): Promise<void> {
  const { error, response } = await api.DELETE('/api/v1/me/app-passwords/{id}', { params: { path: { id } } });
  if (!response.ok) throw toApiError(error, response);
}
