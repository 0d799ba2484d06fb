import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { createPartialResponse } from 'workbox-range-requests';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope;

/** Where the page keeps downloaded audio and covers, under /offline-media/audio|cover/{trackId}. */
const DOWNLOADS_CACHE = 'backbeat-downloads';

/** Paths the server answers itself: a navigation to one of them must reach it, never the app. */
const SERVER_PATHS = [
  /^\/api\//,
  /^\/auth\//,
  /^\/media\//,
  /^\/rest\//,
  /^\/checkout\//,
  /^\/\.well-known\//,
  /^\/(healthz|readyz|metrics)$/,
];

// The build's files, one version at a time: a new worker downloads its own set while the old one
// keeps serving the old set, and the old entries are dropped when the new worker takes over.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every page of the app is the one index.html, so every route opens without a network. API and
// auth requests have no route here: they always go to the network and are never cached.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: SERVER_PATHS }));

// Downloaded music plays from Cache Storage only; an <audio> element asks for byte ranges when it
// seeks, so a Range request gets the 206 slice it asked for.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/offline-media/'),
  async ({ request }) => {
    const cache = await caches.open(DOWNLOADS_CACHE);
    const stored = await cache.match(request.url);
    if (!stored) return new Response('This track is not downloaded.', { status: 404, statusText: 'Not Found' });
    return request.headers.has('range') ? createPartialResponse(request, stored) : stored;
  },
);

// The page asks a waiting worker to take over when the listener chooses to reload (the update
// toast); it never does so on its own, so an open page keeps the version it started with.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The first worker controls the page that installed it, so downloads play without a reload.
clientsClaim();
