import type { toast as hotToast, ToastOptions } from 'react-hot-toast';

/**
 * Every toast goes through here: react-hot-toast and the toaster are fetched on first use, and the
 * toaster mounts when the first toast is asked for (app/providers.tsx), so no page builds it (and
 * its styles) while loading. Calls are forwarded in the order they were made; toasts made before
 * the toaster has mounted are kept in react-hot-toast's store and shown when it does.
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

interface HotToast {
  toast: typeof hotToast;
}
let library: Promise<HotToast> | null = null;

export function showToast(kind: ToastKind, message: string, options?: ToastOptions): void {
  if (!requested) {
    requested = true;
    listeners.forEach((listener) => listener());
  }
  library ??= import('react-hot-toast');
  void library.then(({ toast: hot }) => hot[kind](message, options), () => undefined);
}

/** The toasts screens show: react-hot-toast's success and error. */
export const toast = {
  success: (message: string, options?: ToastOptions) => showToast('success', message, options),
  error: (message: string, options?: ToastOptions) => showToast('error', message, options),
};
