import { useSyncExternalStore } from 'react';

/** Calls `onChange` whenever the browser goes offline or comes back; returns how to stop. */
export function subscribeToNetwork(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser has a network connection now. */
export function isOnline(): boolean {
  return navigator.onLine;
}

/** Whether the browser has a network connection, updated as it goes offline and comes back. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeToNetwork, isOnline, () => true);
}
