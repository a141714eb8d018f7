import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allowedTransitions, type OrderDetailOutput } from '@kusina/domain/order-management';
import type { OrderStatus } from '@kusina/domain/orders';
import { apiError, mockApi, type ApiCall } from '../../../test/api-mock.ts';
import { sockets } from '../../../test/fake-socket.ts';
import { makeUser, renderApp } from '../../../test/render-app.tsx';
import { boardEntry, orderDetail, orderList } from '../../../test/admin-fixtures.ts';
import { TRANSITION_LABELS } from './transition-labels.ts';

const staff = makeUser({ id: 3, role: 'staff', first_name: 'Kekoa', last_name: 'Staff', name: 'Kekoa Staff' });
const admin = makeUser({ id: 4, role: 'admin', first_name: 'Ana', last_name: 'Admin', name: 'Ana Admin' });

/** The order's server: GET answers the current detail; PATCH status applies the pipeline like the API. */
function detailServer(initial: OrderDetailOutput, routes: Record<string, (call: ApiCall) => Response | { status?: number; body?: unknown }> = {}) {
  let order = initial;
  const api = mockApi({
    'GET /admin/orders': () => ({ body: orderList([boardEntry({ id: order.id, status: order.status })]) }),
    'GET /admin/orders/unacknowledged_count': { body: { restaurant_id: 1, count: 0, latest_order_id: null } },
    [`GET /admin/orders/${initial.id}`]: () => ({ body: order }),
    [`PATCH /admin/orders/${initial.id}/status`]: (call) => {
      const body = call.body as { status: OrderStatus; estimated_pickup_time?: string };
      if (!allowedTransitions(order.status).includes(body.status)) return apiError(409, `An order that is ${order.status} cannot become ${body.status}.`, undefined, 'ILLEGAL_TRANSITION');
      order = {
        ...order,
        status: body.status,
        estimated_pickup_time: body.estimated_pickup_time ?? order.estimated_pickup_time,
        allowed_transitions: allowedTransitions(body.status),
        updated_at: new Date().toISOString(),
        status_history: [...order.status_history, { id: order.status_history.length + 1, from_status: order.status, to_status: body.status, actor: { id: 3, name: 'Kekoa Staff', role: 'staff' }, reason: null, created_at: new Date().toISOString() }],
      };
      return { body: order };
    },
    [`PATCH /admin/orders/${initial.id}/eta`]: (call) => {
      order = { ...order, estimated_pickup_time: (call.body as { estimated_pickup_time: string }).estimated_pickup_time, updated_at: new Date().toISOString() };
      return { body: order };
    },
    ...routes,
  });
  return { api, set: (next: OrderDetailOutput) => (order = next) };
}

const statusButtons = () =>
  within(screen.getByRole('group', { name: 'Change status' }))
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('order detail', () => {
  beforeEach(() => {
    sockets.length = 0;
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows items with choices and notes, merchandise, contact, payment and history, and only the legal next statuses', async () => {
    detailServer(orderDetail());
    renderApp('/admin?order=101', { user: staff });
    const dialog = await screen.findByRole('dialog', { name: 'Order K-10101' });
    expect(await within(dialog).findByText('Sides: Red rice')).toBeInTheDocument();
    expect(within(dialog).getByText('Notes: Extra lemon')).toBeInTheDocument();
    expect(within(dialog).getByText('Size: L')).toBeInTheDocument();
    expect(within(dialog).getByText('Color: Black')).toBeInTheDocument();
    expect(within(dialog).getByText('Call when ready')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: '+1 (671) 555-0103' })).toHaveAttribute('href', 'tel:+16715550103');
    expect(within(dialog).getByText('test_txn_1')).toBeInTheDocument();
    expect(within(dialog).getByText('−$5.00')).toBeInTheDocument();
    expect(within(dialog).getByTestId('status-history')).toHaveTextContent('Placed (Pending) · Customer checkout · Mar 5, 2026, 6:30 PM');
    expect(within(dialog).getByText(/Acknowledged Mar 5, 2026, 6:31 PM by Kekoa Staff \(staff\)/)).toBeInTheDocument();

    // pending → confirmed, preparing or cancelled; never straight to ready, completed or refunded.
    expect(statusButtons()).toEqual(['Confirm', 'Start preparing', 'Cancel order']);
    // Staff may not refund.
    expect(within(dialog).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it.each<[OrderStatus, string[]]>([
    ['confirmed', ['Start preparing', 'Cancel order']],
    ['preparing', ['Mark ready', 'Cancel order']],
    ['ready', ['Picked up', 'Cancel order']],
  ])('offers from %s only %j', async (status, labels) => {
    detailServer(orderDetail({ status, allowed_transitions: allowedTransitions(status) }));
    renderApp('/admin?order=101', { user: staff });
    await screen.findByRole('dialog', { name: 'Order K-10101' });
    await waitFor(() => expect(statusButtons()).toEqual(labels));
    expect(labels).toEqual(allowedTransitions(status).map((next) => TRANSITION_LABELS[next]));
  });

  it.each<OrderStatus>(['completed', 'cancelled', 'refunded'])('offers no status change for a %s order and no ETA setter', async (status) => {
    detailServer(orderDetail({ status, allowed_transitions: [] }));
    renderApp('/admin?order=101', { user: staff });
    const dialog = await screen.findByRole('dialog', { name: 'Order K-10101' });
    expect(await within(dialog).findByText(`This order is ${status}: its status can no longer change.`)).toBeInTheDocument();
    expect(within(dialog).queryByRole('group', { name: 'Change status' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('group', { name: 'Push the pickup time' })).not.toBeInTheDocument();
  });

  it("shows the pickup time the customer chose at checkout (issue #23), and nothing for as-soon-as-possible orders", async () => {
    detailServer(orderDetail({ requested_pickup_time: '2026-03-06T01:15:00.000Z', estimated_pickup_time: '2026-03-06T01:15:00.000Z' }));
    renderApp('/admin?order=101', { user: staff });
    const dialog = await screen.findByRole('dialog', { name: 'Order K-10101' });
    expect(await within(dialog).findByTestId('requested-pickup')).toHaveTextContent('Customer chose pickup at: Mar 6, 2026, 11:15 AM');
    cleanup();
    detailServer(orderDetail());
    renderApp('/admin?order=101', { user: staff });
    const plain = await screen.findByRole('dialog', { name: 'Order K-10101' });
    await within(plain).findByText('Call when ready');
    expect(within(plain).queryByTestId('requested-pickup')).toBeNull();
  });

  it('starts preparing with an ETA chosen as minutes from now, then offers Mark ready', async () => {
    const server = detailServer(orderDetail({ estimated_pickup_time: '2026-03-05T08:55:00.000Z' }));
    const { user } = renderApp('/admin?order=101', { user: staff });
    const dialog = await screen.findByRole('dialog', { name: 'Order K-10101' });
    await user.click(await within(dialog).findByRole('button', { name: 'Start preparing' }));
    await user.click(within(dialog).getByRole('button', { name: '20 min' }));
    const before = Date.now();
    await user.click(within(dialog).getByRole('button', { name: /^Start preparing · ready/ }));

    await waitFor(() => expect(statusButtons()).toEqual(['Mark ready', 'Cancel order']));
    const body = server.api.callsTo('PATCH', '/admin/orders/101/status')[0]?.body as { status: string; estimated_pickup_time: string };
    expect(body.status).toBe('preparing');
    const eta = new Date(body.estimated_pickup_time).getTime();
    expect(eta - before).toBeGreaterThanOrEqual(20 * 60_000 - 1000);
    expect(eta - before).toBeLessThanOrEqual(20 * 60_000 + 5000);
    expect(await screen.findByText('Order K-10101 is preparing.')).toBeInTheDocument();
    expect(within(dialog).getByTestId('status-history')).toHaveTextContent('Pending → Preparing · Kekoa Staff (staff)');

    await user.click(within(dialog).getByRole('button', { name: 'Mark ready' }));
    await waitFor(() => expect(statusButtons()).toEqual(['Picked up', 'Cancel order']));
    expect(server.api.callsTo('PATCH', '/admin/orders/101/status')[1]?.body).toEqual({ status: 'ready' });
  });

  it('pushes the ETA by 10 minutes from the current ETA and sets an exact Guam time', async () => {
    const future = new Date(Date.now() + 30 * 60_000);
    future.setSeconds(0, 0);
    const server = detailServer(orderDetail({ status: 'preparing', estimated_pickup_time: future.toISOString(), allowed_transitions: ['ready', 'cancelled'] }));
    const { user } = renderApp('/admin?order=101', { user: staff });
    const dialog = await screen.findByRole('dialog', { name: 'Order K-10101' });
    await user.click(await within(dialog).findByRole('button', { name: '+10 min' }));
    await waitFor(() => expect(server.api.callsTo('PATCH', '/admin/orders/101/eta')).toHaveLength(1));
    expect(server.api.callsTo('PATCH', '/admin/orders/101/eta')[0]?.body).toEqual({ estimated_pickup_time: new Date(future.getTime() + 10 * 60_000).toISOString() });

    // 2 hours ahead, typed as Guam wall-clock time (UTC+10), whatever the browser's zone (TZ=UTC here).
    const target = new Date(Date.now() + 2 * 3_600_000);
    target.setUTCSeconds(0, 0);
    const guam = new Date(target.getTime() + 10 * 3_600_000).toISOString().slice(0, 16);
    const input = await within(dialog).findByLabelText('Exact time (Guam)');
    await user.clear(input);
    await user.type(input, guam);
    await user.click(within(dialog).getByRole('button', { name: 'Set time' }));
    await waitFor(() => expect(server.api.callsTo('PATCH', '/admin/orders/101/eta')).toHaveLength(2));
    expect(server.api.callsTo('PATCH', '/admin/orders/101/eta')[1]?.body).toEqual({ estimated_pickup_time: target.toISOString() });
  });

  it('refuses a past exact time before asking the server', async () => {
    const server = detailServer(orderDetail({ status: 'confirmed', allowed_transitions: ['preparing', 'cancelled'] }));
    const { user } = renderApp('/admin?order=101', { user: staff });
    const dialog = await screen.findByRole('dialog', { name: 'Order K-10101' });
    const input = await within(dialog).findByLabelText('Exact time (Guam)');
    await user.clear(input);
    await user.type(input, '2020-01-01T10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Set time' }));
    expect(await within(dialog).findByText('The pickup time must be in the future.')).toBeInTheDocument();
    expect(server.api.callsTo('PATCH', '/admin/orders/101/eta')).toHaveLength(0);
  });

  it('shows the server refusing a move made stale by another screen, and refreshes the order', async () => {
    const server = detailServer(orderDetail());
    const { user } = renderApp('/admin?order=101', { user: staff });
    const dialog = await screen.findByRole('dialog', { name: 'Order K-10101' });
    await within(dialog).findByRole('button', { name: 'Confirm' });
    // Someone else already cancelled it.
    server.set(orderDetail({ status: 'cancelled', allowed_transitions: [] }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    // (The message's node is replaced when the refreshed order lands: look it up each time.)
    await waitFor(() => expect(within(dialog).getByText(/An order that is cancelled cannot become confirmed\. It was changed on another screen/)).toBeInTheDocument());
    expect(await within(dialog).findByText('This order is cancelled: its status can no longer change.')).toBeInTheDocument();
  });

  it('asks before cancelling, says what the customer gets back, sends the reason, and shows the refunded result', async () => {
    // $45 paid, $12.50 already refunded: cancelling gives back the $32.50 left.
    const server = detailServer(orderDetail({ refunded_cents: 1250, refunded_total: 12.5, refundable_cents: 3250, refund_status: 'partial' }), {
      'PATCH /admin/orders/101/status': () => ({
        body: orderDetail({
          status: 'cancelled',
          allowed_transitions: [],
          refunded_cents: 4500,
          refunded_total: 45,
          refundable_cents: 0,
          refund_status: 'full',
          updated_at: new Date().toISOString(),
          payment: { ...orderDetail().payment!, status: 'refunded' },
        }),
      }),
    });
    const { user } = renderApp('/admin?order=101', { user: staff });
    const dialog = await screen.findByRole('dialog', { name: 'Order K-10101' });
    await user.click(await within(dialog).findByRole('button', { name: 'Cancel order' }));
    expect(within(dialog).getByTestId('cancel-refund-note')).toHaveTextContent('The customer will be refunded $32.50 through test and told by text and e-mail.');
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Customer called');
    await user.click(within(dialog).getByRole('radio', { name: 'Mark damaged (not sellable)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel and refund $32.50' }));
    await waitFor(() => expect(server.api.callsTo('PATCH', '/admin/orders/101/status')[0]?.body).toEqual({ status: 'cancelled', reason: 'Customer called', restock: 'damaged' }));
    expect(await within(dialog).findByText('This order is cancelled: its status can no longer change.')).toBeInTheDocument();
    expect(within(dialog).getByTestId('payment-status')).toHaveTextContent('refunded');
    expect(within(dialog).getByText('Fully refunded')).toBeInTheDocument();
  });

  it('says nothing goes back when the order has no payment, and sends no restock', async () => {
    const server = detailServer(orderDetail({ payment: null }));
    const { user } = renderApp('/admin?order=101', { user: staff });
    const dialog = await screen.findByRole('dialog', { name: 'Order K-10101' });
    await user.click(await within(dialog).findByRole('button', { name: 'Cancel order' }));
    expect(within(dialog).getByTestId('cancel-refund-note')).toHaveTextContent('Nothing was paid, so nothing is refunded.');
    expect(within(dialog).queryByRole('radio', { name: 'Return to inventory' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel order' }));
    await waitFor(() => expect(server.api.callsTo('PATCH', '/admin/orders/101/status')[0]?.body).toEqual({ status: 'cancelled' }));
  });

  it('gives admins the refund action and prints the kitchen ticket on its own', async () => {
    detailServer(orderDetail());
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { user } = renderApp('/admin?order=101', { user: admin });
    const dialog = await screen.findByRole('dialog', { name: 'Order K-10101' });
    expect(await within(dialog).findByRole('button', { name: 'Refund' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Print kitchen ticket' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(document.body.dataset.printing).toBe('kitchen');
    const ticket = screen.getByTestId('kitchen-ticket');
    expect(ticket.closest('.print-ticket-root')?.parentElement).toBe(document.body);
    expect(ticket).toHaveTextContent('K-10101');
    expect(ticket).toHaveTextContent('2× Chicken Kelaguen');
    expect(ticket).toHaveTextContent('** Extra lemon');
    expect(ticket).not.toHaveTextContent('$');
    window.dispatchEvent(new Event('afterprint'));
    await waitFor(() => expect(screen.queryByTestId('kitchen-ticket')).not.toBeInTheDocument());
    expect(document.body.dataset.printing).toBeUndefined();

    await user.click(within(dialog).getByRole('button', { name: 'Print customer receipt' }));
    const receipt = await screen.findByTestId('customer-receipt');
    expect(receipt).toHaveTextContent('Total$45.00');
    expect(receipt).toHaveTextContent('ALOHA10');
  });

  it('closes back to the board', async () => {
    detailServer(orderDetail());
    const { user } = renderApp('/admin?status=all&order=101', { user: staff });
    const dialog = await screen.findByRole('dialog', { name: 'Order K-10101' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\?status=all$/);
  });
});
