import { lazy, Suspense, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { notifyManager, useQueryClient, type MutationFilters, type QueryFilters } from '@tanstack/react-query';
import { create } from 'zustand';
import { useSiteSettings } from '../lib/restaurant.ts';
import { ErrorBoundary } from './error-boundary.tsx';

const LoadingOverlay = lazy(() => import('./loading-overlay.tsx').then((m) => ({ default: m.LoadingOverlay })));

/** storefront.md §9: the global overlay appears once loading has lasted 700 ms. */
export const GLOBAL_LOADING_DELAY_MS = 700;

const useRouteLoadingStore = create<{ pending: number; add(delta: number): void }>()((set) => ({
  pending: 0,
  add: (delta) => set((state) => ({ pending: Math.max(0, state.pending + delta) })),
}));

/** Rendered by Suspense fallbacks: a route chunk is on its way while this is mounted. */
export function RouteLoadingMarker() {
  useEffect(() => {
    const { add } = useRouteLoadingStore.getState();
    add(1);
    return () => add(-1);
  }, []);
  return null;
}

const FIRST_LOADS: QueryFilters = { predicate: (query) => query.meta?.globalLoading === true && query.state.status === 'pending' };
const SAVES: MutationFilters = { predicate: (mutation) => mutation.options.meta?.globalLoading === true };

/**
 * Whether a query flagged meta.globalLoading is loading for the first time or a flagged mutation is
 * pending: one subscription to both caches, read with the client's own counts (what useIsFetching
 * and useIsMutating do, without their general-purpose code in every page's first download).
 */
function useFlaggedWork(): boolean {
  const client = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => {
      const notify = notifyManager.batchCalls(onChange);
      const stopQueries = client.getQueryCache().subscribe(notify);
      const stopMutations = client.getMutationCache().subscribe(notify);
      return () => {
        stopQueries();
        stopMutations();
      };
    },
    [client],
  );
  const busy = () => client.isFetching(FIRST_LOADS) > 0 || client.isMutating(SAVES) > 0;
  return useSyncExternalStore(subscribe, busy, busy);
}

/** Watches route chunks and the queries and mutations flagged meta.globalLoading. */
export function GlobalLoadingOverlay() {
  const routeLoading = useRouteLoadingStore((state) => state.pending > 0);
  const working = useFlaggedWork();
  return routeLoading || working ? <DelayedOverlay /> : null;
}

// Mounted only while loading, so its timer starts at the beginning of each loading spell. The
// overlay's own chunk is fetched at that start, long before the 700 ms are up.
function DelayedOverlay() {
  const [visible, setVisible] = useState(false);
  const { data: settings } = useSiteSettings();
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), GLOBAL_LOADING_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <ErrorBoundary fallback={null}>
      <Suspense fallback={null}>
        <LoadingOverlay hidden={!visible} spinnerImageUrl={settings?.spinner_image_url} />
      </Suspense>
    </ErrorBoundary>
  );
}
