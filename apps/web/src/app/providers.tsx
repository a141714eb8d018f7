import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { createQueryClient } from '../lib/query-client.ts';
import { toastRequested } from '../lib/toast.ts';
import { ErrorBoundary } from './error-boundary.tsx';

const AppToaster = lazy(() => import('./toaster.tsx').then((m) => ({ default: m.AppToaster })));

/**
 * The toaster is not part of the home page's download: it mounts (and its code loads) when the
 * first toast is asked for, or when the visitor opens any other page, whose screens may toast
 * through react-hot-toast directly.
 */
function useToasterNeeded(): boolean {
  const [location] = useLocation();
  const requested = useSyncExternalStore(toastRequested.subscribe, toastRequested.get, toastRequested.get);
  // Once the visitor has left the home page the toaster stays (state kept from earlier renders).
  const [leftHome, setLeftHome] = useState(false);
  if (location !== '/' && !leftHome) setLeftHome(true);
  return requested || leftHome || location !== '/';
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
