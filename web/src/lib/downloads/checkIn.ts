import toast from 'react-hot-toast';
import { getOfflineStatus } from './api';
import { flushReleasing, isSessionRefusal } from './grants';
import { forgetLocally } from './manager';
import { downloads, type DownloadedTrack } from './store';
import type { OfflineStatus } from './types';

/** How often the app checks in while it stays open. */
export const CHECK_IN_INTERVAL_MS = 6 * 60 * 60 * 1000;

/**
 * The downloads the server no longer grants: every one not in `status.grants`, except those made
 * after the check-in was asked (`since`), which its answer cannot know about yet.
 */
export function withdrawnDownloads(items: Record<string, DownloadedTrack>, status: OfflineStatus, since: number): DownloadedTrack[] {
  const granted = new Set(status.allowed ? status.grants.map((grant) => grant.track_id) : []);
  return Object.values(items).filter((item) => !granted.has(item.track.id) && Date.parse(item.downloaded_at) < since);
}

/** What the listener is told when downloads were removed because the plan no longer includes them. */
export function withdrawnMessage(withdrawn: readonly DownloadedTrack[]): string {
  const [only] = withdrawn;
  if (withdrawn.length === 1 && only) return `Your plan no longer includes downloads, so ${only.track.title} was removed from this device.`;
  return `Your plan no longer includes these downloads, so ${String(withdrawn.length)} tracks were removed from this device.`;
}

async function runCheckIn(): Promise<void> {
  const { userId } = downloads();
  if (userId === null || !navigator.onLine) return;
  await flushReleasing();
  const since = Date.now();
  let status: OfflineStatus;
  try {
    status = await getOfflineStatus();
  } catch (error) {
    // A refused session is renewed, raised or ended by the session's own handling; the next check-in follows.
    if (!isSessionRefusal(error)) console.error('The offline check-in failed', error);
    return;
  }
  if (downloads().userId !== userId) return;
  downloads().setStatus(status);
  const withdrawn = withdrawnDownloads(downloads().items, status, since);
  if (withdrawn.length === 0) return;
  await forgetLocally(withdrawn.map((item) => item.track.id));
  toast(withdrawnMessage(withdrawn), { id: 'downloads-withdrawn', duration: 8000 });
}

let running: Promise<void> | null = null;
let again = false;

/**
 * Asks the server what the plan allows offline (GET /api/v1/me/offline), remembers its
 * `valid_until`, and deletes the downloads it no longer grants, saying so. Does nothing offline or
 * signed out. Asked while one runs, another follows it, so a plan change is never answered by a
 * check-in that began before it.
 */
export function checkIn(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = runCheckIn().finally(() => {
    running = null;
    if (again) {
      again = false;
      void checkIn();
    }
  });
  return running;
}
