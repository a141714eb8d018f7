import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, mockApi } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { envelope, orderFixture } from '../test-fixtures.ts';

const items = [
  {
    id: 1,
    item_id: 101,
    name: 'Tigers Tee',
    description: '',
    sku: 'TEE-1',
    price_cents: 2500,
    quantity: 2,
    line_total_cents: 5000,
    variant_description: 'XL',
    selected_options: { Size: ['XL'] },
    selected_option_ids: { '5': [52] },
  },
];

beforeEach(() => localStorage.setItem('restaurantId', '1'));

describe('wholesale order detail (wholesale.md §2, §4)', () => {
  it('shows the real items and cancels a confirmed order after the confirmation, replacing it with the server answer', async () => {
    const api = mockApi({
      'GET /wholesale/orders/77': envelope({ order: orderFixture({ items }) }),
      'DELETE /wholesale/orders/77/cancel': envelope(
        { order: orderFixture({ items, status: 'cancelled', statusLabel: 'Cancelled', statusMessage: 'This order has been cancelled.', paymentStatus: 'refunded', refundedCents: 5000, canCancel: false }) },
        'Order cancelled',
      ),
    });
    const { user } = renderApp('/wholesale/orders/77?token=guest-token');
    expect(await screen.findByRole('heading', { name: 'Order W-000077' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Items' })).getByText(/Tigers Tee/)).toBeInTheDocument();
    expect(screen.getByText('Your order has been confirmed and payment has been processed successfully.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel Order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Order' });
    expect(within(dialog).getByText('Are you sure you want to cancel this order?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep Order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', '/wholesale/orders/77/cancel')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel Order' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Cancel Order' })).getByRole('button', { name: 'Yes, Cancel Order' }));
    expect(await screen.findByText('This order has been cancelled.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/wholesale/orders/77/cancel')[0]!.query.get('token')).toBe('guest-token');
    expect(screen.queryByRole('button', { name: 'Cancel Order' })).not.toBeInTheDocument();
    expect(screen.getByText('Refunded $50.00')).toBeInTheDocument();
  });

  it("says 'Failed to cancel order' with the server's reason on the page and shows the order as it is now", async () => {
    let reads = 0;
    mockApi({
      'GET /wholesale/orders/77': () =>
        envelope({ order: ++reads === 1 ? orderFixture() : orderFixture({ status: 'fulfilled', statusLabel: 'Ready for Pickup', statusMessage: 'Your order is ready for pickup!', canCancel: false }) }),
      'DELETE /wholesale/orders/77/cancel': apiError(409, 'Only pending or confirmed orders can be cancelled.', undefined, 'CONFLICT'),
    });
    const { user } = renderApp('/wholesale/orders/77');
    await user.click(await screen.findByRole('button', { name: 'Cancel Order' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Cancel Order' })).getByRole('button', { name: 'Yes, Cancel Order' }));
    const title = await screen.findByText('Failed to cancel order');
    expect(title.parentElement).toHaveTextContent('Only pending or confirmed orders can be cancelled.');
    expect(await screen.findByText('Your order is ready for pickup!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Order' })).not.toBeInTheDocument();
  });

  it('offers no Cancel Order once the order is Ready for Pickup', async () => {
    mockApi({ 'GET /wholesale/orders/77': envelope({ order: orderFixture({ status: 'fulfilled', statusLabel: 'Ready for Pickup', statusMessage: 'Your order is ready for pickup!', canCancel: false }) }) });
    renderApp('/wholesale/orders/77');
    expect(await screen.findByText('Your order is ready for pickup!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Order' })).not.toBeInTheDocument();
  });

  it('shows the failure with Try Again and Go Back', async () => {
    let calls = 0;
    mockApi({ 'GET /wholesale/orders/77': () => (++calls === 1 ? apiError(500, 'boom') : envelope({ order: orderFixture() })) });
    const { user } = renderApp('/wholesale/orders/77');
    expect(await screen.findByText('Failed to load order details')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Order W-000077' })).toBeInTheDocument();
  });
});
