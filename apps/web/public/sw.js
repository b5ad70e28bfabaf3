/*
 * Bourse service worker (hand-written, no build step).
 * - Caches the app shell (index.html, the entry script and stylesheet it references, manifest, icons).
 * - Navigations are network-first, so a deployment is picked up at once; the cached shell is the
 *   offline fallback.
 * - Hashed build assets are cache-first (their names change when their content does).
 * - Never touches /api/ or /sandbox/: account data, quotes and payments must always be live.
 * Each build stamps its id below (vite.config.ts), so a deployment changes this file and the browser
 * installs the new worker, which waits until the user accepts the update (the page then posts
 * SKIP_WAITING).
 */
const VERSION = '__BOURSE_BUILD_ID__';
const CACHE_PREFIX = 'bourse-shell-';
const CACHE_NAME = CACHE_PREFIX + VERSION;
const SHELL = ['./', './index.html', './manifest.webmanifest', './icons/icon-192.png', './icons/icon-512.png'];

function isUncacheable(url) {
  return url.origin !== self.location.origin || url.pathname.includes('/api/') || url.pathname.includes('/sandbox/');
}

async function precacheShell() {
  const cache = await caches.open(CACHE_NAME);
  await cache.addAll(SHELL);
  const page = await cache.match('./index.html');
  if (!page) return;
  const html = await page.text();
  const assets = Array.from(html.matchAll(/(?:src|href)="(\.?\/?assets\/[^"]+)"/g), (match) => match[1]);
  await cache.addAll(assets);
}

async function removeOldCaches() {
  const names = await caches.keys();
  await Promise.all(
    names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME).map((name) => caches.delete(name)),
  );
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE_NAME);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put('./index.html', response.clone());
    return response;
  } catch (error) {
    const cached = (await cache.match('./index.html')) || (await cache.match('./'));
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE_NAME);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function staleWhileRevalidate(request) {
  const cache = await caches.open(CACHE_NAME);
  const cached = await cache.match(request);
  const refresh = fetch(request)
    .then((response) => {
      if (response.ok) void cache.put(request, response.clone());
      return response;
    })
    .catch(() => cached);
  return cached || refresh;
}

self.addEventListener('install', (event) => {
  event.waitUntil(precacheShell());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(removeOldCaches().then(() => self.clients.claim()));
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (isUncacheable(url)) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request));
  } else if (url.pathname.includes('/assets/')) {
    event.respondWith(cacheFirst(request));
  } else {
    event.respondWith(staleWhileRevalidate(request));
  }
});
