/* SyncTrade's service worker: keeps the app's shell available offline and never stores an API answer or a token.
 *
 * - Pages (navigations): the network first; offline, the last shell page stored (every page is the same shell).
 * - Built files whose names carry a content hash: from the cache once stored (they never change).
 * - The shell's other files (runtime config, remote list, remote entries and manifests, icons): the network
 *   first, the stored copy when offline.
 * - The API, the live feed, other origins, anything but GET, and any request carrying credentials: never handled
 *   here, so they go to the network as if there were no worker.
 */
// Plain JavaScript: the browser loads it as it is, from the root, outside the bundles (it cannot import them).
'use strict';

const CACHE_PREFIX = 'synctrade-shell-';
// A new version of this file empties the caches of the old one on activation.
const CACHE = `${CACHE_PREFIX}v1`;
const SHELL_KEY = '/index.html';
const HASHED = /[.-][0-9a-f]{8,}\.(?:js|css|woff2?|png|svg|jpg|webp)$/;

/**
 * How a request is served: `network-only` (not handled), `cache-first`, `network-first` or `page`.
 * Exposed on the worker's global so a test can ask it.
 */
function routeOf(request, origin) {
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== origin) return 'network-only';
  if (request.headers.get('authorization') !== null) return 'network-only';
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/ws/') || url.pathname === '/metrics')
    return 'network-only';
  if (request.mode === 'navigate') return 'page';
  if (HASHED.test(url.pathname)) return 'cache-first';
  return 'network-first';
}

async function fromCacheFirst(request) {
  const cache = await caches.open(CACHE);
  const stored = await cache.match(request);
  if (stored) return stored;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function fromNetworkFirst(request, key) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const stored = await cache.match(key);
    if (stored) return stored;
    throw error;
  }
}

function respond(request, origin) {
  switch (routeOf(request, origin)) {
    case 'page':
      return fromNetworkFirst(request, SHELL_KEY);
    case 'cache-first':
      return fromCacheFirst(request);
    case 'network-first':
      return fromNetworkFirst(request, request);
    default:
      return null;
  }
}

self.swRouteOf = routeOf;
self.swRespond = respond;

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith(CACHE_PREFIX) && key !== CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const answer = respond(event.request, self.location.origin);
  if (answer !== null) event.respondWith(answer);
});
