import { onlineManager, QueryClient } from '@tanstack/react-query';
import { isOnline, subscribeToNetwork } from './online';

const minutes = (count: number) => count * 60_000;

let waitingForSession = false;
let updateQueriesOnline: (() => void) | undefined;

/**
 * Queries run while the browser is online and the session, if any, can be used. Offline they
 * wait (their pages say so) and go out when the network returns. React Query assumes it is online
 * until an `offline` event, so a page opened without a network would fail every query instead.
 */
function followNetwork(): void {
  onlineManager.setEventListener((setOnline) => {
    updateQueriesOnline = () => {
      setOnline(isOnline() && !waitingForSession);
    };
    updateQueriesOnline();
    return subscribeToNetwork(updateQueriesOnline);
  });
}

/**
 * Holds every query while the app runs on a stored session the auth client could not renew (it
 * was opened offline): sent before the renewal, they would carry no token and be refused.
 */
export function holdQueriesForSession(hold: boolean): void {
  waitingForSession = hold;
  updateQueriesOnline?.();
}

export function createQueryClient(): QueryClient {
  followNetwork();
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: minutes(5),
        gcTime: minutes(10),
        retry: 1,
        refetchOnWindowFocus: false,
      },
    },
  });
}
