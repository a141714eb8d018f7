import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuoteOutput } from '@kusina/domain/checkout';
import { addCartItem, cartLineKey, updateCartItemQuantity } from '../../../stores/cart-actions.ts';
import { CART_STORAGE_KEY, selectCartCount, useCartStore, type CartItem } from '../../../stores/cart-store.ts';
import { menuItem, menuResponse, option, optionGroup, renderRoute, stubApi, type RecordedRequest } from '../test-utils.tsx';
import { CartPage } from './cart-page.tsx';

const musubi = menuItem({ id: 1, name: 'Spam Musubi', price_cents: 450, enable_stock_tracking: true, stock_quantity: 3, available_quantity: 3, stock_status: 'low_stock' });
const roast = menuItem({ id: 2, name: 'Whole Roast Pig', price_cents: 25000, advance_notice_hours: 48 });
const bowl = menuItem({
  id: 3,
  name: 'Poke Bowl',
  price_cents: 1500,
  option_groups: [optionGroup({ id: 9, name: 'Fish', max_select: 1, options: [option({ id: 91, name: 'Ahi', additional_price_cents: 0 })] })],
});

function quoteFor(request: RecordedRequest, issues: QuoteOutput['issues'] = []): { body: QuoteOutput } {
  const items = (request.body as { items: { menu_item_id: number; quantity: number }[] }).items;
  const prices = new Map([
    [1, 450],
    [2, 25000],
    [3, 1500],
  ]);
  const lines = items.map((line, index) => {
    const unit = prices.get(line.menu_item_id) ?? 0;
    return {
      line: index,
      menu_item_id: line.menu_item_id,
      name: `Item ${line.menu_item_id}`,
      quantity: line.quantity,
      unit_price_cents: unit,
      unit_price: unit / 100,
      line_total_cents: unit * line.quantity,
      line_total: (unit * line.quantity) / 100,
      customizations: {},
      notes: null,
    };
  });
  const subtotal = lines.reduce((sum, line) => sum + line.line_total_cents, 0);
  const notice = items.some((line) => line.menu_item_id === 2);
  return {
    body: {
      restaurant_id: 1,
      items: lines,
      food_subtotal_cents: subtotal,
      merchandise_subtotal_cents: 0,
      subtotal_cents: subtotal,
      discount_cents: 0,
      total_cents: subtotal,
      food_subtotal: subtotal / 100,
      merchandise_subtotal: 0,
      subtotal: subtotal / 100,
      discount: 0,
      total: subtotal / 100,
      promo_code: null,
      requires_advance_notice: notice,
      max_advance_notice_hours: notice ? 48 : null,
      pickup_estimate: notice ? '48 hours' : '20-25 minutes',
      issues,
    },
  };
}

function line(overrides: Partial<CartItem> & Pick<CartItem, 'id' | 'name' | 'price'>): CartItem {
  return { quantity: 1, customizations: {}, selectedOptions: {}, type: 'food', ...overrides };
}

afterEach(() => {
  useCartStore.setState({ cartItems: [] });
  vi.unstubAllGlobals();
});

describe('cart store', () => {
  it('merges lines with the same item and options, counts quantities for the badge and persists under cartItems', () => {
    addCartItem(line({ id: 3, name: 'Poke Bowl', price: 15, selectedOptions: { '9': [91] } }));
    addCartItem(line({ id: 3, name: 'Poke Bowl', price: 15, quantity: 2, selectedOptions: { '9': [91] } }));
    addCartItem(line({ id: 3, name: 'Poke Bowl', price: 15 }));
    addCartItem(line({ id: 1, name: 'Spam Musubi', price: 4.5 }));

    const state = useCartStore.getState();
    expect(state.cartItems).toHaveLength(3);
    expect(selectCartCount(state)).toBe(5);

    updateCartItemQuantity(cartLineKey(state.cartItems[2]!), 0);
    expect(selectCartCount(useCartStore.getState())).toBe(4);

    const stored = JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '{}') as { state: { cartItems: CartItem[] } };
    expect(stored.state.cartItems.map((item) => [item.id, item.quantity])).toEqual([
      [3, 3],
      [3, 1],
    ]);
  });
});

describe('CartPage', () => {
  it('shows an empty state with a link to the menu', () => {
    stubApi({});
    renderRoute(<CartPage />);
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the Menu' })).toHaveAttribute('href', '/menu');
  });

  it('blocks an increase past the stock of every line of the same item', async () => {
    const user = userEvent.setup();
    useCartStore.setState({
      cartItems: [line({ id: 1, name: 'Spam Musubi', price: 4.5, quantity: 2 }), line({ id: 1, name: 'Spam Musubi', price: 4.5, notes: 'no nori', selectedOptions: { '5': [55] } })],
    });
    stubApi({ 'GET /api/v1/menu': () => ({ body: menuResponse([musubi, roast, bowl]) }), 'POST /api/v1/checkout/quote': (request) => quoteFor(request) });
    renderRoute(<CartPage />);

    await screen.findAllByText('Low stock: only 3 left.');
    const [first] = screen.getAllByRole('listitem').filter((item) => within(item).queryByRole('button', { name: 'Increase quantity of Spam Musubi' }));
    await user.click(within(first!).getByRole('button', { name: 'Increase quantity of Spam Musubi' }));
    expect(within(first!).getByText('Cannot add more Spam Musubi. Only 3 available in stock.')).toBeInTheDocument();
    expect(selectCartCount(useCartStore.getState())).toBe(3);
  });

  it('warns about items needing 24 hours notice and shows the server subtotal', async () => {
    useCartStore.setState({ cartItems: [line({ id: 2, name: 'Whole Roast Pig', price: 250 }), line({ id: 3, name: 'Poke Bowl', price: 15, quantity: 2, selectedOptions: { '9': [91] } })] });
    stubApi({ 'GET /api/v1/menu': () => ({ body: menuResponse([musubi, roast, bowl]) }), 'POST /api/v1/checkout/quote': (request) => quoteFor(request) });
    renderRoute(<CartPage />);

    expect(await screen.findByText('Advance notice required')).toBeInTheDocument();
    expect(await screen.findByText('Requires 24 hours notice')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute('href', '/checkout'));
    expect(screen.getByText('$280.00')).toBeInTheDocument();
  });

  it('lists stock problems from the server and blocks checkout until they are fixed', async () => {
    const user = userEvent.setup();
    useCartStore.setState({ cartItems: [line({ id: 1, name: 'Spam Musubi', price: 4.5, quantity: 5 })] });
    const requests = stubApi({
      'GET /api/v1/menu': () => ({ body: menuResponse([musubi]) }),
      'POST /api/v1/checkout/quote': (request) => {
        const quantity = (request.body as { items: { quantity: number }[] }).items[0]?.quantity ?? 0;
        return quoteFor(
          request,
          quantity > 3 ? [{ line: 0, menu_item_id: 1, code: 'insufficient_stock', message: 'Cannot add more Spam Musubi. Only 3 available in stock.' }] : [],
        );
      },
    });
    renderRoute(<CartPage />);

    expect(await screen.findByText('Please fix these items before checkout')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Proceed to Checkout' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Proceed to Checkout|Checking your cart/ })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Spam Musubi' }));
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Spam Musubi' }));
    expect(await screen.findByRole('link', { name: 'Proceed to Checkout' })).toBeInTheDocument();
    expect(requests.filter((request) => request.url.pathname === '/api/v1/checkout/quote').length).toBeGreaterThanOrEqual(2);
  });
});
