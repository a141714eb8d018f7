import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuoteOutput } from '@kusina/domain/checkout';
import { addCartItem, cartLineKey, updateCartItemQuantity } from '../../../stores/cart-actions.ts';
import { CART_STORAGE_KEY, selectCartCount, useCartStore, type CartItem } from '../../../stores/cart-store.ts';
import { foodQuoteLine, merchandiseItem, merchandiseQuoteLine, menuItem, menuResponse, option, optionGroup, renderRoute, stubApi, type RecordedRequest } from '../../../test/storefront-fixtures.tsx';
import { toCheckoutLines, toQuoteLines } from '../../../lib/cart-stock.ts';
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
    return foodQuoteLine({ line: index, menu_item_id: line.menu_item_id, name: `Item ${line.menu_item_id}`, quantity: line.quantity, unit_price_cents: unit });
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
      staff_discount: null,
      requires_advance_notice: notice,
      max_advance_notice_hours: notice ? 48 : null,
      pickup_estimate: notice ? '48 hours' : '20-25 minutes',
      pickup: { open: true, asap_available: !notice, slots: [], closes_at: null, next_opens_at: null, hours_today: '11AM-9PM', state_text: 'Open now', time_zone: 'Pacific/Guam' },
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
    const user = userEvent.setup({ delay: null });
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
    const user = userEvent.setup({ delay: null });
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

// Variant 101: M / Black, 3 left; 102: L / Black, 10 left.
const tee = merchandiseItem({ id: 1, name: 'Kusina Logo Tee' }, [
  ['M', 'Black', 3],
  ['L', 'Black', 10],
]);

function merchandiseLine(overrides: Partial<CartItem> & Pick<CartItem, 'variant_id'>): CartItem {
  return { id: 1, name: 'Kusina Logo Tee', price: 25, quantity: 1, type: 'merchandise', variant_details: { size: 'M', color: 'Black' }, ...overrides };
}

type SentLine = { type?: string; menu_item_id?: number; variant_id?: number; quantity: number };

/** The server's quote for a mixed cart: food at the menu prices, merchandise at $25. */
function mixedQuote(request: RecordedRequest, issues: QuoteOutput['issues'] = []): { body: QuoteOutput } {
  const items = (request.body as { items: SentLine[] }).items;
  const lines = items.map((item, index) =>
    item.type === 'merchandise'
      ? merchandiseQuoteLine({ line: index, merchandise_item_id: 1, variant_id: item.variant_id!, name: 'Kusina Logo Tee', quantity: item.quantity, unit_price_cents: 2500 })
      : foodQuoteLine({ line: index, menu_item_id: item.menu_item_id!, name: 'Spam Musubi', quantity: item.quantity, unit_price_cents: 450 }),
  );
  const food = lines.filter((l) => l.type === 'food').reduce((sum, l) => sum + l.line_total_cents, 0);
  const merchandise = lines.filter((l) => l.type === 'merchandise').reduce((sum, l) => sum + l.line_total_cents, 0);
  const base = quoteFor({ ...request, body: { items: [] } }).body;
  return {
    body: {
      ...base,
      items: lines,
      food_subtotal_cents: food,
      merchandise_subtotal_cents: merchandise,
      subtotal_cents: food + merchandise,
      total_cents: food + merchandise,
      food_subtotal: food / 100,
      merchandise_subtotal: merchandise / 100,
      subtotal: (food + merchandise) / 100,
      total: (food + merchandise) / 100,
      issues,
    },
  };
}

describe('merchandise in the cart', () => {
  it('maps merchandise lines to { type, variant_id, quantity, notes } in cart order, food lines unchanged', () => {
    const cartItems = [
      merchandiseLine({ variant_id: 102, quantity: 2, notes: '  gift wrap  ', variant_details: { size: 'L', color: 'Black' } }),
      line({ id: 1, name: 'Spam Musubi', price: 4.5, selectedOptions: { '5': [55] }, notes: 'no nori' }),
      merchandiseLine({ variant_id: 101 }),
    ];
    expect(toCheckoutLines(cartItems)).toEqual([
      { type: 'merchandise', variant_id: 102, quantity: 2, notes: 'gift wrap' },
      { menu_item_id: 1, quantity: 1, selected_options: { '5': [55] }, notes: 'no nori' },
      { type: 'merchandise', variant_id: 101, quantity: 1 },
    ]);
    // A quote is about prices: notes stay out of it.
    expect(toQuoteLines(cartItems)).toEqual([
      { type: 'merchandise', variant_id: 102, quantity: 2 },
      { menu_item_id: 1, quantity: 1, selected_options: { '5': [55] } },
      { type: 'merchandise', variant_id: 101, quantity: 1 },
    ]);
  });

  it('shows size and colour, the two subtotals of the quote, and the server issue on its own line', async () => {
    useCartStore.setState({
      cartItems: [
        line({ id: 1, name: 'Spam Musubi', price: 4.5, quantity: 2 }),
        // The cart remembers an older price ($20); the figures shown are the server's ($25).
        merchandiseLine({ variant_id: 101, quantity: 2, price: 20 }),
        merchandiseLine({ variant_id: 102, quantity: 1, price: 20, variant_details: { size: 'L', color: 'Black' } }),
      ],
    });
    const requests = stubApi({
      'GET /api/v1/menu': () => ({ body: menuResponse([musubi]) }),
      'GET /api/v1/merchandise_items': () => ({ body: [tee] }),
      'POST /api/v1/checkout/quote': (request) =>
        mixedQuote(request, [{ line: 2, variant_id: 102, merchandise_item_id: 1, code: 'out_of_stock', message: 'Sorry, this item is out of stock.' }]),
    });
    renderRoute(<CartPage />);

    await waitFor(() => expect(screen.getByText('Merchandise subtotal').nextSibling).toHaveTextContent('$75.00'));
    expect(screen.getByText('Food subtotal').nextSibling).toHaveTextContent('$9.00');
    expect(screen.getByText('Subtotal').nextSibling).toHaveTextContent('$84.00');
    const quote = requests.find((request) => request.url.pathname === '/api/v1/checkout/quote');
    expect((quote?.body as { items: SentLine[] }).items).toEqual([
      { menu_item_id: 1, quantity: 2, selected_options: {} },
      { type: 'merchandise', variant_id: 101, quantity: 2 },
      { type: 'merchandise', variant_id: 102, quantity: 1 },
    ]);

    const lines = screen.getAllByRole('listitem').filter((item) => within(item).queryByRole('heading', { level: 3 }));
    expect(within(lines[1]!).getByText('Size: M · Color: Black')).toBeInTheDocument();
    expect(within(lines[2]!).getByText('Size: L · Color: Black')).toBeInTheDocument();
    // The issue sits on the L line (line 2), not on the M line, and the summary names the line.
    expect(await within(lines[2]!).findByTestId('line-issue')).toHaveTextContent('Sorry, this item is out of stock.');
    expect(within(lines[1]!).queryByTestId('line-issue')).not.toBeInTheDocument();
    expect(screen.getByText('Kusina Logo Tee (L / Black): Sorry, this item is out of stock.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Proceed to Checkout' })).not.toBeInTheDocument();
    // Merchandise lines have no customisation list.
    expect(within(lines[1]!).queryByRole('list', { name: /Customisations/ })).not.toBeInTheDocument();
  });

  it("limits a merchandise line's quantity to its variant's stock", async () => {
    const user = userEvent.setup({ delay: null });
    useCartStore.setState({ cartItems: [merchandiseLine({ variant_id: 101, quantity: 2 })] });
    stubApi({
      'GET /api/v1/menu': () => ({ body: menuResponse([]) }),
      'GET /api/v1/merchandise_items': () => ({ body: [tee] }),
      'POST /api/v1/checkout/quote': (request) => mixedQuote(request),
    });
    renderRoute(<CartPage />);
    const increase = await screen.findByRole('button', { name: 'Increase quantity of Kusina Logo Tee (M / Black)' });
    expect(await screen.findByText('Low stock: only 3 left.')).toBeInTheDocument();
    await user.click(increase);
    expect(useCartStore.getState().cartItems[0]?.quantity).toBe(3);
    await user.click(increase);
    expect(screen.getByText('Cannot add more Kusina Logo Tee (M / Black). Only 3 available in stock.')).toBeInTheDocument();
    expect(useCartStore.getState().cartItems[0]?.quantity).toBe(3);
  });
});
