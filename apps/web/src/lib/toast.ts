/**
 * Toasts from code on the home route's first download (header, session handling, home page):
 * react-hot-toast and the toaster are fetched on first use so they stay out of that download.
 * Lazy-loaded screens may import react-hot-toast directly; both share one toast store, and the
 * toaster is mounted as soon as the visitor leaves the home page (see app/providers.tsx).
 */
type ToastKind = 'success' | 'error';

let requested = false;
const listeners = new Set<() => void>();

/** Whether any toast has been asked for yet (an external store for useSyncExternalStore). */
export const toastRequested = {
  get: (): boolean => requested,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function showToast(kind: ToastKind, message: string, options?: { id?: string }): void {
  if (!requested) {
    requested = true;
    listeners.forEach((listener) => listener());
  }
  void import('react-hot-toast').then(({ toast }) => toast[kind](message, options));
}
