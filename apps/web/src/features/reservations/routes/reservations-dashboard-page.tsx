import { lazy, Suspense } from 'react';
import { Link, Redirect, useLocation, useRoute } from 'wouter';
import { isAdminRole } from '@kusina/domain/roles';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useReservationsRealtime } from '../api/use-reservations-realtime.ts';

/*
 * The reservations back office at /reservations/dashboard (backoffice §2 Staff routes): a tab bar
 * of links, reservations the default. Each tab is its own chunk. Staff see Reservations and
 * Waitlist and Seating (the Floor Manager, decision 0068); admins also the Layout editor (decision
 * 0060) and the settings tabs (decisions 0032, 0058).
 */
const ReservationsList = lazy(() => import('../components/reservations-list.tsx').then((m) => ({ default: m.ReservationsList })));
const WaitlistList = lazy(() => import('../../waitlist/routes/waitlist-list.tsx').then((m) => ({ default: m.WaitlistList })));
const AdminSettings = lazy(() => import('../components/admin-settings.tsx').then((m) => ({ default: m.AdminSettings })));
const BlockedPeriods = lazy(() => import('../components/blocked-periods.tsx').then((m) => ({ default: m.BlockedPeriods })));
const LocationCapacities = lazy(() => import('../components/location-capacities.tsx').then((m) => ({ default: m.LocationCapacities })));
const FloorManager = lazy(() => import('../../floor/routes/floor-manager.tsx').then((m) => ({ default: m.FloorManager })));
const LayoutEditor = lazy(() => import('../../floor/routes/layout-editor.tsx').then((m) => ({ default: m.LayoutEditor })));

const TABS = [
  { key: 'reservations', label: 'Reservations', admin: false },
  { key: 'waitlist', label: 'Waitlist', admin: false },
  { key: 'seating', label: 'Seating', admin: false },
  { key: 'layout', label: 'Layout', admin: true },
  { key: 'settings', label: 'Settings', admin: true },
  { key: 'blocked-periods', label: 'Blocked Periods', admin: true },
  { key: 'location-capacities', label: 'Capacities', admin: true },
] as const;

export const RESTAURANT_CONTEXT_MISSING = 'Unable to access reservations. Restaurant context is missing.';

export function ReservationsDashboardPage() {
  useDocumentTitle('Manage Reservations');
  const user = useAuthStore((state) => state.user);
  const [location] = useLocation();
  const [, params] = useRoute<{ tab?: string }>('/reservations/dashboard/:tab?');
  const restaurantId = user?.restaurant_id ?? null;
  useReservationsRealtime(restaurantId);

  if (!restaurantId) {
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-8">
        <Alert tone="error">{RESTAURANT_CONTEXT_MISSING}</Alert>
      </div>
    );
  }
  const admin = user ? isAdminRole(user.role) : false;
  const tabs = TABS.filter((t) => admin || !t.admin);
  const tab = params?.tab;
  if (!tab || !tabs.some((t) => t.key === tab)) return <Redirect to="/reservations/dashboard/reservations" replace />;

  return (
    <div className="mx-auto w-full min-w-0 max-w-6xl space-y-6 px-4 py-6">
      <h1 className="font-display text-3xl font-bold">Manage Reservations</h1>
      <nav aria-label="Reservations dashboard" className="-mx-4 flex gap-1 overflow-x-auto border-b border-line px-4">
        {tabs.map((t) => {
          const active = location.includes(`/reservations/dashboard/${t.key}`);
          return (
            <Link
              key={t.key}
              href={`/reservations/dashboard/${t.key}`}
              aria-current={active ? 'page' : undefined}
              className={cn(
                '-mb-px inline-flex min-h-11 shrink-0 items-center border-b-2 px-4 text-sm font-semibold whitespace-nowrap',
                active ? 'border-brand text-ink' : 'border-transparent text-ink-muted hover:border-line-strong hover:text-ink',
              )}
            >
              {t.label}
            </Link>
          );
        })}
      </nav>
      <Suspense
        fallback={
          <div className="flex justify-center py-16">
            <Spinner size="lg" label="Loading…" />
          </div>
        }
      >
        {tab === 'reservations' ? <ReservationsList restaurantId={restaurantId} /> : null}
        {tab === 'waitlist' ? <WaitlistList restaurantId={restaurantId} /> : null}
        {tab === 'seating' ? <FloorManager /> : null}
        {tab === 'layout' ? <LayoutEditor /> : null}
        {tab === 'settings' ? <AdminSettings restaurantId={restaurantId} /> : null}
        {tab === 'blocked-periods' ? <BlockedPeriods restaurantId={restaurantId} /> : null}
        {tab === 'location-capacities' ? <LocationCapacities /> : null}
      </Suspense>
    </div>
  );
}
