import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderConfirmationOutput } from '@kusina/domain/orders';
import { apiError, renderRoute, stubApi } from '../../../test/storefront-fixtures.tsx';
import { OrderConfirmationPage } from './order-confirmation-page.tsx';

function order(overrides: Partial<OrderConfirmationOutput> = {}): OrderConfirmationOutput {
  return {
    id: 42,
    restaurant_id: 1,
    order_number: 'K-0042',
    status: 'pending',
    created_at: '2026-03-05T08:30:00Z',
    estimated_pickup_time: '2026-03-05T08:55:00Z',
    pickup_estimate: '20-25 minutes',
    requested_pickup_time: null,
    requires_advance_notice: false,
    max_advance_notice_hours: null,
    is_staff_order: false,
    staff_member_name: null,
    location_name: 'Kusina Barrigada',
    location_address: '123 Route 8, Barrigada, GU',
    items: [{ name: 'Chicken Kelaguen', price: 12.5, quantity: 2, customizations: { Sides: ['Red rice', 'Titiyas'] }, notes: 'Extra lemon' }],
    merchandise_items: [{ name: 'Kusina Tee', price: 25, quantity: 1, size: 'L', color: 'Black', notes: null }],
    food_subtotal: 25,
    merchandise_subtotal: 25,
    subtotal: 50,
    discount: 0,
    total: 50,
    promo_code: null,
    staff_discount_name: null,
    staff_discount_percentage: null,
    contact_name: 'Maria Cruz',
    contact_phone: '+16715551234',
    contact_email: 'maria@example.com',
    special_instructions: 'Call when ready',
    payment: null,
    status_history: [{ status: 'pending', at: '2026-03-05T08:30:00Z' }],
    eta_updated_at: null,
    ...overrides,
  };
}

const restaurant = {
  id: 1,
  name: 'Kusina',
  address: '123 Route 8, Barrigada, GU',
  phone_number: null,
  custom_pickup_location: null,
  vip_only_checkout: false,
  admin_settings: {},
};

beforeEach(() => localStorage.setItem('restaurantId', '1'));
afterEach(() => vi.unstubAllGlobals());

const pattern = '/order-confirmation/:orderId?';

describe('OrderConfirmationPage', () => {
  it('says it is loading while the order is fetched', async () => {
    stubApi({ 'GET /api/v1/orders/42': () => new Promise(() => undefined), 'GET /api/v1/restaurants/1': () => ({ body: restaurant }) });
    renderRoute(<OrderConfirmationPage />, { path: '/order-confirmation/42?token=abc', pattern });
    expect(await screen.findByText('Loading your order details')).toBeInTheDocument();
  });

  it('shows the error view with the fallback text when there is no order id', () => {
    stubApi({});
    renderRoute(<OrderConfirmationPage />, { path: '/order-confirmation', pattern });
    expect(screen.getByRole('heading', { name: 'Order Confirmation' })).toBeInTheDocument();
    expect(screen.getByText('Order details not available')).toBeInTheDocument();
    expect(screen.getByText(/your order has been received/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Ordering' })).toHaveAttribute('href', '/menu');
  });

  it('shows the server error text when the order cannot be loaded', async () => {
    stubApi({ 'GET /api/v1/orders/42': () => apiError(404, 'Order not found.', 'NOT_FOUND'), 'GET /api/v1/restaurants/1': () => ({ body: restaurant }) });
    renderRoute(<OrderConfirmationPage />, { path: '/order-confirmation/42?token=bad', pattern });
    expect(await screen.findByText('Order not found.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Order Confirmation' })).toBeInTheDocument();
  });

  it('shows every block of a confirmed order with the default pickup steps', async () => {
    const requests = stubApi({ 'GET /api/v1/orders/42': () => ({ body: order() }), 'GET /api/v1/restaurants/1': () => ({ body: restaurant }) });
    renderRoute(<OrderConfirmationPage />, { path: '/order-confirmation/42?token=abc', pattern });

    expect(await screen.findByRole('heading', { name: 'Order Confirmed' })).toBeInTheDocument();
    expect(requests.find((request) => request.url.pathname === '/api/v1/orders/42')?.url.searchParams.get('token')).toBe('abc');
    expect(screen.getByTestId('order-number')).toHaveTextContent('K-0042');
    // 08:30 UTC is 6:30 PM in Guam (UTC+10).
    expect(screen.getByText('Placed on March 5, 2026 at 6:30 PM')).toBeInTheDocument();
    expect(screen.getByText('ETA will be sent once staff begin preparing')).toBeInTheDocument();
    expect(screen.getByText('Please show your order number when you pick up your order.')).toBeInTheDocument();
    expect(screen.getByText('123 Route 8, Barrigada, GU')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Open in Maps/ })).toHaveAttribute('href', expect.stringContaining('google.com/maps'));
    expect(screen.getByText('Open Daily 11AM-9PM')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+1 (671) 646-4461' })).toHaveAttribute('href', 'tel:+16716464461');
    const steps = screen.getByRole('heading', { name: 'Pickup Instructions' }).parentElement!;
    expect(within(steps).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText('$12.50 × 2')).toBeInTheDocument();
    expect(screen.getByText('Sides: Red rice, Titiyas')).toBeInTheDocument();
    expect(screen.getByText('Notes: Extra lemon')).toBeInTheDocument();
    expect(screen.getByText('Size: L')).toBeInTheDocument();
    expect(screen.getByText('Color: Black')).toBeInTheDocument();
    expect(screen.getByText('Food subtotal').nextSibling).toHaveTextContent('$25.00');
    expect(screen.getByText('Merchandise subtotal').nextSibling).toHaveTextContent('$25.00');
    expect(screen.getByText('Total').nextSibling).toHaveTextContent('$50.00');
    expect(screen.getByText('Maria Cruz')).toBeInTheDocument();
    expect(screen.getByText('+1 (671) 555-1234')).toBeInTheDocument();
    expect(screen.getByText('Call when ready')).toBeInTheDocument();
    expect(screen.getByTestId('estimated-pickup')).toHaveTextContent('March 5, 2026 at 6:55 PM');
    expect(screen.getByRole('link', { name: 'Order More' })).toHaveAttribute('href', '/menu');
    expect(screen.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByText('Advance Notice Required')).not.toBeInTheDocument();
    expect(screen.queryByText('Staff Order')).not.toBeInTheDocument();
  });

  it('a scheduled order says its chosen pickup time instead of the ETA promise', async () => {
    const chosen = '2026-03-06T01:15:00.000Z';
    stubApi({
      'GET /api/v1/orders/42': () => ({ body: order({ requested_pickup_time: chosen, estimated_pickup_time: chosen }) }),
      'GET /api/v1/restaurants/1': () => ({ body: restaurant }),
    });
    renderRoute(<OrderConfirmationPage />, { path: '/order-confirmation/42?token=abc', pattern });
    // 01:15 UTC is 11:15 AM in Guam.
    expect(await screen.findByTestId('live-order-status')).toHaveTextContent('Your order is scheduled. Pickup at Fri, Mar 6, 11:15 AM');
    expect(screen.queryByText('ETA will be sent once staff begin preparing')).toBeNull();
  });

  it('shows the advance-notice and staff banners, the custom location and custom instructions, and falls back to the route id', async () => {
    stubApi({
      'GET /api/v1/orders/43': () => ({
        body: order({ id: 43, order_number: '', requires_advance_notice: true, max_advance_notice_hours: null, is_staff_order: true, staff_member_name: 'Jose' }),
      }),
      'GET /api/v1/restaurants/1': () => ({
        body: { ...restaurant, custom_pickup_location: 'Side door on Route 8', admin_settings: { custom_pickup_instructions: 'Ring the bell.' } },
      }),
    });
    renderRoute(<OrderConfirmationPage />, { path: '/order-confirmation/43', pattern });

    expect(await screen.findByText('Advance Notice Required')).toBeInTheDocument();
    expect(screen.getByText(/need 24 hours notice/)).toBeInTheDocument();
    expect(screen.getByTestId('order-number')).toHaveTextContent('43');
    expect(screen.getByText('Staff Order')).toBeInTheDocument();
    expect(screen.getByText('Placed for Jose.')).toBeInTheDocument();
    expect(await screen.findByText(/Side door on Route 8/)).toBeInTheDocument();
    expect(screen.getByText('Ring the bell.')).toBeInTheDocument();
  });

  it("shows a staff order's staff member and discount in the banner and a Staff discount line in the totals", async () => {
    stubApi({
      'GET /api/v1/orders/44': () => ({
        body: order({
          id: 44,
          order_number: 'K-0044',
          is_staff_order: true,
          staff_member_name: 'Joaquin Santos',
          staff_discount_name: 'On Duty',
          staff_discount_percentage: 50,
          merchandise_items: [],
          merchandise_subtotal: 0,
          subtotal: 25,
          discount: 12.5,
          total: 12.5,
        }),
      }),
      'GET /api/v1/restaurants/1': () => ({ body: restaurant }),
    });
    renderRoute(<OrderConfirmationPage />, { path: '/order-confirmation/44?token=abc', pattern });

    const banner = (await screen.findByText('Staff Order')).closest('[role="status"]')!;
    expect(banner).toHaveTextContent('Placed for Joaquin Santos.');
    expect(within(banner as HTMLElement).getByTestId('staff-discount')).toHaveTextContent('Staff discount: On Duty (50% off)');
    expect(screen.getByText('Staff discount (On Duty 50%)').nextSibling).toHaveTextContent('−$12.50');
    expect(screen.queryByText(/^Discount/)).not.toBeInTheDocument();
    expect(screen.getByText('Total').nextSibling).toHaveTextContent('$12.50');
  });

  it('shows a staff order placed with no discount without a discount line', async () => {
    stubApi({
      'GET /api/v1/orders/45': () => ({ body: order({ id: 45, is_staff_order: true, staff_member_name: 'Ana Admin' }) }),
      'GET /api/v1/restaurants/1': () => ({ body: restaurant }),
    });
    renderRoute(<OrderConfirmationPage />, { path: '/order-confirmation/45?token=abc', pattern });
    expect(await screen.findByText('Placed for Ana Admin.')).toBeInTheDocument();
    expect(screen.queryByTestId('staff-discount')).not.toBeInTheDocument();
    expect(screen.queryByText(/Staff discount/)).not.toBeInTheDocument();
  });

  it('lists food and merchandise apart, each shirt with its size, colour and notes, and both subtotals', async () => {
    stubApi({
      'GET /api/v1/orders/42': () => ({
        body: order({
          merchandise_items: [
            { name: 'Kusina Logo Tee', price: 25, quantity: 2, size: 'M', color: 'Black', notes: 'gift wrap' },
            { name: 'Kusina Logo Tee', price: 27, quantity: 1, size: '2XL', color: 'Red', notes: null },
          ],
          merchandise_subtotal: 77,
          subtotal: 102,
          total: 102,
        }),
      }),
      'GET /api/v1/restaurants/1': () => ({ body: restaurant }),
    });
    renderRoute(<OrderConfirmationPage />, { path: '/order-confirmation/42?token=abc', pattern });
    const merchandise = await screen.findByRole('list', { name: 'Merchandise items' });
    expect(screen.getByRole('heading', { level: 3, name: 'Food' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Merchandise' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Food items' })).getByText('Chicken Kelaguen')).toBeInTheDocument();
    const [first, second] = within(merchandise).getAllByRole('listitem');
    expect(first).toHaveTextContent('Kusina Logo Tee$25.00 × 2Size: MColor: BlackNotes: gift wrap');
    expect(second).toHaveTextContent('Kusina Logo Tee$27.00 × 1Size: 2XLColor: Red');
    expect(screen.getByText('Food subtotal').nextSibling).toHaveTextContent('$25.00');
    expect(screen.getByText('Merchandise subtotal').nextSibling).toHaveTextContent('$77.00');
    expect(screen.getByText('Total').nextSibling).toHaveTextContent('$102.00');
  });

  it('shows a merchandise-only order with both subtotals and no empty food list', async () => {
    stubApi({
      'GET /api/v1/orders/42': () => ({
        body: order({ items: [], food_subtotal: 0, merchandise_subtotal: 25, subtotal: 25, total: 25 }),
      }),
      'GET /api/v1/restaurants/1': () => ({ body: restaurant }),
    });
    renderRoute(<OrderConfirmationPage />, { path: '/order-confirmation/42?token=abc', pattern });
    expect(await screen.findByRole('list', { name: 'Merchandise items' })).toHaveTextContent('Size: L');
    expect(screen.queryByRole('list', { name: 'Food items' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 3, name: 'Merchandise' })).not.toBeInTheDocument();
    expect(screen.getByText('Food subtotal').nextSibling).toHaveTextContent('$0.00');
    expect(screen.getByText('Merchandise subtotal').nextSibling).toHaveTextContent('$25.00');
  });
});
