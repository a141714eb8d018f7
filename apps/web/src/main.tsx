import { startTransition, StrictMode } from 'react';
import { reactDom } from './react-first.ts';
import { App } from './app/app.tsx';
import { ErrorBoundary } from './app/error-boundary.tsx';
import { trackLastActivated } from './lib/last-activated.ts';
import { preloadServerRenderedPage } from './app/lazy-pages.ts';
import { api } from './lib/api-client.ts';
import { createQueryClient } from './lib/query-client.ts';
import { setServerRendered } from './lib/server-rendered.ts';
import { getRestaurantId } from './lib/restaurant-id.ts';
import { useAuthStore } from './stores/auth-store.ts';
import { selectCartCount, useCartStore } from './stores/cart-store.ts';
import { selectWholesaleCartCount, useWholesaleCartStore } from './stores/wholesale-cart-store.ts';
import './styles.css';

trackLastActivated();

// The shell, the menu and the last confirmation keep working offline (public/service-worker.js).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  addEventListener('load', () => void navigator.serviceWorker.register(`/service-worker.js?restaurant=${getRestaurantId()}`).catch(() => undefined));
}

// A page the server rendered (decision 0077) names the queries it was rendered from; their answers
// were preloaded with the page. The app's first render waits for them and for the page's code, so
// it shows what the server's markup shows, and for a visitor who is not signed in and has empty
// carts (the visitor the server renders for) it adopts the markup (hydration) instead of building
// it again. For anyone else, or when an answer fails, the first render replaces the markup.
const queryClient = createQueryClient();
const serverQueries = document.getElementById('kusina-state')?.textContent;
let ready: Promise<boolean> = Promise.resolve(false);
if (serverQueries) {
  setServerRendered(true);
  ready = Promise.resolve()
    .then(() =>
      Promise.all([
        ...(JSON.parse(serverQueries) as [readonly unknown[], string][]).map(([queryKey, url]) => api.get(url).then((data) => queryClient.setQueryData(queryKey, data))),
        preloadServerRenderedPage(location.pathname),
      ]),
    )
    .then(
      () => {
        const { jwt, user } = useAuthStore.getState();
        return !jwt && !user && selectCartCount(useCartStore.getState()) === 0 && selectWholesaleCartCount(useWholesaleCartStore.getState()) === 0;
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
    if (hydrate) reactDom.hydrateRoot(container, app);
    else reactDom.createRoot(container).render(app);
  });
// index.html's frame paints first (decision 0055), then the app renders: when the code is already
// there (cached, preloaded), its first render would otherwise hold up the first paint. A hidden
// tab has no frames to wait for.
void ready.then((hydrate) => {
  if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(() => render(hydrate), 0));
  else render(hydrate);
});
