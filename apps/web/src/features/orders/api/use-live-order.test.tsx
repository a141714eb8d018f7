import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderUpdatedEvent } from '@kusina/domain/order-management';
import type { OrderConfirmationOutput, OrderHistoryEntry } from '@kusina/domain/orders';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useRealtimeStore } from '../../../stores/realtime-store.ts';
import { sockets, type FakeSocket } from '../../../test/fake-socket.ts';
import { OrderConfirmationPage } from '../routes/order-confirmation-page.tsx';
import { OrderHistoryPage } from '../routes/order-history-page.tsx';
import { renderRoute, stubApi } from '../../../test/storefront-fixtures.tsx';

function order(overrides: Partial<OrderConfirmationOutput> = {}): OrderConfirmationOutput {
  return {
    id: 42,
    restaurant_id: 1,
    order_number: 'K-10042',
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
    items: [{ name: 'Chicken Kelaguen', price: 12.5, quantity: 2, customizations: {}, notes: null }],
    merchandise_items: [],
    food_subtotal: 25,
    merchandise_subtotal: 0,
    subtotal: 25,
    discount: 0,
    total: 25,
    promo_code: null,
    staff_discount_name: null,
    staff_discount_percentage: null,
    contact_name: 'Kai Santos',
    contact_phone: '+16715550177',
    contact_email: 'kai@example.com',
    special_instructions: null,
    payment: null,
    status_history: [{ status: 'pending', at: '2026-03-05T08:30:00Z' }],
    eta_updated_at: null,
    ...overrides,
  };
}

function update(overrides: Partial<OrderUpdatedEvent>): OrderUpdatedEvent {
  return {
    id: 42,
    restaurant_id: 1,
    order_number: 'K-10042',
    change: 'status',
    status: 'preparing',
    previous_status: 'pending',
    estimated_pickup_time: '2026-03-05T09:10:00Z',
    refunded_total: 0,
    refunded_cents: 0,
    refund_status: 'none',
    payment_status: 'captured',
    updated_at: '2026-03-05T08:40:00Z',
    status_history: [
      { status: 'pending', at: '2026-03-05T08:30:00Z' },
      { status: 'preparing', at: '2026-03-05T08:40:00Z' },
    ],
    eta_updated_at: null,
    ...overrides,
  };
}

async function connected(): Promise<FakeSocket> {
  let socket: FakeSocket | undefined;
  await waitFor(async () => {
    await vi.dynamicImportSettled();
    socket = sockets.at(-1);
    expect(socket).toBeDefined();
  });
  act(() => socket!.serverEmit('connect'));
  return socket!;
}

const restaurant = { id: 1, name: 'Kusina', address: '123 Route 8, Barrigada, GU', phone_number: null, custom_pickup_location: null, vip_only_checkout: false, admin_settings: {} };

describe('live order updates', () => {
  beforeEach(() => {
    sockets.length = 0;
    localStorage.setItem('restaurantId', '1');
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    useAuthStore.setState({ user: null });
    useRealtimeStore.setState({ fallback: false });
  });

  it("joins the order's room with the link's token and shows each step and the ETA without a reload", async () => {
    stubApi({ 'GET /api/v1/orders/42': () => ({ body: order() }), 'GET /api/v1/restaurants/1': () => ({ body: restaurant }) });
    renderRoute(<OrderConfirmationPage />, { path: '/order-confirmation/42?token=secret-abc', pattern: '/order-confirmation/:orderId?' });
    expect(await screen.findByRole('heading', { name: 'Order Confirmed' })).toBeInTheDocument();
    expect(screen.getByTestId('live-order-status')).toHaveTextContent('ETA will be sent once staff begin preparing');
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Received');
    // 08:30 UTC is 6:30 PM in Guam; steps not reached have no time.
    expect(screen.getByTestId('step-time-pending')).toHaveTextContent('6:30 PM');
    expect(screen.getByTestId('step-time-pending')).toHaveAttribute('datetime', '2026-03-05T08:30:00Z');
    expect(screen.queryByTestId('step-time-preparing')).not.toBeInTheDocument();

    const socket = await connected();
    expect(socket.emitted).toContainEqual({ event: 'subscribe', payload: { channel: 'order', order_id: 42, token: 'secret-abc' } });
    // A guest has no session: nothing in the handshake.
    expect((socket.options as { auth?: unknown }).auth).toBeUndefined();

    // Another order's news is not this page's.
    act(() => socket.serverEmit('order_updated', update({ id: 43, status: 'ready' })));
    expect(screen.getByTestId('live-order-status')).toHaveTextContent('ETA will be sent once staff begin preparing');

    act(() => socket.serverEmit('order_updated', update({ status: 'preparing', estimated_pickup_time: '2026-03-05T09:10:00Z' })));
    // 09:10 UTC is 7:10 PM in Guam.
    expect(await screen.findByText('We are preparing your order. Estimated pickup: March 5, 2026 at 7:10 PM')).toBeInTheDocument();
    expect(screen.getByTestId('estimated-pickup')).toHaveTextContent('March 5, 2026 at 7:10 PM');
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Preparing');
    expect(screen.queryByText('ETA will be sent once staff begin preparing')).not.toBeInTheDocument();
    expect(screen.getByTestId('step-time-preparing')).toHaveTextContent('6:40 PM');
    // Confirmed was skipped: done, but it has no time of its own.
    expect(screen.queryByTestId('step-time-confirmed')).not.toBeInTheDocument();
    expect(screen.queryByTestId('eta-updated')).not.toBeInTheDocument();

    act(() =>
      socket.serverEmit('order_updated', update({ change: 'eta', status: 'preparing', estimated_pickup_time: '2026-03-05T09:20:00Z', eta_updated_at: '2026-03-05T08:45:00Z' })),
    );
    expect(await screen.findByText('We are preparing your order. Estimated pickup: March 5, 2026 at 7:20 PM')).toBeInTheDocument();
    expect(screen.getByTestId('eta-updated')).toHaveTextContent('Pickup time set at 6:45 PM');

    const ready = [
      { status: 'pending' as const, at: '2026-03-05T08:30:00Z' },
      { status: 'preparing' as const, at: '2026-03-05T08:40:00Z' },
      { status: 'ready' as const, at: '2026-03-05T09:18:00Z' },
    ];
    act(() =>
      socket.serverEmit('order_updated', update({ status: 'ready', previous_status: 'preparing', estimated_pickup_time: '2026-03-05T09:20:00Z', status_history: ready, eta_updated_at: '2026-03-05T08:45:00Z' })),
    );
    expect(await screen.findByText('Your order is ready for pickup!')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Ready for pickup');
    expect(screen.getByTestId('step-time-ready')).toHaveTextContent('7:18 PM');
    expect(screen.getByTestId('step-time-pending')).toHaveTextContent('6:30 PM');
  });

  it('gives the pickup time once staff have set it, even before preparing, and dates steps reached on another day', async () => {
    const placed = order({
      status: 'confirmed',
      created_at: '2026-03-05T08:30:00Z',
      estimated_pickup_time: '2026-03-06T02:00:00Z',
      status_history: [
        { status: 'pending', at: '2026-03-05T08:30:00Z' },
        { status: 'confirmed', at: '2026-03-05T14:05:00Z' },
      ],
      eta_updated_at: '2026-03-05T14:06:00Z',
    });
    stubApi({ 'GET /api/v1/orders/42': () => ({ body: placed }), 'GET /api/v1/restaurants/1': () => ({ body: restaurant }) });
    renderRoute(<OrderConfirmationPage />, { path: '/order-confirmation/42?token=t', pattern: '/order-confirmation/:orderId?' });
    // 02:00 UTC on the 6th is noon in Guam; 14:05 UTC on the 5th is already 12:05 AM on the 6th in Guam.
    expect(await screen.findByTestId('live-order-status')).toHaveTextContent('Your order has been received. Estimated pickup: March 6, 2026 at 12:00 PM');
    expect(screen.getByTestId('step-time-confirmed')).toHaveTextContent('Mar 6, 2026, 12:05 AM');
    expect(screen.getByTestId('step-time-pending')).toHaveTextContent('6:30 PM');
    expect(screen.getByTestId('eta-updated')).toHaveTextContent('Pickup time set at Mar 6, 2026, 12:06 AM');
  });

  it('keeps the checkout estimate to itself until staff set a time or start preparing', async () => {
    stubApi({ 'GET /api/v1/orders/42': () => ({ body: order({ status: 'confirmed', status_history: [{ status: 'pending', at: '2026-03-05T08:30:00Z' }, { status: 'confirmed', at: '2026-03-05T08:32:00Z' }] }) }), 'GET /api/v1/restaurants/1': () => ({ body: restaurant }) });
    renderRoute(<OrderConfirmationPage />, { path: '/order-confirmation/42?token=t', pattern: '/order-confirmation/:orderId?' });
    expect(await screen.findByTestId('live-order-status')).toHaveTextContent('ETA will be sent once staff begin preparing');
    expect(screen.getByTestId('step-time-confirmed')).toHaveTextContent('6:32 PM');
    expect(screen.queryByTestId('eta-updated')).not.toBeInTheDocument();
  });

  it('listens as the signed-in owner (the session cookie in the handshake, no token in the page) and says when an order is cancelled', async () => {
    useAuthStore.setState({ user: { id: 7, email: 'c@k.test', first_name: 'Maria', last_name: 'Cruz', name: 'Maria Cruz', phone: null, phone_verified: true, role: 'customer', restaurant_id: 1 } });
    stubApi({ 'GET /api/v1/orders/42': () => ({ body: order() }), 'GET /api/v1/restaurants/1': () => ({ body: restaurant }) });
    renderRoute(<OrderConfirmationPage />, { path: '/order-confirmation/42', pattern: '/order-confirmation/:orderId?' });
    await screen.findByRole('heading', { name: 'Order Confirmed' });
    const socket = await connected();
    expect((socket.options as { auth?: unknown }).auth).toBeUndefined();
    expect(socket.emitted).toContainEqual({ event: 'subscribe', payload: { channel: 'order', order_id: 42 } });
    act(() =>
      socket.serverEmit(
        'order_updated',
        update({
          status: 'cancelled',
          previous_status: 'pending',
          payment_status: 'refunded',
          status_history: [
            { status: 'pending', at: '2026-03-05T08:30:00Z' },
            { status: 'cancelled', at: '2026-03-05T08:41:00Z' },
          ],
        }),
      ),
    );
    expect(await screen.findByText('This order has been cancelled.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Order progress' })).not.toBeInTheDocument();
    expect(screen.getByTestId('stopped-at')).toHaveTextContent('Cancelled on March 5, 2026 at 6:41 PM');
  });

  it('fetches the order again every 10 s while the live connection is down', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const requests = stubApi({ 'GET /api/v1/orders/42': () => ({ body: order() }), 'GET /api/v1/restaurants/1': () => ({ body: restaurant }) });
    renderRoute(<OrderConfirmationPage />, { path: '/order-confirmation/42?token=t', pattern: '/order-confirmation/:orderId?' });
    await screen.findByRole('heading', { name: 'Order Confirmed' });
    const fetches = () => requests.filter((request) => request.url.pathname === '/api/v1/orders/42').length;
    const settled = fetches();
    act(() => useRealtimeStore.setState({ fallback: true }));
    await act(async () => {
      vi.advanceTimersByTime(10_000);
    });
    await waitFor(() => expect(fetches()).toBe(settled + 1));
  });

  it("updates the history's status badges live for the owner's orders", async () => {
    useAuthStore.setState({ user: { id: 7, email: 'c@k.test', first_name: 'Maria', last_name: 'Cruz', name: 'Maria Cruz', phone: null, phone_verified: true, role: 'customer', restaurant_id: 1 } });
    const entry: OrderHistoryEntry = {
      id: 42,
      order_number: 'K-10042',
      createdAt: '2026-03-05T08:30:00Z',
      status: 'pending',
      items: [{ name: 'Chicken Kelaguen', price: 12.5, quantity: 2, customizations: {}, notes: null }],
      merchandise_items: [],
      total: 25,
      estimatedPickupTime: '2026-03-05T08:55:00Z',
      specialInstructions: null,
    };
    stubApi({ 'GET /api/v1/orders': () => ({ body: { orders: [entry], total_count: 1, page: 1, per_page: 5, total_pages: 1 } }) });
    renderRoute(<OrderHistoryPage />, { path: '/orders' });
    expect(await screen.findByRole('heading', { name: 'Order K-10042' })).toBeInTheDocument();
    const socket = await connected();
    expect((socket.options as { auth?: unknown }).auth).toBeUndefined();
    const badge = () => document.querySelector('[data-status]');
    expect(badge()).toHaveTextContent('Pending');
    act(() => socket.serverEmit('order_updated', update({ status: 'ready' })));
    await waitFor(() => expect(badge()).toHaveTextContent('Ready'));
    expect(screen.getByText('March 5, 2026 at 7:10 PM')).toBeInTheDocument();
  });
});
