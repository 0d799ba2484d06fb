import { grantOfflineTracks } from './api';
import { flushReleasing, releaseAllGrants, releaseGrants } from './grants';
import { deleteMedia, readBody, storeAudio, storeCover } from './mediaCache';
import { downloads, keptByAnotherUser } from './store';
import type { OfflineDownload, OfflineDownloads } from './types';

/** The most track ids one grant takes. */
const GRANT_BATCH = 500;

/** What became of the tracks asked for. */
export interface DownloadOutcome {
  downloaded: string[];
  failed: string[];
  cancelled: string[];
}

const controllers = new Map<string, AbortController>();

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';
}

let persistAsked = false;

/** Asks the browser once to keep the downloads when space runs low. */
function askPersistentStorage(): void {
  if (persistAsked || !('storage' in navigator) || typeof navigator.storage.persist !== 'function') return;
  persistAsked = true;
  navigator.storage.persist().catch((error: unknown) => {
    console.error('Persistent storage could not be asked for', error);
  });
}

/** Grants `trackIds` 500 at a time; when one batch is refused, the batches before are released. */
async function grant(trackIds: readonly string[]): Promise<OfflineDownloads> {
  const answers: OfflineDownloads[] = [];
  try {
    for (let start = 0; start < trackIds.length; start += GRANT_BATCH) {
      answers.push(await grantOfflineTracks(trackIds.slice(start, start + GRANT_BATCH)));
    }
  } catch (error) {
    void releaseGrants(answers.flatMap((answer) => answer.downloads.map((download) => download.track.id)));
    throw error;
  }
  const last = answers.at(-1);
  if (!last) throw new Error('Nothing to download.');
  return { status: last.status, downloads: answers.flatMap((answer) => answer.downloads) };
}

/** The track's cover, when it has one and it can be read; a cover that fails leaves the download without one. */
async function fetchCover({ track }: OfflineDownload, signal: AbortSignal): Promise<{ bytes: Uint8Array<ArrayBuffer>; type: string } | null> {
  const url = track.cover_large_url ?? track.cover_url;
  if (!url) return null;
  try {
    const response = await fetch(url, { signal });
    if (!response.ok) return null;
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { bytes, type: response.headers.get('Content-Type') ?? 'image/jpeg' };
  } catch (error) {
    if (isAbort(error)) throw error;
    console.error('The cover could not be downloaded', error);
    return null;
  }
}

/** Fetches one granted track's audio and cover into the cache, then records it; on any failure, nothing of it stays. */
async function downloadOne(download: OfflineDownload, userId: string, signal: AbortSignal): Promise<void> {
  const { track, stream } = download;
  const { setProgress } = downloads();
  try {
    const response = await fetch(stream.url, { signal });
    if (!response.ok) throw new Error(`The audio could not be downloaded (status ${String(response.status)}).`);
    const audio = await readBody(response, (received, total) => {
      setProgress(track.id, { received, total });
    });
    const cover = await fetchCover(download, signal);
    signal.throwIfAborted();
    const contentType = stream.content_type || (response.headers.get('Content-Type') ?? 'audio/mpeg');
    await storeAudio(track.id, audio, contentType);
    if (cover) await storeCover(track.id, cover.bytes, cover.type);
    signal.throwIfAborted();
    if (downloads().userId !== userId) throw new DOMException('The user changed.', 'AbortError');
    downloads().added({
      track,
      quality: stream.quality,
      size: audio.byteLength + (cover?.bytes.byteLength ?? 0),
      downloaded_at: new Date().toISOString(),
      has_cover: cover !== null,
    });
  } catch (error) {
    if (!keptByAnotherUser(track.id, userId)) await deleteMedia(track.id).catch(() => undefined);
    throw error;
  }
}

/**
 * Downloads `trackIds` (those not downloaded or downloading already): one grant for them all, then
 * each signed stream, one at a time, with its progress in the store. A refused grant throws its
 * ApiError (offline_not_in_plan, offline_limit_reached...). Tracks that fail or are cancelled keep
 * nothing and their grants are released.
 */
export async function downloadTracks(trackIds: readonly string[]): Promise<DownloadOutcome> {
  const { userId, items, inFlight, setProgress, settled, setStatus } = downloads();
  if (userId === null) throw new Error('Sign in to download.');
  const wanted = [...new Set(trackIds)].filter((id) => !(id in items) && !(id in inFlight));
  const outcome: DownloadOutcome = { downloaded: [], failed: [], cancelled: [] };
  if (wanted.length === 0) return outcome;
  for (const id of wanted) {
    setProgress(id, { received: 0, total: null });
    controllers.set(id, new AbortController());
  }
  askPersistentStorage();
  let granted: OfflineDownloads;
  try {
    await flushReleasing();
    granted = await grant(wanted);
  } catch (error) {
    settled(wanted);
    for (const id of wanted) controllers.delete(id);
    throw error;
  }
  if (downloads().userId === userId) setStatus(granted.status);
  for (const download of granted.downloads) {
    const id = download.track.id;
    const controller = controllers.get(id);
    try {
      if (!controller || controller.signal.aborted) throw new DOMException('Cancelled.', 'AbortError');
      await downloadOne(download, userId, controller.signal);
      outcome.downloaded.push(id);
    } catch (error) {
      if (isAbort(error)) {
        outcome.cancelled.push(id);
      } else {
        console.error('The track could not be downloaded', error);
        outcome.failed.push(id);
      }
    } finally {
      controllers.delete(id);
      downloads().settled([id]);
    }
  }
  const unfinished = [...outcome.failed, ...outcome.cancelled];
  if (unfinished.length > 0 && downloads().userId === userId) void releaseGrants(unfinished);
  return outcome;
}

/** Stops the downloads of `trackIds` (all of them when not given); what they fetched is not kept. */
export function cancelDownloads(trackIds?: readonly string[]): void {
  for (const [id, controller] of controllers) {
    if (!trackIds || trackIds.includes(id)) controller.abort();
  }
}

/** Forgets `trackIds` on this device: their audio and covers (unless another user here keeps them) and their records. */
export async function forgetLocally(trackIds: readonly string[]): Promise<void> {
  const { userId, forgotten } = downloads();
  forgotten(trackIds);
  await Promise.all(
    trackIds.map(async (id) => {
      if (keptByAnotherUser(id, userId)) return;
      await deleteMedia(id).catch((error: unknown) => {
        console.error('A download could not be deleted', error);
      });
    }),
  );
}

/** Removes downloads: cancelled if under way, deleted here, and their grants ended on the server. */
export async function removeDownloads(trackIds: readonly string[]): Promise<void> {
  cancelDownloads(trackIds);
  const stored = trackIds.filter((id) => id in downloads().items);
  await forgetLocally(stored);
  await releaseGrants(stored);
}

/** Removes every download of the user, here and on the server. */
export async function removeAllDownloads(): Promise<void> {
  cancelDownloads();
  const ids = Object.keys(downloads().items);
  await forgetLocally(ids);
  await releaseAllGrants(ids);
}
