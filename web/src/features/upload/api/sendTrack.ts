import type { components } from '@/api/schema';
import { toApiError } from '@/lib/api';
import { auth } from '@/lib/auth';

export type Track = components['schemas']['Track'];

export interface TrackUpload {
  audio: File;
  cover: File | null;
  title: string;
  artist: string;
  album: string;
  genre: string;
}

function formDataOf(upload: TrackUpload): FormData {
  const form = new FormData();
  form.append('title', upload.title);
  form.append('artist', upload.artist);
  if (upload.album !== '') form.append('album', upload.album);
  if (upload.genre !== '') form.append('genre', upload.genre);
  form.append('audio', upload.audio, upload.audio.name);
  if (upload.cover) form.append('cover', upload.cover, upload.cover.name);
  return form;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Sends a track to `POST /api/v1/tracks`, reporting the bytes sent as they go. fetch() cannot
 * report upload progress, so this is the one call made with XMLHttpRequest; it carries the same
 * bearer token as the API client. Resolves with the new track (status `processing`); rejects
 * with an ApiError carrying the server's message, or a TypeError when the network failed.
 */
export async function sendTrack(upload: TrackUpload, onProgress: (sent: number, total: number) => void): Promise<Track> {
  const { data } = await auth.getSession();
  const token = data.session?.access_token;
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/v1/tracks');
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    request.onload = () => {
      const body = parsed(request.responseText);
      if (request.status === 201) resolve(body as Track);
      else reject(toApiError(body, new Response(null, { status: request.status })));
    };
    request.onerror = () => {
      reject(new TypeError('The upload could not reach the server.'));
    };
    request.send(formDataOf(upload));
  });
}
