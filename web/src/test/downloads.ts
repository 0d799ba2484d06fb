import type { DownloadedTrack } from '@/lib/downloads/store';
import type { OfflineStatus } from '@/lib/downloads/types';
import { trackOf } from './fixtures';

/** A Cache Storage in memory: each cache a map of URL path to response. */
export function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const pathOf = (request: RequestInfo | URL) => new URL(request instanceof Request ? request.url : String(request), 'http://localhost').pathname;
  const open = (name: string) => {
    const entries = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, entries);
    return Promise.resolve({
      put: (request: RequestInfo | URL, response: Response) => {
        entries.set(pathOf(request), response);
        return Promise.resolve();
      },
      match: (request: RequestInfo | URL) => Promise.resolve(entries.get(pathOf(request))),
      delete: (request: RequestInfo | URL) => Promise.resolve(entries.delete(pathOf(request))),
    });
  };
  return { caches: { open } as unknown as CacheStorage, entries: (name: string) => stores.get(name) ?? new Map<string, Response>() };
}

/** The status of a Basic listener with `grants`, valid for 30 days from now. */
export function offlineStatusOf(overrides: Partial<OfflineStatus> = {}): OfflineStatus {
  const now = Date.now();
  return {
    plan: 'basic',
    allowed: true,
    quality: 'high',
    limit_secs: 36000,
    used_secs: 0,
    remaining_secs: 36000,
    checked_at: new Date(now).toISOString(),
    valid_until: new Date(now + 30 * 86_400_000).toISOString(),
    grants: [],
    ...overrides,
  };
}

/** A download of the track `id`, made `ageMs` ago. */
export function downloadedOf(id: string, ageMs = 60_000, size = 1000): DownloadedTrack {
  return {
    track: trackOf({ id, title: `Track ${id}` }),
    quality: 'high',
    size,
    downloaded_at: new Date(Date.now() - ageMs).toISOString(),
    has_cover: false,
  };
}
