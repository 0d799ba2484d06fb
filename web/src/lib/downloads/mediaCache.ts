import { DOWNLOADS_CACHE, offlineAudioPath, offlineCoverPath } from './keys';

/** Reads `response`'s body, telling `onProgress` the bytes received so far and the total when known. */
export async function readBody(
  response: Response,
  onProgress: (received: number, total: number | null) => void,
): Promise<Uint8Array<ArrayBuffer>> {
  const length = Number(response.headers.get('Content-Length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const reader = response.body?.getReader();
  if (!reader) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    onProgress(bytes.byteLength, total);
    return bytes;
  }
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received, total);
  }
  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The bytes as a stored response, with the headers the service worker's range answers need. */
function storedResponse(bytes: Uint8Array<ArrayBuffer>, contentType: string): Response {
  return new Response(bytes, {
    status: 200,
    headers: { 'Content-Type': contentType, 'Content-Length': String(bytes.byteLength) },
  });
}

export async function storeAudio(trackId: string, bytes: Uint8Array<ArrayBuffer>, contentType: string): Promise<void> {
  const cache = await caches.open(DOWNLOADS_CACHE);
  await cache.put(offlineAudioPath(trackId), storedResponse(bytes, contentType));
}

export async function storeCover(trackId: string, bytes: Uint8Array<ArrayBuffer>, contentType: string): Promise<void> {
  const cache = await caches.open(DOWNLOADS_CACHE);
  await cache.put(offlineCoverPath(trackId), storedResponse(bytes, contentType));
}

/** Deletes a track's audio and cover; what is not there is skipped. */
export async function deleteMedia(trackId: string): Promise<void> {
  const cache = await caches.open(DOWNLOADS_CACHE);
  await Promise.all([cache.delete(offlineAudioPath(trackId)), cache.delete(offlineCoverPath(trackId))]);
}
