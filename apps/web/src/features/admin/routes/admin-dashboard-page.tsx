import { ClipboardList } from 'lucide-react';
import { isAdminRole } from '@kusina/domain/roles';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { MessageOutbox } from '../components/message-outbox.tsx';

export const ADMIN_DASHBOARD_TITLE = 'Admin Dashboard';
export const STAFF_DASHBOARD_TITLE = 'Staff Tools / Order Management';

/** /admin: the dashboard frame. Admins get the outbox; staff get Order Management (a later issue). */
export function AdminDashboardPage() {
  const user = useAuthStore((state) => state.user);
  const admin = user ? isAdminRole(user.role) : false;
  const title = admin ? ADMIN_DASHBOARD_TITLE : STAFF_DASHBOARD_TITLE;
  useDocumentTitle(title);

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8 sm:py-12">
      <header className="space-y-1">
        <h1 className="font-display text-3xl font-bold tracking-tight">{title}</h1>
        {user ? (
          <p className="text-ink-muted">
            Signed in as {user.name || `${user.first_name} ${user.last_name}`} · {user.role.replace('_', ' ')}
          </p>
        ) : null}
      </header>
      {admin ? (
        <MessageOutbox />
      ) : (
        <section className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line-strong bg-surface-raised px-6 py-12 text-center">
          <ClipboardList aria-hidden="true" className="size-10 text-brand-ink" />
          <h2 className="text-xl font-bold">Order Management</h2>
          <p className="max-w-md text-ink-muted">Incoming orders, their status and pickup times will be managed here. This screen is on its way.</p>
        </section>
      )}
    </div>
  );
}
