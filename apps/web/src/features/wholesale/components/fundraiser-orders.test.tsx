import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderOutput } from '@kusina/domain/wholesale';
import { apiError, mockApi } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { envelope, fundraiserFixture, orderFixture } from '../test-fixtures.ts';
import { FundraiserOrders } from './fundraiser-orders.tsx';

beforeEach(() => localStorage.setItem('restaurantId', '1'));

function ordersServer(routes: Parameters<typeof mockApi>[0] = {}) {
  const orders: OrderOutput[] = [orderFixture({ id: 1, orderNumber: 'W-000001' }), orderFixture({ id: 2, orderNumber: 'W-000002', totalCents: 2000, total: 20 })];
  const api = mockApi({
    'GET /wholesale/admin/orders': () => envelope({ orders }),
    'PATCH /wholesale/admin/orders/1/status': (call) => {
      const status = (call.body as { status: OrderOutput['status'] }).status;
      orders[0] = { ...orders[0]!, status, statusLabel: status, canCancel: false };
      return envelope({ order: orders[0] });
    },
    'POST /wholesale/admin/orders/bulk_status': (call) => envelope({ results: (call.body as { order_ids: number[] }).order_ids.map((id) => ({ id, ok: true, message: null })) }),
    ...routes,
  });
  return api;
}

describe('fundraiser orders (admin)', () => {
  it('asks before Cancel & refund of one order: Keep Order changes nothing, confirming cancels it and focus goes to its checkbox', async () => {
    const api = ordersServer();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<FundraiserOrders fundraiser={fundraiserFixture()} />);
    const cancel = await screen.findByRole('button', { name: 'Mark W-000001 Cancelled' });
    await user.click(cancel);
    let dialog = await screen.findByRole('dialog', { name: 'Cancel order W-000001?' });
    expect(within(dialog).getByText('Are you sure you want to cancel this order?')).toBeInTheDocument();
    expect(within(dialog).getByText(/\$50\.00 is refunded to Maria Cruz's card/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep Order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('PATCH', '/wholesale/admin/orders/1/status')).toHaveLength(0);
    expect(cancel).toHaveFocus();

    await user.click(cancel);
    dialog = await screen.findByRole('dialog', { name: 'Cancel order W-000001?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel & refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('PATCH', '/wholesale/admin/orders/1/status')[0]?.body).toEqual({ status: 'cancelled' });
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Select order W-000001' })).toHaveFocus());
  });

  it('asks before cancelling the selected orders in bulk, and not before other bulk changes', async () => {
    const api = ordersServer();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<FundraiserOrders fundraiser={fundraiserFixture()} />);
    await user.click(await screen.findByRole('checkbox', { name: 'Select order W-000001' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select order W-000002' }));
    await user.selectOptions(screen.getByLabelText('Change selected to'), 'cancelled');
    await user.click(screen.getByRole('button', { name: 'Apply to 2 selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel 2 selected orders?' });
    expect(api.callsTo('POST', '/wholesale/admin/orders/bulk_status')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel & refund' }));
    expect(await screen.findByText('✓ 2 updated')).toBeInTheDocument();
    expect(api.callsTo('POST', '/wholesale/admin/orders/bulk_status')[0]?.body).toEqual({ order_ids: [1, 2], status: 'cancelled' });

    await user.click(screen.getByRole('checkbox', { name: 'Select order W-000002' }));
    await user.selectOptions(screen.getByLabelText('Change selected to'), 'fulfilled');
    await user.click(screen.getByRole('button', { name: 'Apply to 1 selected' }));
    await waitFor(() => expect(api.callsTo('POST', '/wholesale/admin/orders/bulk_status')).toHaveLength(2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a bulk change the server refuses for some orders names each of them with its reason', async () => {
    ordersServer({
      'POST /wholesale/admin/orders/bulk_status': (call) =>
        envelope({ results: (call.body as { order_ids: number[] }).order_ids.map((id) => (id === 2 ? { id, ok: false, message: 'That status change is not allowed.' } : { id, ok: true, message: null })) }),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<FundraiserOrders fundraiser={fundraiserFixture()} />);
    await user.click(await screen.findByRole('checkbox', { name: 'Select order W-000001' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select order W-000002' }));
    await user.selectOptions(screen.getByLabelText('Change selected to'), 'fulfilled');
    await user.click(screen.getByRole('button', { name: 'Apply to 2 selected' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('1 updated, 1 not changed: W-000002: That status change is not allowed.');
  });

  it('a pick list that cannot be loaded says so and offers to try again', async () => {
    const fundraiser = fundraiserFixture();
    let failing = true;
    ordersServer({
      [`GET /wholesale/admin/fundraisers/${fundraiser.id}/pick_list`]: () =>
        failing ? apiError(500, 'Something went wrong.') : envelope({ fundraiser: { id: fundraiser.id, name: fundraiser.name }, by_item: [{ name: 'Kelaguen Tray', variant: null, quantity: 3 }], by_participant: [] }),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<FundraiserOrders fundraiser={fundraiser} />);
    await user.click(await screen.findByRole('button', { name: 'Pick List' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The pick list could not be loaded.');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('3 × Kelaguen Tray')).toBeInTheDocument();
  });
});
