import { ApiError } from '@/lib/api';
import { removeAllOfflineTracks, removeOfflineTrack } from './api';
import { downloads } from './store';

/**
 * Whether the session was refused (401, or 403 while it still owes its second factor): the
 * session is renewed or raised elsewhere, and the call may then succeed.
 */
export function isSessionRefusal(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/** Whether a failed call may succeed later: no answer (offline), a refused session, a timeout, throttling or a server error. */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return isSessionRefusal(error) || error.status >= 500 || error.status === 408 || error.status === 429;
}

/** Ends the grants of `trackIds` on the server; those it cannot reach now are kept to be sent later. */
export async function releaseGrants(trackIds: readonly string[]): Promise<void> {
  const unsent: string[] = [];
  for (const trackId of trackIds) {
    try {
      await removeOfflineTrack(trackId);
    } catch (error) {
      if (isTransient(error)) unsent.push(trackId);
      else console.error('The download could not be released', error);
    }
  }
  const { releasing, setReleasing } = downloads();
  const sent = new Set(trackIds.filter((id) => !unsent.includes(id)));
  setReleasing([...releasing.filter((id) => !sent.has(id)), ...unsent]);
}

/** Ends every grant of the user; when the server cannot be reached, `trackIds` are released later one by one. */
export async function releaseAllGrants(trackIds: readonly string[]): Promise<void> {
  try {
    await removeAllOfflineTracks();
    downloads().setReleasing([]);
  } catch (error) {
    if (!isTransient(error)) {
      console.error('The downloads could not be released', error);
      return;
    }
    const { releasing, setReleasing } = downloads();
    setReleasing([...releasing, ...trackIds]);
  }
}

/** Sends the removals made while the server could not be reached. */
export async function flushReleasing(): Promise<void> {
  const { releasing } = downloads();
  if (releasing.length > 0) await releaseGrants(releasing);
}
