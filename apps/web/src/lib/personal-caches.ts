/**
 * The service worker's caches that hold a person's data (public/service-worker.js keeps the last
 * order confirmation: its name, phone and items, for offline). They go on sign-out, so the next
 * person at this browser finds none of it (issue #33, decision 0084). The names must match the
 * worker's; the offline e2e test reads the cache after a sign-out.
 */
const PERSONAL_CACHES = ['kusina-last-order-v1'] as const;

export async function forgetPersonalCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(PERSONAL_CACHES.map((name) => caches.delete(name).catch(() => false)));
}
