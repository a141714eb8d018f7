import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { makeUser, renderApp } from '../../../test/render-app.tsx';
import { useWholesaleCartStore, type WholesaleCartLine } from '../../../stores/wholesale-cart-store.ts';
import { showToast } from '../../../lib/toast.ts';
import { cartLineFixture, envelope, fundraiserFixture, orderFixture } from '../test-fixtures.ts';

vi.mock(import('../../../lib/toast.ts'), async (original) => ({ ...(await original()), showToast: vi.fn() }));

beforeEach(() => localStorage.setItem('restaurantId', '1'));
afterEach(() => {
  useWholesaleCartStore.setState({ items: [] });
  vi.mocked(showToast).mockClear();
});

/** A line stored without its fundraiser (an old or damaged cart in local storage). */
const orphan = { ...cartLineFixture(), fundraiserId: undefined } as unknown as WholesaleCartLine;

describe("the shop's messages (wholesale.md §5, §8, §9)", () => {
  it("the cart says 'No fundraiser selected' for lines without a fundraiser, and does not send them to the server", async () => {
    const api = mockApi({ 'GET /wholesale/fundraisers': envelope({ fundraisers: [fundraiserFixture()] }), 'POST /wholesale/items/101/check_availability': envelope({ available: true, available_quantity: null, requested: 1, errors: [] }) });
    useWholesaleCartStore.setState({ items: [orphan] });
    renderApp('/wholesale/cart');
    expect(await screen.findByText('No fundraiser selected')).toBeInTheDocument();
    expect(api.callsTo('POST', '/wholesale/cart/validate')).toHaveLength(0);
  });

  it("the checkout says 'No fundraiser selected' for such a cart", async () => {
    mockApi({ 'GET /wholesale/fundraisers': envelope({ fundraisers: [fundraiserFixture()] }) });
    useWholesaleCartStore.setState({ items: [orphan] });
    renderApp('/wholesale/checkout');
    expect(await screen.findByText('No fundraiser selected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Place Order/ })).toBeDisabled();
  });

  it("the cart says 'Cart validation failed' when the server refuses the cart without naming an issue", async () => {
    mockApi({
      'GET /wholesale/fundraisers': envelope({ fundraisers: [fundraiserFixture()] }),
      'POST /wholesale/items/101/check_availability': envelope({ available: true, available_quantity: null, requested: 1, errors: [] }),
      'POST /wholesale/cart/validate': envelope({ valid: false, issues: [], total_cents: 0, total: 0 }, ''),
    });
    useWholesaleCartStore.setState({ items: [cartLineFixture()] });
    renderApp('/wholesale/cart');
    expect(await screen.findByText('Cart validation failed')).toBeInTheDocument();
  });

  it('toasts of the shop last 5 seconds', async () => {
    const order = orderFixture({
      id: 1,
      orderNumber: 'W-000001',
      items: [{ id: 1, item_id: 101, name: 'Tigers Tee', description: '', sku: null, price_cents: 2500, quantity: 1, line_total_cents: 2500, variant_description: null, selected_options: {}, selected_option_ids: {} }],
    });
    mockApi({
      'GET /wholesale/orders': envelope({ orders: [order] }),
      'POST /wholesale/cart/validate': envelope({ valid: true, issues: [], total_cents: 2500, total: 25 }),
      'GET /wholesale/fundraisers': envelope({ fundraisers: [fundraiserFixture()] }),
      'POST /wholesale/items/101/check_availability': envelope({ available: true, available_quantity: null, requested: 1, errors: [] }),
    });
    const { user } = renderApp('/wholesale/orders', { user: makeUser() });
    await user.click(await screen.findByRole('button', { name: 'Reorder items of order W-000001' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('success', 'Items added to your cart.', expect.objectContaining({ duration: 5000 })));
  });
});

describe('the confirmation (wholesale.md §2)', () => {
  it('shows the Estimated Pickup the server set, in Guam time', async () => {
    mockApi({ 'GET /wholesale/orders/77': envelope({ order: orderFixture({ estimated_pickup_time: '2026-12-19T23:00:00.000Z' }) }) });
    renderApp('/wholesale/orders/77/confirmation?token=guest-token');
    expect(await screen.findByRole('heading', { name: 'Wholesale Order Confirmed!' })).toBeInTheDocument();
    const section = screen.getByText('Estimated Pickup').closest('details')!;
    expect(section).toHaveTextContent('From Dec 20, 2026, 9:00 AM · Sat 9–12');
  });
});
