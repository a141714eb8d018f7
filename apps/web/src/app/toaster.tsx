import { Toaster, ToastBar, toast } from 'react-hot-toast';

/**
 * Toasts: top-centre, dismissed by a click, at most 500 px wide (backoffice spec, storefront). They
 * appear under the sticky header (at most 6.5rem tall), so "Added … to cart" never covers the cart
 * badge it is about on a phone.
 */
export function AppToaster() {
  return (
    <Toaster
      position="top-center"
      containerStyle={{ top: '7rem' }}
      toastOptions={{
        style: { maxWidth: 500, background: 'var(--surface-raised)', color: 'var(--ink)', border: '1px solid var(--line)' },
        success: { iconTheme: { primary: '#15803d', secondary: '#ffffff' } },
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
