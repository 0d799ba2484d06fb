import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, toApiError } from '@/lib/api';
import { followEventStream } from '@/lib/eventStream';
import { queryKeys } from '@/lib/queryKeys';
import { mergeListen, type FriendListen } from '../mergeListen';

async function fetchFriendsActivity(): Promise<FriendListen[]> {
  const { data, error, response } = await api.GET('/api/v1/me/activity/friends');
  if (data === undefined) throw toApiError(error, response);
  return data.items;
}

const friendsActivityQueryOptions = queryOptions({
  queryKey: queryKeys.me.friendsActivity(),
  queryFn: fetchFriendsActivity,
});

/**
 * The 10 latest listens of the people I follow, newest first, kept live: each `friend_listen`
 * event goes on top. After a reconnection the list is read again, for what was missed meanwhile.
 */
export function useFriendsActivity() {
  const queryClient = useQueryClient();
  const { queryKey } = friendsActivityQueryOptions;

  useEffect(() => {
    const controller = new AbortController();
    void followEventStream({
      signal: controller.signal,
      onConnect: (reconnected) => {
        if (reconnected) void queryClient.invalidateQueries({ queryKey });
      },
      onEvent: ({ event, data }) => {
        if (event !== 'friend_listen') return;
        try {
          const listen = JSON.parse(data) as FriendListen;
          queryClient.setQueryData(queryKey, (items = []) => mergeListen(items, listen));
        } catch (error) {
          console.error('An unreadable friend_listen event was skipped', error);
        }
      },
    });
    return () => {
      controller.abort();
    };
  }, [queryClient, queryKey]);

  return useQuery(friendsActivityQueryOptions);
}
