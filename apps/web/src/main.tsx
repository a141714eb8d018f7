import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { ErrorBoundary } from './app/error-boundary.tsx';
import { trackLastActivated } from './lib/last-activated.ts';
import { preloadServerRenderedPage } from './app/entry-pages.ts';
import { createQueryClient } from './lib/query-client.ts';
import { afterFirstPage, setServerRendered } from './lib/server-rendered.ts';
import { afterPageLoad } from './lib/after-load.ts';
import { trackingRefused } from './lib/analytics-queue.ts';
import { getRestaurantId } from './lib/restaurant-id.ts';
import { useAuthStore } from './stores/auth-store.ts';
import { selectCartCount, useCartStore } from './stores/cart-store.ts';
import { selectWholesaleCartCount, useWholesaleCartStore } from './stores/wholesale-cart-store.ts';
import './styles.css';

trackLastActivated();

// A page the server rendered (decision 0077) carries the queries it was rendered from with their
// answers (0083). The app's first render starts from them and waits for the page's code, so it
// shows what the server's markup shows, and for a visitor who is not signed in and has empty carts
// (the visitor the server renders for) it adopts the markup (hydration) instead of building it
// again. For anyone else, or when the page's code fails to load, the first render replaces the
// markup.
const queryClient = createQueryClient();
const serverQueries = document.getElementById('kusina-state')?.textContent;
let ready: Promise<boolean> = Promise.resolve(false);
if (serverQueries) {
  setServerRendered(true);
  ready = Promise.resolve()
    .then(() =>
      Promise.all([
        ...(JSON.parse(serverQueries) as [readonly unknown[], unknown][]).map(([queryKey, answer]) => queryClient.setQueryData(queryKey, answer)),
        preloadServerRenderedPage(location.pathname),
      ]),
    )
    .then(
      () => {
        const { user } = useAuthStore.getState();
        return !user && selectCartCount(useCartStore.getState()) === 0 && selectWholesaleCartCount(useWholesaleCartStore.getState()) === 0;
      },
      () => false,
    );
}

// The first render is a transition: React builds the app in slices, yielding to the browser
// between them, instead of one long task (0055).
const app = (
  <StrictMode>
    <ErrorBoundary>
      <App queryClient={queryClient} />
    </ErrorBoundary>
  </StrictMode>
);
const render = (hydrate: boolean) =>
  startTransition(() => {
    const container = document.getElementById('root')!;
    if (hydrate) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
// index.html's frame paints first (decision 0055), then the app renders: when the code is already
// there (cached, preloaded), its first render would otherwise hold up the first paint. A hidden
// tab has no frames to wait for.
void ready.then((hydrate) => {
  if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(() => render(hydrate), 0));
  else render(hydrate);
});

// The shell, the menu and the last confirmation keep working offline (public/service-worker.js).
// Its install downloads the pages promised offline with all their code (about 60 requests): it
// waits until the first page is on screen and adopted, the page has loaded, and the page's own
// requests (its live connection's, the code it fetches once idle) have gone quiet, so a first
// visit's precaching never competes with the page being shown (decision 0083).
// Analytics (decision 0117): the client loads once the first page is shown and the browser is idle,
// so it is never part of a route's first download; a browser that asks not to be tracked never loads it.
if (!trackingRefused()) {
  afterFirstPage(() => afterPageLoad(() => void import('./lib/analytics.ts').then((m) => m.startAnalyticsClient()).catch(() => undefined)));
}

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  afterFirstPage(() => afterPageLoad(() => void navigator.serviceWorker.register(`/service-worker.js?restaurant=${getRestaurantId()}`).catch(() => undefined)));
}
