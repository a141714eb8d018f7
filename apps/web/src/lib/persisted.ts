import type { StateCreator } from 'zustand';

export interface PersistedOptions<T, P> {
  /** The local storage key (the spec names some: cartItems, restaurantId). */
  name: string;
  /** The part of the state that is saved. */
  partialize(state: T): P;
}

/**
 * A store kept in local storage, in zustand's `persist` format (`{"state": …, "version": 0}`, so
 * carts and sessions saved by earlier releases load unchanged): read once, synchronously, when the
 * store is created (saved values are merged over the initial state, shallowly), written on every
 * change. It replaces zustand/middleware's persist, whose hydration, migration and listener
 * machinery the stores never used, for ~0.6 KB gzip of the home route's budget (0040). Storage
 * that is blocked or holds something unreadable leaves the initial state.
 */
export function persisted<T, P>(initializer: StateCreator<T>, { name, partialize }: PersistedOptions<T, P>): StateCreator<T> {
  return (set, get, api) => {
    const initial = initializer(set, get, api);
    let saved: Partial<T> | undefined;
    try {
      const parsed = JSON.parse(localStorage.getItem(name) ?? 'null') as { state?: Partial<T> } | null;
      if (parsed && typeof parsed.state === 'object' && parsed.state !== null) saved = parsed.state;
    } catch {
      // Unreadable or blocked storage: start from the initial state.
    }
    api.subscribe((state) => {
      try {
        localStorage.setItem(name, JSON.stringify({ state: partialize(state), version: 0 }));
      } catch {
        // Full or blocked storage: the state still works for this visit.
      }
    });
    return saved ? { ...initial, ...saved } : initial;
  };
}
