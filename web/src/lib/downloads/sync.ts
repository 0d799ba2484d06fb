import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect } from 'react';
import { checkIn, CHECK_IN_INTERVAL_MS } from './checkIn';
import { cancelDownloads } from './manager';
import { sendOfflinePlays } from './offlinePlays';
import { downloads } from './store';

/**
 * Keeps `userId`'s downloads: reads them from storage, checks in with the server at once, when the
 * network returns and every 6 hours, and sends the plays made offline at once and when the network
 * returns. Signing out (null) stops the downloads under way.
 */
export function useDownloadsSync(userId: string | null): void {
  const queryClient = useQueryClient();

  // Before any effect: the audio engine's reads the downloads as it binds.
  useLayoutEffect(() => {
    if (downloads().userId !== userId) downloads().setUser(userId);
    return () => {
      downloads().setUser(null);
    };
  }, [userId]);

  useEffect(() => {
    if (userId === null) return;
    const reconnect = () => {
      void checkIn();
      void sendOfflinePlays(queryClient);
    };
    reconnect();
    window.addEventListener('online', reconnect);
    const timer = setInterval(() => {
      void checkIn();
    }, CHECK_IN_INTERVAL_MS);
    return () => {
      window.removeEventListener('online', reconnect);
      clearInterval(timer);
      cancelDownloads();
    };
  }, [userId, queryClient]);
}
