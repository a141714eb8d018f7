import { lazy, Suspense, type ReactNode } from 'react';
import { useSearchParams } from 'wouter';
import { BarChart3, CalendarDays, ClipboardList, Contact, HandHeart, History, Inbox, Settings, Shirt, TicketPercent, UserCog, Users, UtensilsCrossed } from 'lucide-react';
import { isAdminRole, isOrganiserRole } from '@kusina/domain/roles';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TestModeBanner } from '../../../components/ui/test-mode-banner.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useRestaurantRecord } from '../api/get-restaurant.ts';
import { DashboardTabs, type DashboardTab } from '../components/dashboard-tabs.tsx';
import { RestaurantPicker } from '../components/restaurant-picker.tsx';

export const ADMIN_DASHBOARD_TITLE = 'Admin Dashboard';
export const STAFF_DASHBOARD_TITLE = 'Staff Tools / Order Management';
export const ORGANISER_DASHBOARD_TITLE = 'Fundraiser Management';

/*
 * Each tab is its own chunk: staff download only the order board, and the board's code is also
 * what hovering the admin link preloads (app/lazy-pages.ts).
 */
export const loadOrderManagement = () => import('../../orders/routes/order-management.tsx');
const OrderManagement = lazy(() => loadOrderManagement().then((m) => ({ default: m.OrderManagement })));
const StaffAndDiscounts = lazy(() => import('../components/staff-and-discounts.tsx').then((m) => ({ default: m.StaffAndDiscounts })));
const FundraiserManagement = lazy(() => import('../../wholesale/routes/fundraiser-management.tsx').then((m) => ({ default: m.FundraiserManagement })));
const MenuManagement = lazy(() => import('../../menu/routes/menu-management.tsx').then((m) => ({ default: m.MenuManagement })));
const MerchandiseManagement = lazy(() => import('../../merchandise/routes/merchandise-management.tsx').then((m) => ({ default: m.MerchandiseManagement })));
const RestaurantSettings = lazy(() => import('../components/restaurant-settings.tsx').then((m) => ({ default: m.RestaurantSettings })));
const TeamPanel = lazy(() => import('../components/team-panel.tsx').then((m) => ({ default: m.TeamPanel })));
const CodesPanel = lazy(() => import('../components/codes-panel.tsx').then((m) => ({ default: m.CodesPanel })));
const AuditLogPanel = lazy(() => import('../components/audit-log-panel.tsx').then((m) => ({ default: m.AuditLogPanel })));
const MessageOutbox = lazy(() => import('../components/message-outbox.tsx').then((m) => ({ default: m.MessageOutbox })));
const CustomersPanel = lazy(() => import('../components/customers-panel.tsx').then((m) => ({ default: m.CustomersPanel })));
const ReportsTab = lazy(() => import('../components/reports-tab.tsx').then((m) => ({ default: m.ReportsTab })));

export const ADMIN_TABS = ['orders', 'menu', 'merchandise', 'staff', 'fundraisers', 'codes', 'team', 'audit', 'restaurant', 'outbox', 'customers', 'reports'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
/** Staff without admin rights: the order board and the menu's sold-out switches (0064). */
export const STAFF_TABS = ['orders', 'menu'] as const satisfies readonly AdminTab[];

function TabLoading() {
  return (
    <div className="flex justify-center py-16">
      <Spinner size="lg" label="Loading…" />
    </div>
  );
}

function lazyTab(render: () => ReactNode) {
  return () => <Suspense fallback={<TabLoading />}>{render()}</Suspense>;
}

const orderTab: DashboardTab<AdminTab> = {
  key: 'orders',
  label: 'Order Management',
  icon: <ClipboardList aria-hidden="true" className="size-4" />,
  render: lazyTab(() => <OrderManagement />),
};

const adminTabs: DashboardTab<AdminTab>[] = [
  orderTab,
  { key: 'menu', label: 'Menu', icon: <UtensilsCrossed aria-hidden="true" className="size-4" />, render: lazyTab(() => <MenuManagement />) },
  { key: 'merchandise', label: 'Merchandise', icon: <Shirt aria-hidden="true" className="size-4" />, render: lazyTab(() => <MerchandiseManagement />) },
  { key: 'staff', label: 'Staff & Discounts', icon: <Users aria-hidden="true" className="size-4" />, render: lazyTab(() => <StaffAndDiscounts />) },
  { key: 'fundraisers', label: 'Fundraisers', icon: <HandHeart aria-hidden="true" className="size-4" />, render: lazyTab(() => <FundraiserManagement />) },
  { key: 'codes', label: 'Codes', icon: <TicketPercent aria-hidden="true" className="size-4" />, render: lazyTab(() => <CodesPanel />) },
  { key: 'team', label: 'Team', icon: <UserCog aria-hidden="true" className="size-4" />, render: lazyTab(() => <TeamPanel />) },
  { key: 'audit', label: 'Audit log', icon: <History aria-hidden="true" className="size-4" />, render: lazyTab(() => <AuditLogPanel />) },
  { key: 'restaurant', label: 'Restaurant', icon: <Settings aria-hidden="true" className="size-4" />, render: lazyTab(() => <RestaurantSettings />) },
  { key: 'outbox', label: 'Message outbox', icon: <Inbox aria-hidden="true" className="size-4" />, render: lazyTab(() => <MessageOutbox />) },
  { key: 'customers', label: 'Customers', icon: <Contact aria-hidden="true" className="size-4" />, render: lazyTab(() => <CustomersPanel />) },
  { key: 'reports', label: 'Reports', icon: <BarChart3 aria-hidden="true" className="size-4" />, render: lazyTab(() => <ReportsTab />) },
];

const staffTabs: DashboardTab<AdminTab>[] = [
  orderTab,
  { key: 'menu', label: 'Menu stock', icon: <UtensilsCrossed aria-hidden="true" className="size-4" />, render: lazyTab(() => <MenuManagement stockOnly />) },
];

function readTab(value: string | null, allowed: readonly AdminTab[]): AdminTab {
  return allowed.includes(value as AdminTab) ? (value as AdminTab) : 'orders';
}

/** Tells a restaurant's admins, on every tab, that its payments are still in test mode (issue #33). */
function AdminTestModeBanner({ restaurantId }: { restaurantId: number }) {
  const restaurant = useRestaurantRecord(restaurantId);
  if (!restaurant.data) return null;
  return <TestModeBanner restaurant={restaurant.data} audience="admin" className="print:hidden" />;
}

/**
 * /admin (storefront.md §2, §6). Admins see every tab; staff without admin rights see Order
 * Management and the menu's stock view (0064) under the 'Staff Tools / Order Management' title. The tab is in the URL (?tab=) so a
 * reload keeps it; other query parameters (the board's filters) are left alone.
 */
export function AdminDashboardPage() {
  const user = useAuthStore((state) => state.user);
  if (user && isOrganiserRole(user.role)) return <OrganiserDashboard name={user.name || `${user.first_name} ${user.last_name}`} />;
  return <RestaurantDashboard />;
}

/**
 * An organiser's /admin (decision 0124): their fundraisers' management only — participants,
 * orders, pick list, dashboard, CSV and payout statement — no tabs of the restaurant.
 */
function OrganiserDashboard({ name }: { name: string }) {
  useDocumentTitle(ORGANISER_DASHBOARD_TITLE);
  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-6 sm:py-10 print:p-0">
      <header className="space-y-1 print:hidden">
        <h1 className="font-display text-3xl font-bold tracking-tight">{ORGANISER_DASHBOARD_TITLE}</h1>
        <p className="text-ink-muted">Signed in as {name} · organiser</p>
      </header>
      <Suspense fallback={<TabLoading />}>
        <FundraiserManagement organiser />
      </Suspense>
    </div>
  );
}

function RestaurantDashboard() {
  const user = useAuthStore((state) => state.user);
  const admin = user ? isAdminRole(user.role) : false;
  const title = admin ? ADMIN_DASHBOARD_TITLE : STAFF_DASHBOARD_TITLE;
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = readTab(searchParams.get('tab'), admin ? ADMIN_TABS : STAFF_TABS);
  useDocumentTitle(title);

  const select = (next: AdminTab) => {
    if (next === tab) return;
    // A tab starts with its own filters: only ?tab= carries over.
    setSearchParams(next === 'orders' ? {} : { tab: next });
  };

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-6 sm:py-10 print:p-0">
      <header className="flex flex-wrap items-end justify-between gap-3 print:hidden">
        <div className="space-y-1">
          <h1 className="font-display text-3xl font-bold tracking-tight">{title}</h1>
          {user ? (
            <p className="text-ink-muted">
              Signed in as {user.name || `${user.first_name} ${user.last_name}`} · {user.role.replace('_', ' ')}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-end gap-3">
          {/* The super admin picks the restaurant the tabs act on (decision 0128); admins never see it. */}
          {user?.role === 'super_admin' ? <RestaurantPicker /> : null}
          {/* Staff run the reservations dashboard too (issue #21); the header's mobile link stays admin-only (storefront.md §2, §6). */}
          <ButtonLink to="/reservations/dashboard" variant="secondary">
            <CalendarDays aria-hidden="true" className="size-4" />
            Manage Reservations
          </ButtonLink>
        </div>
      </header>
      {admin && user ? <AdminTestModeBanner restaurantId={user.restaurant_id} /> : null}
      <DashboardTabs label={admin ? 'Admin sections' : 'Staff sections'} tabs={admin ? adminTabs : staffTabs} selected={tab} onSelect={select} />
    </div>
  );
}
