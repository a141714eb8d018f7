import { useDeferredValue } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';

export interface DeferredQuery<T> {
  /** The data the page renders: the query's, one background pass behind it. */
  data: T | undefined;
  /** Nothing to show yet: no data (in this pass) and no error. */
  isPending: boolean;
}

/**
 * A query's data as a list page renders it (decision 0056). TanStack Query hands an answer to React
 * through a store, and React renders a store's change synchronously: the shop's or the menu's whole
 * first screen in one task the browser cannot interrupt. Read through useDeferredValue, the answer
 * (the first one, or a poll's) re-renders the page in a background pass React slices and can
 * interrupt; the urgent pass that the store forces sees the previous data and changes nothing.
 * Inside that background pass the page's own useDeferredValue returns its new value at once, so the
 * cards come in the same pass, with no skeleton pass in between.
 */
export function useDeferredQuery<T>(query: Pick<UseQueryResult<T>, 'data' | 'isError'>): DeferredQuery<T> {
  const data = useDeferredValue(query.data);
  return { data, isPending: data === undefined && !query.isError };
}
