import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestModeText } from '../../../components/ui/test-mode-banner.tsx';
import { mockApi, restaurantFixture } from '../../../test/api-mock.ts';
import { makeUser, renderApp } from '../../../test/render-app.tsx';
import { boardEntry, orderList } from '../../../test/admin-fixtures.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';

const admin = makeUser({ id: 4, role: 'admin', first_name: 'Ana', last_name: 'Admin', name: 'Ana Admin' });

function dashboardApi() {
  return mockApi({
    'GET /admin/orders': { body: orderList([boardEntry()]) },
    'GET /admin/orders/unacknowledged_count': { body: { restaurant_id: 1, count: 0, latest_order_id: null } },
    'GET /discount_configurations': { body: [] },
    'GET /staff_members': { body: [] },
    'GET /admin/notifications': { body: { messages: [], total: 0, page: 1, per_page: 10 } },
  });
}

describe('admin dashboard frame', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('gives admins every tab, Order Management first, and keeps the tab in the URL', async () => {
    const api = dashboardApi();
    const { user } = renderApp('/admin', { user: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Order Management', 'Menu', 'Merchandise', 'Staff & Discounts', 'Fundraisers', 'Codes', 'Team', 'Audit log', 'Restaurant', 'Message outbox', 'Customers', 'Reports']);
    expect(screen.getByRole('tab', { name: 'Order Management' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('tabpanel', { name: 'Order Management' })).toBeInTheDocument();
    expect(await screen.findByText('K-10101')).toBeInTheDocument();
    // Other tabs' data waits until they are opened.
    expect(api.callsTo('GET', '/discount_configurations')).toHaveLength(0);
    expect(api.callsTo('GET', '/admin/notifications')).toHaveLength(0);
    expect(api.callsTo('GET', '/merchandise_items')).toHaveLength(0);

    await user.click(screen.getByRole('tab', { name: 'Staff & Discounts' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\?tab=staff$/);
    expect(await screen.findByRole('heading', { name: 'Staff Discount Options' })).toBeInTheDocument();

    // Keys move between tabs (one tab stop, WAI-ARIA tabs): End goes to the last one.
    await user.keyboard('{End}');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Reports' })).toHaveFocus());
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Customers' })).toHaveFocus());
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Message outbox' })).toHaveFocus());
    expect(screen.getByRole('tab', { name: 'Message outbox' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\?tab=outbox$/);
    await user.keyboard('{Home}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
  });

  it("tells admins on every tab that the restaurant's payments are in test mode, until test mode is off", async () => {
    dashboardApi();
    const { user } = renderApp('/admin', { user: admin });
    const banner = (await screen.findByText(TestModeText.adminTitle)).closest('[role="status"]');
    expect(banner).toHaveTextContent(TestModeText.admin);
    await user.click(screen.getByRole('tab', { name: 'Staff & Discounts' }));
    expect(await screen.findByRole('heading', { name: 'Staff Discount Options' })).toBeInTheDocument();
    expect(screen.getByText(TestModeText.adminTitle)).toBeVisible();
    cleanup();

    mockApi({
      'GET /restaurants/1': { body: { ...restaurantFixture, admin_settings: { payment_gateway: { payment_processor: 'stripe', publishable_key: 'pk_live_x', test_mode: false } } } },
      'GET /admin/orders': { body: orderList([boardEntry()]) },
      'GET /admin/orders/unacknowledged_count': { body: { restaurant_id: 1, count: 0, latest_order_id: null } },
    });
    renderApp('/admin', { user: admin });
    expect(await screen.findByText('K-10101')).toBeInTheDocument();
    expect(screen.queryByText(TestModeText.adminTitle)).not.toBeInTheDocument();
  });

  it('tells admins that customers cannot pay where the server takes no test payments', async () => {
    mockApi({
      'GET /restaurants/1': { body: { ...restaurantFixture, test_payments_allowed: false } },
      'GET /admin/orders': { body: orderList([boardEntry()]) },
      'GET /admin/orders/unacknowledged_count': { body: { restaurant_id: 1, count: 0, latest_order_id: null } },
    });
    renderApp('/admin', { user: admin });
    const banner = (await screen.findByText(TestModeText.adminTitle)).closest('[role="status"]');
    expect(banner).toHaveTextContent(TestModeText.adminClosed);
  });

  it('does not show the test-mode banner to staff without admin rights', async () => {
    dashboardApi();
    renderApp('/admin', { user: makeUser({ id: 6, role: 'staff', first_name: 'Kekoa', last_name: 'Staff', name: 'Kekoa Staff' }) });
    expect(await screen.findByText('K-10101')).toBeInTheDocument();
    expect(screen.queryByText(TestModeText.adminTitle)).not.toBeInTheDocument();
  });

  it('opens the tab the URL names (a reload keeps it)', async () => {
    dashboardApi();
    renderApp('/admin?tab=staff', { user: admin });
    expect(await screen.findByRole('tab', { name: 'Staff & Discounts', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Staff members' })).toBeInTheDocument();
  });

  it('shows staff without admin rights Order Management and Menu stock only, whatever the URL asks', async () => {
    const api = dashboardApi();
    renderApp('/admin?tab=outbox', { user: makeUser({ role: 'staff', first_name: 'Kekoa' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff Tools / Order Management' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Order Management' })).toBeInTheDocument();
    // Staff reach the reservations dashboard they run from here (the header's link is for admins).
    expect(screen.getByRole('link', { name: 'Manage Reservations' })).toHaveAttribute('href', '/reservations/dashboard');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Order Management', 'Menu stock']);
    expect(screen.getByRole('tab', { name: 'Order Management' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('heading', { name: 'Message outbox' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/admin/notifications')).toHaveLength(0);
    expect(api.callsTo('GET', '/discount_configurations')).toHaveLength(0);
  });

  it('gives the super admin a restaurant picker: a pick acts for that restaurant and every tab asks again; admins never see it', async () => {
    let acting = 1;
    const api = mockApi({
      'GET /admin/orders': { body: orderList([boardEntry()]) },
      'GET /admin/orders/unacknowledged_count': { body: { restaurant_id: 1, count: 0, latest_order_id: null } },
      'GET /admin/restaurants': () => ({ body: { restaurants: [{ id: 1, name: 'Kusina' }, { id: 2, name: 'Kusina Tumon' }], acting_restaurant_id: acting } }),
      'PUT /admin/acting_restaurant': (call) => {
        acting = (call.body as { restaurant_id: number }).restaurant_id;
        return { body: { restaurants: [{ id: 1, name: 'Kusina' }, { id: 2, name: 'Kusina Tumon' }], acting_restaurant_id: acting } };
      },
    });
    const superAdmin = makeUser({ id: 1, role: 'super_admin', first_name: 'Sol', last_name: 'Super', name: 'Sol Super', restaurant_id: 1 });
    const { user } = renderApp('/admin', { user: superAdmin });
    const picker = await screen.findByRole('combobox', { name: 'Restaurant' });
    await waitFor(() => expect(picker).toHaveValue('1'));
    expect(await screen.findByText('K-10101')).toBeInTheDocument();
    const boardCalls = api.callsTo('GET', '/admin/orders').length;

    await user.selectOptions(picker, 'Kusina Tumon');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Restaurant' })).toHaveValue('2'));
    expect(api.callsTo('PUT', '/admin/acting_restaurant')[0]!.body).toEqual({ restaurant_id: 2 });
    expect(useAuthStore.getState().user?.restaurant_id).toBe(2);
    await waitFor(() => expect(api.callsTo('GET', '/admin/orders').length).toBeGreaterThan(boardCalls));
  });

  it('shows admins no restaurant picker and never asks for the list', async () => {
    const api = dashboardApi();
    renderApp('/admin', { user: admin });
    expect(await screen.findByText('K-10101')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Restaurant' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/admin/restaurants')).toHaveLength(0);
  });
});
