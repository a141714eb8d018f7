import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CartIssue } from '@kusina/domain/wholesale';
import { apiError, mockApi, type ApiHandler, type ApiReply } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { useWholesaleCartStore } from '../../../stores/wholesale-cart-store.ts';
import { cartLineFixture, envelope, fundraiserFixture } from '../test-fixtures.ts';

const tee = cartLineFixture({ id: 'tee', itemId: 101, name: 'Tigers Tee', quantity: 3, selectedOptions: { size: ['xl'] }, options: { '5': [51] } });
const cap = cartLineFixture({ id: 'cap', itemId: 102, name: 'Tigers Cap', sku: 'CAP-1', priceCents: 1500, quantity: 1 });
const mug = cartLineFixture({ id: 'mug', itemId: 103, name: 'Tigers Mug', sku: 'MUG-1', priceCents: 1000, quantity: 2 });

const issues: CartIssue[] = [
  { type: 'insufficient_stock', line: 0, item_id: 101, item_name: 'Tigers Tee', message: 'Only 1 left, you have 3', available: 1, requested: 3 },
  { type: 'out_of_stock', line: 1, item_id: 102, item_name: 'Tigers Cap', message: 'Tigers Cap is out of stock' },
  { type: 'price_changed', line: 2, item_id: 103, item_name: 'Tigers Mug', message: 'Price changed ... please review', new_price_cents: 1200, new_price: 12 },
];

/** The server's stock per item id (POST /items/{id}/check_availability): units left, null for unlimited. */
type StockAnswer = number | null | (() => ApiReply | Promise<ApiReply>);

function availability(stock: StockAnswer): ApiHandler {
  return (call) => {
    if (typeof stock === 'function') return stock();
    const requested = (call.body as { quantity: number }).quantity;
    return envelope({ available: stock === null || stock >= requested, available_quantity: stock, requested, errors: [] });
  };
}

function cartApi(answers: { valid: boolean; issues: CartIssue[] }[], stock: Record<number, StockAnswer> = {}) {
  let call = 0;
  return mockApi({
    'GET /wholesale/fundraisers': envelope({ fundraisers: [fundraiserFixture()] }),
    ...Object.fromEntries([101, 102, 103].map((id) => [`POST /wholesale/items/${id}/check_availability`, availability(stock[id] ?? null)])),
    'POST /wholesale/cart/validate': () => {
      const answer = answers[Math.min(call++, answers.length - 1)]!;
      return envelope({ ...answer, total_cents: 0, total: 0 }, answer.valid ? '' : 'Some items in your cart need attention');
    },
  });
}

beforeEach(() => localStorage.setItem('restaurantId', '1'));
afterEach(() => useWholesaleCartStore.setState({ items: [] }));

describe('wholesale cart (wholesale.md §2, §4, §8)', () => {
  it('shows the lines with options, SKU and the fundraiser it supports', async () => {
    cartApi([{ valid: true, issues: [] }]);
    useWholesaleCartStore.setState({ items: [tee, cap] });
    renderApp('/wholesale/cart');
    expect(await screen.findByRole('heading', { name: 'Your Cart', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Supporting: Tamuning Tigers')).toBeInTheDocument();
    expect(screen.getByText('Size: Xl')).toBeInTheDocument();
    expect(screen.getByText('SKU: CAP-1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Fix Cart Automatically' })).not.toBeInTheDocument();
  });

  it("lists the server's issues and Fix Cart Automatically removes, adjusts and re-prices, then says so for 3 seconds", async () => {
    const api = cartApi([{ valid: false, issues }, { valid: true, issues: [] }]);
    useWholesaleCartStore.setState({ items: [tee, cap, mug] });
    const { user } = renderApp('/wholesale/cart');
    const alert = (await screen.findByText('Some items in your cart need attention')).parentElement!;
    expect(within(alert).getByText('Tigers Tee: Only 1 left, you have 3')).toBeInTheDocument();
    expect(within(alert).getByText('Tigers Cap: Tigers Cap is out of stock')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Fix Cart Automatically' }));
    expect(await screen.findByText('✓ Cart fixed! Removed 1, adjusted 1, price updated 1.')).toBeInTheDocument();
    const lines = useWholesaleCartStore.getState().items;
    expect(lines.map((l) => [l.name, l.quantity, l.priceCents])).toEqual([
      ['Tigers Tee', 1, 2500],
      ['Tigers Mug', 2, 1200],
    ]);
    // The fixed cart is validated again, and the button goes with its issues.
    await waitFor(() => expect(api.callsTo('POST', '/wholesale/cart/validate').length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Fix Cart Automatically' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByText(/Cart fixed!/)).not.toBeInTheDocument(), { timeout: 4500 });
  });

  it('says the cart is already up to date when the issues need no change', async () => {
    const stale = [{ ...issues[2]!, line: 0, new_price_cents: 2500 }];
    cartApi([{ valid: false, issues: stale }]);
    useWholesaleCartStore.setState({ items: [cartLineFixture()] });
    const { user } = renderApp('/wholesale/cart');
    await user.click(await screen.findByRole('button', { name: 'Fix Cart Automatically' }));
    expect(await screen.findByText('Your cart is already up to date!')).toBeInTheDocument();
  });

  it("shows the server's stock hint and stops the plus control at the stock; 0 removes the line and the last line empties the cart", async () => {
    const api = cartApi([{ valid: true, issues: [] }], { 101: 3 });
    // A line put back by Reorder Items: no maximum of its own.
    useWholesaleCartStore.setState({ items: [cartLineFixture({ quantity: 2, maxQuantity: undefined })] });
    const { user } = renderApp('/wholesale/cart');
    expect(await screen.findByText('1 more available')).toBeInTheDocument();
    expect(api.callsTo('POST', '/wholesale/items/101/check_availability')[0]!.body).toEqual({ quantity: 1, selected_options: {} });
    await user.click(screen.getByRole('button', { name: 'Increase quantity of Tigers Tee' }));
    expect(await screen.findByText('Max reached')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Increase quantity of Tigers Tee' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Tigers Tee' }));
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Tigers Tee' }));
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Tigers Tee' }));
    expect(await screen.findByRole('heading', { name: 'Your Cart is Empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Fundraisers' })).toHaveAttribute('href', '/wholesale');
    expect(useWholesaleCartStore.getState().items).toEqual([]);
  });

  it("says 'Loading inventory...' while asking and 'Inventory status unknown' when the server cannot tell", async () => {
    let release: (reply: ApiReply) => void = () => undefined;
    const pending = new Promise<ApiReply>((resolve) => (release = resolve));
    cartApi([{ valid: true, issues: [] }], { 101: () => pending, 102: () => apiError(503, 'Service unavailable'), 103: null });
    useWholesaleCartStore.setState({ items: [cartLineFixture({ id: 'tee', quantity: 1 }), cap, mug] });
    renderApp('/wholesale/cart');
    expect(await screen.findByTestId('stock-hint-tee')).toHaveTextContent('Loading inventory...');
    expect(await screen.findByTestId('stock-hint-cap')).toHaveTextContent('Inventory status unknown');
    // Unlimited stock: no hint.
    await waitFor(() => expect(screen.queryByTestId('stock-hint-mug')).not.toBeInTheDocument());
    release(envelope({ available: true, available_quantity: 4, requested: 1, errors: [] }));
    await waitFor(() => expect(screen.getByTestId('stock-hint-tee')).toHaveTextContent('3 more available'));
  });

  it('follows the stock as it changes, not the maximum frozen when the line was added', async () => {
    let left = 4;
    cartApi([{ valid: true, issues: [] }], { 101: () => envelope({ available: left > 0, available_quantity: left, requested: 1, errors: [] }) });
    useWholesaleCartStore.setState({ items: [cartLineFixture({ id: 'tee', quantity: 3, maxQuantity: 10 })] });
    const { queryClient } = renderApp('/wholesale/cart');
    await waitFor(() => expect(screen.getByTestId('stock-hint-tee')).toHaveTextContent('1 more available'));
    // Another supporter buys; the fundraiser's live stock event refreshes the shop's queries.
    left = 3;
    await queryClient.invalidateQueries({ queryKey: ['wholesale'] });
    await waitFor(() => expect(screen.getByTestId('stock-hint-tee')).toHaveTextContent('Max reached'));
    expect(screen.getByRole('button', { name: 'Increase quantity of Tigers Tee' })).toBeDisabled();
  });

  it('after Fix Cart Automatically lowers a line to the stock left, its plus control stops there', async () => {
    cartApi([{ valid: false, issues: [{ ...issues[0]!, available: 2 }] }, { valid: true, issues: [] }], { 101: 2 });
    useWholesaleCartStore.setState({ items: [{ ...tee, maxQuantity: 10 }] });
    const { user } = renderApp('/wholesale/cart');
    await user.click(await screen.findByRole('button', { name: 'Fix Cart Automatically' }));
    await waitFor(() => expect(useWholesaleCartStore.getState().items.map((l) => [l.quantity, l.maxQuantity])).toEqual([[2, 2]]));
    expect(await screen.findByText('Max reached')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Increase quantity of Tigers Tee' })).toBeDisabled();
  });
});
