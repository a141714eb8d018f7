/*
 * Kusina's service worker (storefront offline and resilience, issue #23; decision 0042).
 *
 * - The shell (index.html, the entry code and styles) and the pages promised offline (home, menu,
 *   merchandise, cart, checkout, the order confirmation) with their code are precached at install;
 *   the build writes the list and a build id below (apps/web/vite.config.ts, `serviceWorker`).
 * - Pages (navigations) go to the network first; offline, the cached shell answers and the app
 *   shows its offline notice.
 * - Hashed assets are cache-first (their names change with their content); images and the manifest
 *   are served from the cache and refreshed in the background.
 * - The API is network-only except what a customer needs offline: the restaurant, the site
 *   settings, the menu and the shop (network first, the last copy offline), and the customer's
 *   last order confirmation (only the most recent one is kept).
 * - Nothing else is cached: sign-in, checkout, payments and the back office always need the network.
 */
const BUILD_ID = '__KUSINA_BUILD_ID__';
const PRECACHE = /** @type {string[]} */ (JSON.parse('__KUSINA_PRECACHE__'));
const SHELL_CACHE = `kusina-shell-${BUILD_ID}`;
const RUNTIME_CACHE = 'kusina-runtime-v1';
const DATA_CACHE = 'kusina-data-v1';
const ORDER_CACHE = 'kusina-last-order-v1';
const KEEP = new Set([SHELL_CACHE, RUNTIME_CACHE, DATA_CACHE, ORDER_CACHE]);

const OFFLINE_DATA = [/^\/api\/v1\/menu$/, /^\/api\/v1\/restaurants\/\d+$/, /^\/api\/v1\/admin\/site_settings$/, /^\/api\/v1\/merchandise_items$/, /^\/api\/v1\/merchandise_collections$/];
const ORDER_DETAIL = /^\/api\/v1\/orders\/\d+$/;

/*
 * The restaurant this site serves (the page registers /service-worker.js?restaurant=N): its menu,
 * record and site settings are fetched at install, so one visit is enough for the menu to open
 * offline. The URLs are the ones the app's fetchers ask for (apps/web/src/lib/restaurant.ts and
 * lib/menu.ts); the offline e2e test fails if they drift apart.
 */
const RESTAURANT = new URL(self.location.href).searchParams.get('restaurant');
const RESTAURANT_DATA = /^\d{1,10}$/.test(RESTAURANT ?? '')
  ? [`/api/v1/menu?restaurant_id=${RESTAURANT}`, `/api/v1/restaurants/${RESTAURANT}?include_settings=true`, `/api/v1/admin/site_settings?restaurant_id=${RESTAURANT}`]
  : [];

self.addEventListener('install', (event) => {
  event.waitUntil(
    Promise.all([
      caches.open(SHELL_CACHE).then((cache) => cache.addAll(PRECACHE)),
      // Data is a bonus at install: a failure here must not keep the shell from installing.
      caches.open(DATA_CACHE).then((cache) => Promise.allSettled(RESTAURANT_DATA.map((url) => cache.add(url)))),
    ]).then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('kusina-') && !KEEP.has(name)).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

/** The network's answer, kept in `cacheName` when it is a full success. */
async function fetchAndKeep(request, cacheName) {
  const response = await fetch(request);
  if (response.ok && response.status === 200) {
    const copy = response.clone();
    void caches.open(cacheName).then((cache) => cache.put(request, copy));
  }
  return response;
}

async function networkFirst(request, cacheName) {
  try {
    return await fetchAndKeep(request, cacheName);
  } catch (error) {
    const cached = await caches.match(request, { cacheName, ignoreVary: true });
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  return cached ?? fetchAndKeep(request, RUNTIME_CACHE);
}

async function staleWhileRevalidate(request) {
  const cached = await caches.match(request);
  const fresh = fetchAndKeep(request, RUNTIME_CACHE).catch(() => cached);
  return cached ?? fresh;
}

/** A page: the network, or offline the cached shell (the app routes on the client). */
async function page(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = (await caches.match('/', { cacheName: SHELL_CACHE })) ?? (await caches.match('/'));
    if (shell) return shell;
    throw error;
  }
}

/** The customer's last confirmation: only the newest one is kept. */
async function lastOrder(request) {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const copy = response.clone();
      const cache = await caches.open(ORDER_CACHE);
      await Promise.all((await cache.keys()).map((key) => cache.delete(key)));
      await cache.put(request, copy);
    }
    return response;
  } catch (error) {
    const cached = await caches.match(request, { cacheName: ORDER_CACHE, ignoreVary: true });
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const path = url.pathname;

  if (request.mode === 'navigate') {
    event.respondWith(page(request));
  } else if (path.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
  } else if (path.startsWith('/images/') || path.startsWith('/uploads/') || path === '/favicon.svg' || path === '/manifest.webmanifest') {
    event.respondWith(staleWhileRevalidate(request));
  } else if (OFFLINE_DATA.some((pattern) => pattern.test(path))) {
    // The admin views of the shop (hidden items) are never kept.
    if (url.searchParams.has('admin') || url.searchParams.has('show_all')) return;
    event.respondWith(networkFirst(request, DATA_CACHE));
  } else if (ORDER_DETAIL.test(path)) {
    event.respondWith(lastOrder(request));
  }
});
