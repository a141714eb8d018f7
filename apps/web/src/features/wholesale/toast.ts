import type { ToastOptions } from 'react-hot-toast';
import { WHOLESALE_TOAST_MS } from '@kusina/domain/wholesale';
import { showToast } from '../../lib/toast.ts';

/** The fundraiser shop's toasts: success and error alike stay 5 seconds (§9). */
export function shopToast(kind: 'success' | 'error', message: string, options?: ToastOptions): void {
  showToast(kind, message, { ...options, duration: WHOLESALE_TOAST_MS });
}
