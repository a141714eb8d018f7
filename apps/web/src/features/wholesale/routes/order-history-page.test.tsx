import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { makeUser, renderApp } from '../../../test/render-app.tsx';
import { useWholesaleCartStore } from '../../../stores/wholesale-cart-store.ts';
import { cartLineFixture, envelope, orderFixture } from '../test-fixtures.ts';

const choir = { ...orderFixture().fundraiser, id: 2, name: 'St. Anthony Choir', slug: 'st-anthony-choir' };
const orders = [
  orderFixture({ id: 1, orderNumber: 'W-000001', totalCents: 5000, total: 50 }),
  orderFixture({ id: 2, orderNumber: 'W-000002', totalCents: 2000, total: 20, fundraiser: choir, participant: null }),
  orderFixture({ id: 3, orderNumber: 'W-000003', totalCents: 9900, total: 99, status: 'cancelled', statusLabel: 'Cancelled', paymentStatus: 'refunded', refundedCents: 9900, canCancel: false }),
];

beforeEach(() => localStorage.setItem('restaurantId', '1'));
afterEach(() => useWholesaleCartStore.setState({ items: [] }));

const teeLine = {
  id: 501,
  item_id: 101,
  name: 'Tigers Tee',
  description: '',
  sku: 'TEE-1',
  price_cents: 2500,
  quantity: 2,
  line_total_cents: 5000,
  variant_description: 'Large',
  selected_options: { Size: ['Large'] },
  selected_option_ids: { '7': [71] },
};
const reorderable = orderFixture({ id: 1, orderNumber: 'W-000001', items: [teeLine] });
const validCart = envelope({ valid: true, issues: [], total_cents: 5000, total: 50 });

describe('wholesale order history (wholesale.md §2)', () => {
  it('summarises the orders, hides Reorder Items on a cancelled one, filters on the server and clears the filters', async () => {
    const api = mockApi({
      'GET /wholesale/orders': (call) => envelope({ orders: call.query.get('status') === 'cancelled' ? [] : orders }),
    });
    const { user } = renderApp('/wholesale/orders', { user: makeUser() });
    expect(await screen.findByRole('heading', { name: 'Order W-000001' })).toBeInTheDocument();
    const summary = (name: string) => screen.getByText(name).nextElementSibling;
    expect(summary('Total orders')).toHaveTextContent('3');
    // A cancelled order is not money spent.
    expect(summary('Total spent')).toHaveTextContent('$70.00');
    expect(summary('Fundraisers supported')).toHaveTextContent('2');
    expect(screen.getByRole('button', { name: 'Reorder items of order W-000001' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reorder items of order W-000003' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('heading', { name: 'Order W-000002' }).closest('li')!).getByText(/Supporting general support/)).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'cancelled');
    expect(await screen.findByText('No orders match your filters')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/wholesale/orders' && c.query.get('status') === 'cancelled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Clear All Filters' }));
    expect(await screen.findByRole('heading', { name: 'Order W-000001' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear All Filters' })).toBeDisabled();
  });

  it("says 'No orders yet' without orders, and 'Payment required' on a pending unpaid one", async () => {
    let answer = [] as ReturnType<typeof orderFixture>[];
    mockApi({ 'GET /wholesale/orders': () => envelope({ orders: answer }) });
    const first = renderApp('/wholesale/orders', { user: makeUser() });
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    first.unmount();
    answer = [orderFixture({ status: 'pending', statusLabel: 'Pending', paymentStatus: 'pending' })];
    renderApp('/wholesale/orders', { user: makeUser() });
    expect(await screen.findByText('Payment required')).toBeInTheDocument();
  });

  it('asks a guest to sign in', async () => {
    const api = mockApi({});
    renderApp('/wholesale/orders');
    expect(await screen.findByText(/Sign in to see your fundraiser orders/)).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    await waitFor(() => expect(api.callsTo('GET', '/wholesale/orders')).toHaveLength(0));
  });

  it('Reorder Items adds the lines beside a cart of the same fundraiser (identical lines merge)', async () => {
    useWholesaleCartStore.setState({ items: [cartLineFixture({ id: 'mine', itemId: 101, quantity: 1, options: { '7': [71] } }), cartLineFixture({ id: 'cap', itemId: 102, name: 'Tigers Cap', quantity: 1 })] });
    const api = mockApi({ 'GET /wholesale/orders': envelope({ orders: [reorderable] }), 'POST /wholesale/cart/validate': validCart });
    const { user } = renderApp('/wholesale/orders', { user: makeUser() });
    await user.click(await screen.findByRole('button', { name: 'Reorder items of order W-000001' }));
    await waitFor(() => expect(useWholesaleCartStore.getState().items.map((l) => [l.itemId, l.quantity])).toEqual([[101, 3], [102, 1]]));
    expect(api.callsTo('POST', '/wholesale/cart/validate')[0]?.body).toMatchObject({ cart_items: [{ item_id: 101, quantity: 2, selected_options: { '7': [71] } }] });
    expect(await screen.findByRole('heading', { name: 'Your Cart' })).toBeInTheDocument();
  });

  it("Reorder Items asks Switch Fundraisers? when the cart holds another fundraiser's items: Keep Current Cart changes nothing, Clear Cart and Continue replaces it", async () => {
    const other = cartLineFixture({ id: 'choir', fundraiserId: 2, fundraiserName: 'St. Anthony Choir', fundraiserSlug: 'st-anthony-choir', itemId: 900, name: 'Choir Candle' });
    useWholesaleCartStore.setState({ items: [other] });
    mockApi({ 'GET /wholesale/orders': envelope({ orders: [reorderable] }), 'POST /wholesale/cart/validate': validCart });
    const { user } = renderApp('/wholesale/orders', { user: makeUser() });
    const button = await screen.findByRole('button', { name: 'Reorder items of order W-000001' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Switch Fundraisers?' });
    expect(within(dialog).getByText(/Your cart has items from St. Anthony Choir/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep Current Cart' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(useWholesaleCartStore.getState().items).toEqual([other]);
    expect(button).toHaveFocus();

    await user.click(button);
    await user.click(within(await screen.findByRole('dialog', { name: 'Switch Fundraisers?' })).getByRole('button', { name: 'Clear Cart and Continue' }));
    await waitFor(() => expect(useWholesaleCartStore.getState().items.map((l) => [l.fundraiserId, l.itemId, l.quantity])).toEqual([[1, 101, 2]]));
    expect(await screen.findByRole('heading', { name: 'Your Cart' })).toBeInTheDocument();
  });

  it('asks for the fundraiser name filter once typing pauses, not once per key', async () => {
    const api = mockApi({ 'GET /wholesale/orders': (call) => envelope({ orders: call.query.get('fundraiser') ? [orders[1]!] : orders }) });
    const { user } = renderApp('/wholesale/orders', { user: makeUser() });
    expect(await screen.findByRole('heading', { name: 'Order W-000001' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Fundraiser'), 'Choir');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Order W-000001' })).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { name: 'Order W-000002' })).toBeInTheDocument();
    const asked = api.callsTo('GET', '/wholesale/orders').map((c) => c.query.get('fundraiser'));
    expect(asked.filter((f) => f !== null)).toEqual(['Choir']);
  });
});
