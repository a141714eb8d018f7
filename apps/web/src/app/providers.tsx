import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client.ts';
import { toastRequested } from '../lib/toast.ts';
import { ErrorBoundary } from './error-boundary.tsx';

const AppToaster = lazy(() => import('./toaster.tsx').then((m) => ({ default: m.AppToaster })));

/**
 * The toaster mounts (and its code loads) when the first toast is asked for (every toast goes
 * through lib/toast.ts), never as part of loading a page: react-hot-toast writes its styles into
 * the document as soon as its code runs, which restyles the whole page.
 */
function useToasterNeeded(): boolean {
  return useSyncExternalStore(toastRequested.subscribe, toastRequested.get, toastRequested.get);
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
