import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetailOutput } from '@kusina/domain/order-management';
import { apiError, mockApi, type ApiCall } from '../../../test/api-mock.ts';
import { makeUser, renderApp } from '../../../test/render-app.tsx';
import { boardEntry, orderDetail, orderList } from '../../../test/admin-fixtures.ts';

const admin = makeUser({ id: 4, role: 'admin', first_name: 'Ana', last_name: 'Admin', name: 'Ana Admin' });

function refundServer(order: OrderDetailOutput, refund: (call: ApiCall) => Response | { status?: number; body?: unknown }) {
  return mockApi({
    'GET /admin/orders': { body: orderList([boardEntry()]) },
    'GET /admin/orders/unacknowledged_count': { body: { restaurant_id: 1, count: 0, latest_order_id: null } },
    'GET /admin/orders/101': { body: order },
    'POST /admin/orders/101/refunds': refund,
  });
}

function refunded(order: OrderDetailOutput, amountCents: number, full: boolean, lines: Array<{ order_item_id: number; quantity: number }>) {
  const refundedCents = order.refunded_cents + amountCents;
  const next: OrderDetailOutput = {
    ...order,
    refunded_cents: refundedCents,
    refunded_total: refundedCents / 100,
    refundable_cents: order.total_cents - refundedCents,
    refund_status: refundedCents >= order.total_cents ? 'full' : 'partial',
    status: refundedCents >= order.total_cents ? 'refunded' : order.status,
    lines: order.lines.map((line) => {
      const quantity = full ? line.refundable_quantity : (lines.find((l) => l.order_item_id === line.id)?.quantity ?? 0);
      return { ...line, refunded_quantity: line.refunded_quantity + quantity, refundable_quantity: line.refundable_quantity - quantity };
    }),
  };
  return {
    refund: {
      id: 1,
      order_id: order.id,
      amount: amountCents / 100,
      amount_cents: amountCents,
      full,
      restock: 'return' as const,
      reason: 'x',
      processor: 'test' as const,
      processor_refund_id: 'test_re_1',
      actor: { id: 4, name: 'Ana Admin', role: 'admin' },
      created_at: '2026-03-05T09:00:00.000Z',
      lines: [],
    },
    order: next,
  };
}

async function openRefund() {
  const rendered = renderApp('/admin?order=101', { user: admin });
  const detail = await screen.findByRole('dialog', { name: 'Order K-10101' });
  await rendered.user.click(await within(detail).findByRole('button', { name: 'Refund' }));
  const dialog = await screen.findByRole('dialog', { name: 'Refund order K-10101' });
  return { ...rendered, dialog };
}

describe('refund dialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('refunds the whole order after a reason and a confirmation step', async () => {
    const order = orderDetail();
    const api = refundServer(order, () => ({ status: 201, body: refunded(order, 4500, true, []) }));
    const { user, dialog } = await openRefund();

    expect(within(dialog).getByTestId('refund-amount')).toHaveTextContent('$45.00');
    expect(within(dialog).getByTestId('refundable-remainder')).toHaveTextContent('$45.00');
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/orders/101/refunds')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), 'Order never picked up');
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    expect(await within(dialog).findByText('Refund $45.00 through the test processor?')).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/orders/101/refunds')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm refund of $45.00' }));

    expect(await screen.findByText('Refunded $45.00 for order K-10101.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/orders/101/refunds')[0]?.body).toEqual({ full: true, restock: 'return', reason: 'Order never picked up' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Refund order K-10101' })).not.toBeInTheDocument());
    // Totals and payment follow: the order is refunded, nothing is left to refund.
    const detail = screen.getByRole('dialog', { name: 'Order K-10101' });
    expect(await within(detail).findByText('Fully refunded')).toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it('refunds some units, priced by the shared rule with the discount shared in proportion, and marks them damaged', async () => {
    const order = orderDetail();
    const api = refundServer(order, (call) => {
      const body = call.body as { lines: Array<{ order_item_id: number; quantity: number }> };
      return { status: 201, body: refunded(order, 1125, false, body.lines) };
    });
    const { user, dialog } = await openRefund();

    await user.click(within(dialog).getByRole('radio', { name: 'Some items' }));
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    expect(await within(dialog).findByText('Choose the items to refund, or refund the full order.')).toBeInTheDocument();

    const kelaguen = within(dialog).getByLabelText('Quantity of Chicken Kelaguen to refund');
    await user.clear(kelaguen);
    await user.type(kelaguen, '5');
    // Clamped to what is refundable (2).
    expect(kelaguen).toHaveValue(2);
    await user.clear(kelaguen);
    await user.type(kelaguen, '1');
    // $12.50 of a $50.00 subtotal, of $45.00 paid: $11.25.
    expect(within(dialog).getByTestId('refund-amount')).toHaveTextContent('$11.25');
    await user.click(within(dialog).getByRole('radio', { name: 'Mark damaged (not sellable)' }));
    await user.type(within(dialog).getByLabelText('Reason'), 'Dropped on the floor');
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    expect(await within(dialog).findByText(/Stock: marked damaged/)).toBeInTheDocument();
    expect(within(dialog).getByText('Refundable after this refund: $33.75')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm refund of $11.25' }));

    expect(await screen.findByText('Refunded $11.25 for order K-10101.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/orders/101/refunds')[0]?.body).toEqual({
      full: false,
      lines: [{ order_item_id: 501, quantity: 1 }],
      restock: 'damaged',
      reason: 'Dropped on the floor',
    });
    const detail = screen.getByRole('dialog', { name: 'Order K-10101' });
    expect(await within(detail).findByText('Partly refunded')).toBeInTheDocument();
    expect(within(detail).getByText('1 refunded')).toBeInTheDocument();
  });

  it('shows what the server says when it refuses, and nothing is refunded', async () => {
    const order = orderDetail({ refunded_cents: 4000, refunded_total: 40, refundable_cents: 500, refund_status: 'partial' });
    refundServer(order, () => apiError(409, 'A refund can never exceed what was paid.', undefined, 'REFUND_EXCEEDS_PAID'));
    const { user, dialog } = await openRefund();
    expect(within(dialog).getByTestId('refund-amount')).toHaveTextContent('$5.00');
    await user.type(within(dialog).getByLabelText('Reason'), 'Cold food');
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Confirm refund of $5.00' }));
    expect(await within(dialog).findByText('A refund can never exceed what was paid.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Review refund' })).toBeInTheDocument();
  });
});
