import { StrictMode } from 'react';
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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ErrorBoundary>
      <App />
    </ErrorBoundary>
  </StrictMode>,
);
