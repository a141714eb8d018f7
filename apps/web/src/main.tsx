import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { ErrorBoundary } from './app/error-boundary.tsx';
import { trackLastActivated } from './lib/last-activated.ts';
import { getRestaurantId } from './lib/restaurant-id.ts';
import './styles.css';

trackLastActivated();

// The shell, the menu and the last confirmation keep working offline (public/service-worker.js).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  addEventListener('load', () => void navigator.serviceWorker.register(`/service-worker.js?restaurant=${getRestaurantId()}`).catch(() => undefined));
}

// The first render is a transition: React builds the app in slices, yielding to the browser
// between them, instead of one long task (0055).
const render = () =>
  startTransition(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <ErrorBoundary>
          <App />
        </ErrorBoundary>
      </StrictMode>,
    ),
  );
// index.html's frame paints first (decision 0055), then the app renders: when the code is already
// there (cached, preloaded), its first render would otherwise hold up the first paint. A hidden
// tab has no frames to wait for.
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(render, 0));
else render();
