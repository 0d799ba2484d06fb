import type { Page } from 'playwright-core';
import { baseUrl } from './browser';
import { toneWav } from './media';

interface TrackFields {
  title: string;
  artist: string;
  album?: string;
  genre?: string;
  seconds?: number;
}

async function accessToken(page: Page): Promise<string> {
  const stored = await page.evaluate(() => localStorage.getItem('backbeat-auth'));
  if (!stored) throw new Error('no session in localStorage under backbeat-auth');
  return (JSON.parse(stored) as { access_token: string }).access_token;
}

/**
 * Uploads a generated track as the user signed in on `page`, straight to the API of the server
 * at `origin` (the upload
 * form has journeys of its own), and waits until it is ready to stream. Resolves with its id.
 */
export async function uploadReadyTrack(
  page: Page,
  { title, artist, album, genre, seconds = 3 }: TrackFields,
  origin = baseUrl,
): Promise<string> {
  const authorization = `Bearer ${await accessToken(page)}`;
  const form = new FormData();
  form.append('audio', new Blob([new Uint8Array(toneWav({ seconds }))], { type: 'audio/wav' }), `${title}.wav`);
  form.append('title', title);
  form.append('artist', artist);
  if (album) form.append('album', album);
  if (genre) form.append('genre', genre);
  const created = await fetch(`${origin}/api/v1/tracks`, { method: 'POST', headers: { authorization }, body: form });
  if (created.status !== 201) throw new Error(`upload answered ${created.status}: ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };

  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await fetch(`${origin}/api/v1/tracks/${id}`, { headers: { authorization } });
    const { status } = (await response.json()) as { status: string };
    if (status === 'ready') return id;
    if (status === 'failed' || Date.now() > deadline) throw new Error(`track ${id} is ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
