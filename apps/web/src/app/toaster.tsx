import { Toaster, ToastBar, toast } from 'react-hot-toast';

/** Toasts: top-centre, dismissed by a click, at most 500 px wide (backoffice spec, storefront). */
export function AppToaster() {
  return (
    <Toaster
      position="top-center"
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
