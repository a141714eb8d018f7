import { useEffect, useRef } from 'react';
import { Toaster, ToastBar, toast, useToasterStore } from 'react-hot-toast';

/** More toasts than this on screen at a 10-second check: all are dismissed (backoffice §4, §9). */
const MAX_TOASTS = 3;
const TOAST_PURGE_INTERVAL_MS = 10_000;

/**
 * Toasts: top-centre, dismissed by a click, at most 500 px wide (backoffice spec, storefront);
 * errors stay longer than successes (6 s against 3 s); every 10 seconds, when more than
 * MAX_TOASTS are shown, all are dismissed. They appear under the sticky header (at most 6.5rem
 * tall), so "Added … to cart" never covers the cart badge it is about on a phone.
 */
export function AppToaster() {
  const { toasts } = useToasterStore();
  const shown = toasts.filter((t) => t.visible).length;
  const shownRef = useRef(shown);
  useEffect(() => {
    shownRef.current = shown;
  }, [shown]);
  useEffect(() => {
    const timer = setInterval(() => {
      if (shownRef.current > MAX_TOASTS) toast.dismiss();
    }, TOAST_PURGE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <Toaster
      position="top-center"
      containerStyle={{ top: '7rem' }}
      toastOptions={{
        style: { maxWidth: 500, background: 'var(--surface-raised)', color: 'var(--ink)', border: '1px solid var(--line)' },
        success: { duration: 3000, iconTheme: { primary: '#15803d', secondary: '#ffffff' } },
        error: { duration: 6000 },
      }}
    >
      {(t) => (
        <ToastBar toast={t}>
          {({ icon, message }) => (
            <div className="flex cursor-pointer items-center" onClick={() => toast.dismiss(t.id)} title="Dismiss">
              {icon}
              {message}
            </div>
          )}
        </ToastBar>
      )}
    </Toaster>
  );
}
