import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { baseUrl, chromiumArgs, visible } from './browser';
import { chromiumPath } from './chromium';

/**
 * Chromium for the listening journeys: like the shared launcher, but audio may start without a
 * click first (a headless browser otherwise refuses some `play()` calls the journeys make).
 */
export function launchListeningBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumArgs, '--autoplay-policy=no-user-gesture-required'],
  });
}

/** The access token of the user signed in on `page`. */
export async function accessTokenOf(page: Page): Promise<string> {
  const stored = await page.evaluate(() => localStorage.getItem('backbeat-auth'));
  if (!stored) throw new Error('no session in localStorage under backbeat-auth');
  return (JSON.parse(stored) as { access_token: string }).access_token;
}

async function api<T>(page: Page, path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${await accessTokenOf(page)}`);
  const response = await fetch(`${baseUrl}${path}`, { ...init, headers });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** The compact player at the bottom of the signed-in area. */
export function playerBar(page: Page): Locator {
  return page.getByRole('region', { name: 'Player' });
}

/** Waits until the player bar shows `title` as the current track. */
export async function nowPlayingIs(page: Page, title: string): Promise<void> {
  await visible(playerBar(page).getByRole('link', { name: title, exact: true }));
}

/** The state of the app's audio element that plays (the other one preloads AutoMix sources). */
export function audioState(page: Page): Promise<{ paused: boolean; currentTime: number; src: string }> {
  return page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>('audio[data-active]') ?? document.querySelector('audio');
    if (!audio) throw new Error('no audio element');
    return { paused: audio.paused, currentTime: audio.currentTime, src: audio.currentSrc };
  });
}

/** Waits until the audio element that plays is playing and has moved past `seconds`. */
export async function audioPlaysPast(page: Page, seconds: number): Promise<void> {
  await page.waitForFunction(
    (past) => {
      const audio = document.querySelector<HTMLAudioElement>('audio[data-active]') ?? document.querySelector('audio');
      return audio !== null && !audio.paused && audio.currentTime > past;
    },
    seconds,
    { timeout: 15_000 },
  );
}

/** What the player keeps in localStorage under 'music-player-storage'. */
export async function storedPlayer(page: Page): Promise<Record<string, unknown>> {
  const stored = await page.evaluate(() => localStorage.getItem('music-player-storage'));
  if (!stored) throw new Error("nothing stored under 'music-player-storage'");
  return (JSON.parse(stored) as { state: Record<string, unknown> }).state;
}

/** Creates a playlist holding `trackIds` through the API, as the user signed in on `page`; returns its id. */
export async function createPlaylist(page: Page, name: string, trackIds: readonly string[]): Promise<string> {
  const json = { 'Content-Type': 'application/json' };
  const { id } = await api<{ id: string }>(page, '/api/v1/playlists', { method: 'POST', headers: json, body: JSON.stringify({ name }) });
  for (const trackId of trackIds) {
    await api(page, `/api/v1/playlists/${id}/tracks`, { method: 'POST', headers: json, body: JSON.stringify({ track_id: trackId }) });
  }
  return id;
}

/** Likes a track through the API, as the user signed in on `page`. */
export async function likeTrack(page: Page, trackId: string): Promise<void> {
  await api(page, `/api/v1/tracks/${trackId}/like`, { method: 'PUT' });
}

/** The title of the current track as the player stored it; null when none. */
export async function storedTitle(page: Page): Promise<string | null> {
  const { currentTrack } = await storedPlayer(page);
  return (currentTrack as { title: string } | null)?.title ?? null;
}

/** Searches Explore for the artist and plays `title` from the results, which become the queue. */
export async function playFromExplore(page: Page, artist: string, title: string): Promise<void> {
  await page.goto(`${baseUrl}/explore?q=${encodeURIComponent(artist)}`);
  const results = page.getByRole('list', { name: `Results for "${artist}"` });
  await results.getByRole('button', { name: `Play ${title}` }).click();
  await nowPlayingIs(page, title);
  await audioPlaysPast(page, 0.2);
}

/** The titles Explore lists for the artist, in its order (the queue's order when one is played). */
export async function exploreOrder(page: Page, artist: string, count: number): Promise<string[]> {
  await page.goto(`${baseUrl}/explore?q=${encodeURIComponent(artist)}`);
  const rows = page.getByRole('list', { name: `Results for "${artist}"` }).getByRole('listitem');
  await visible(rows.nth(count - 1));
  return rows.evaluateAll((items) => items.map((item) => item.querySelector('a')?.textContent ?? ''));
}

/** The ids of the tracks whose playback start the page reports (POST /api/v1/tracks/{id}/plays), as they happen. */
export function playStartsReported(page: Page): string[] {
  const reported: string[] = [];
  page.on('request', (request) => {
    const match = /^\/api\/v1\/tracks\/([^/]+)\/plays$/.exec(new URL(request.url()).pathname);
    if (request.method() === 'POST' && match?.[1]) reported.push(match[1]);
  });
  return reported;
}

/** What the page tells the system's media controls. */
export function mediaSession(page: Page): Promise<{ title: string | undefined; artist: string | undefined; playbackState: string }> {
  return page.evaluate(() => ({
    title: navigator.mediaSession.metadata?.title,
    artist: navigator.mediaSession.metadata?.artist,
    playbackState: navigator.mediaSession.playbackState,
  }));
}
