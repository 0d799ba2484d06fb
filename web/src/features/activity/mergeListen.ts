import type { components } from '@/api/schema';

export type FriendListen = components['schemas']['FriendListen'];

/** Friends Activity shows this many listens. */
const FRIENDS_ACTIVITY_SIZE = 10;

/** The list with a listen that just arrived on top: no duplicate, at most the 10 newest. */
export function mergeListen(items: readonly FriendListen[], listen: FriendListen): FriendListen[] {
  return [listen, ...items.filter((item) => item.id !== listen.id)].slice(0, FRIENDS_ACTIVITY_SIZE);
}
