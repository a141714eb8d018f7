import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { afterPageLoad } from '../lib/after-load.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { toastRequested } from '../lib/toast.ts';
import { ErrorBoundary } from './error-boundary.tsx';

const AppToaster = lazy(() => import('./toaster.tsx').then((m) => ({ default: m.AppToaster })));

/**
 * The toaster is not part of the home page's download: it mounts (and its code loads) when the
 * first toast is asked for, or when the visitor opens any other page, whose screens may toast
 * through react-hot-toast directly; there it waits for the page to have loaded (decision 0070),
 * since toasts made before it mounts are kept in react-hot-toast's store and shown when it does.
 */
function useToasterNeeded(): boolean {
  const [location] = useLocation();
  const requested = useSyncExternalStore(toastRequested.subscribe, toastRequested.get, toastRequested.get);
  // Once the visitor has left the home page the toaster stays (state kept from earlier renders).
  const [leftHome, setLeftHome] = useState(false);
  if (location !== '/' && !leftHome) setLeftHome(true);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => afterPageLoad(() => setLoaded(true)), []);
  return requested || ((leftHome || location !== '/') && loaded);
}

/** Server state (TanStack Query) and the toaster. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const toasterNeeded = useToasterNeeded();
  return (
    <QueryClientProvider client={client}>
      {children}
      {toasterNeeded ? (
        <ErrorBoundary fallback={null}>
          <Suspense fallback={null}>
            <AppToaster />
          </Suspense>
        </ErrorBoundary>
      ) : null}
    </QueryClientProvider>
  );
}
