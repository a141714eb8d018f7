import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QuoteOutput } from '@kusina/domain/checkout';
import type { RestaurantOutput } from '@kusina/domain/restaurants';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useCartStore } from '../../../stores/cart-store.ts';
import { apiError, foodQuoteLine, merchandiseQuoteLine, renderRoute, stubApi, type Handler } from '../test-utils.tsx';
import { CheckoutPage } from './checkout-page.tsx';

const PAYMENT_ID = '0b9c7a52-1f3e-4c8e-9a55-1d2e3f405060';

function restaurant(overrides: Partial<RestaurantOutput> = {}): RestaurantOutput {
  return {
    id: 1,
    name: 'Kusina',
    address: '123 Route 8, Barrigada, GU',
    phone_number: '+16715550100',
    contact_email: null,
    time_zone: 'Pacific/Guam',
    theme: 'gold',
    facebook_url: null,
    instagram_url: null,
    twitter_url: null,
    custom_pickup_location: null,
    vip_only_checkout: false,
    vip_enabled: false,
    default_reservation_length: 60,
    time_slot_interval: 30,
    admin_settings: { payment_gateway: { payment_processor: 'paypal', test_mode: true } },
    ...overrides,
  };
}

function quote(promo: string | undefined): QuoteOutput {
  const discount = promo ? 300 : 0;
  return {
    restaurant_id: 1,
    items: [
      foodQuoteLine({ line: 0, menu_item_id: 1, name: 'Spam Musubi', quantity: 2, unit_price_cents: 450 }),
      foodQuoteLine({ line: 1, menu_item_id: 2, name: 'Chicken Kelaguen', quantity: 1, unit_price_cents: 1100 }),
    ],
    food_subtotal_cents: 2000,
    merchandise_subtotal_cents: 0,
    subtotal_cents: 2000,
    discount_cents: discount,
    total_cents: 2000 - discount,
    food_subtotal: 20,
    merchandise_subtotal: 0,
    subtotal: 20,
    discount: discount / 100,
    total: (2000 - discount) / 100,
    promo_code: promo ?? null,
    requires_advance_notice: false,
    max_advance_notice_hours: null,
    pickup_estimate: '20-25 minutes',
    issues: [],
  };
}

function orderResponse() {
  return {
    id: 42,
    restaurant_id: 1,
    order_number: 'K-0042',
    status: 'pending',
    created_at: '2026-03-05T08:30:00Z',
    estimated_pickup_time: '2026-03-05T08:55:00Z',
    pickup_estimate: '20-25 minutes',
    requires_advance_notice: false,
    max_advance_notice_hours: null,
    is_staff_order: false,
    staff_member_name: null,
    location_name: 'Kusina',
    location_address: 'Barrigada, Guam',
    items: [],
    merchandise_items: [],
    food_subtotal: 20,
    merchandise_subtotal: 0,
    subtotal: 20,
    discount: 0,
    total: 20,
    promo_code: null,
    contact_name: 'Maria Cruz',
    contact_phone: '+16715551234',
    contact_email: 'maria@example.com',
    special_instructions: null,
    payment: null,
    access_token: 'tok-123',
  };
}

function routes(overrides: Record<string, Handler> = {}, restaurantOverrides: Partial<RestaurantOutput> = {}): Record<string, Handler> {
  return {
    'GET /api/v1/restaurants/1': () => ({ body: restaurant(restaurantOverrides) }),
    'POST /api/v1/checkout/quote': (request) => ({ body: quote((request.body as { promo_code?: string }).promo_code) }),
    'POST /api/v1/payments': () => ({ body: { payment_id: PAYMENT_ID, status: 'requires_confirmation', amount_cents: 2000, amount: 20, currency: 'usd', processor: 'test' } }),
    [`POST /api/v1/payments/${PAYMENT_ID}/confirm`]: () => ({
      body: { payment_id: PAYMENT_ID, status: 'authorized', amount_cents: 2000, processor: 'test', transaction_id: 'txn_1', card_brand: 'visa', card_last4: '4242' },
    }),
    'POST /api/v1/orders': () => ({ status: 201, body: orderResponse() }),
    ...overrides,
  };
}

async function fillCard(user: ReturnType<typeof userEvent.setup>, number = '4242 4242 4242 4242') {
  await user.type(screen.getByLabelText(/Card number/), number);
  await user.type(screen.getByLabelText(/Expiry date/), '1234');
  await user.type(screen.getByLabelText(/CVC/), '123');
}

beforeEach(() => {
  localStorage.setItem('restaurantId', '1');
  useCartStore.setState({
    cartItems: [
      { id: 1, name: 'Spam Musubi', price: 4.5, quantity: 2, type: 'food', selectedOptions: {}, customizations: {} },
      { id: 2, name: 'Chicken Kelaguen', price: 11, quantity: 1, type: 'food', selectedOptions: {}, customizations: {} },
    ],
  });
});

afterEach(() => {
  useCartStore.setState({ cartItems: [] });
  useAuthStore.setState({ jwt: null, user: null });
  vi.unstubAllGlobals();
});

describe('CheckoutPage', () => {
  it('prefills contact details from the signed-in user and shows the server total, pickup and test-mode note', async () => {
    useAuthStore.setState({
      jwt: 'jwt',
      user: { id: 5, email: 'maria@example.com', first_name: 'Maria', last_name: 'Cruz', name: 'Maria Cruz', phone: '+16715551234', phone_verified: true, role: 'customer', restaurant_id: 1 },
    });
    stubApi(routes());
    renderRoute(<CheckoutPage />);

    expect(screen.getByLabelText(/^Name/)).toHaveValue('Maria Cruz');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('maria@example.com');
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('+16715551234');
    expect(await screen.findByTestId('order-total')).toHaveTextContent('$20.00');
    expect(await screen.findByText('123 Route 8, Barrigada, GU')).toBeInTheDocument();
    expect(screen.getByText('11AM-9PM daily')).toBeInTheDocument();
    expect(screen.getByTestId('pickup-estimate')).toHaveTextContent('20-25 minutes');
    expect(await screen.findByRole('note', { name: 'Test mode' })).toHaveTextContent('4242 4242 4242 4242');
  });

  it.each([
    [{ custom_pickup_location: 'Side window on Route 8' }, 'Side window on Route 8'],
    [{}, '123 Route 8, Barrigada, GU'],
    [{ address: null }, 'Barrigada, Guam'],
  ] as const)('shows the pickup location the order will carry (%o)', async (overrides, shown) => {
    stubApi(routes({}, overrides));
    renderRoute(<CheckoutPage />);
    expect(await screen.findByText(shown)).toBeInTheDocument();
  });

  it('holds the phone to the spec rule with its message', async () => {
    const user = userEvent.setup();
    const requests = stubApi(routes());
    renderRoute(<CheckoutPage />);
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('+1671');
    await user.type(screen.getByLabelText(/^Name/), 'Maria Cruz');
    await user.type(screen.getByLabelText(/^Email/), 'maria@example.com');
    await user.type(screen.getByLabelText(/^Phone/), '555');
    await fillCard(user);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Phone must be + (3 or 4 digit area code) + 7 digits, e.g. +16711234567')).toBeInTheDocument();
    expect(requests.some((request) => request.url.pathname === '/api/v1/payments')).toBe(false);
  });

  it('keeps payment hidden and Place Order disabled until a VIP code is validated', async () => {
    const user = userEvent.setup();
    let valid = false;
    stubApi(
      routes({
        'POST /api/v1/restaurants/1/vip_access/validate_code': () => (valid ? { body: { valid: true, message: 'VIP code accepted' } } : apiError(401, 'Invalid VIP code', 'UNAUTHORIZED')),
      }, { vip_only_checkout: true }),
    );
    renderRoute(<CheckoutPage />);

    expect(await screen.findAllByText('Please enter a valid VIP code to continue')).not.toHaveLength(0);
    expect(screen.queryByLabelText(/Card number/)).not.toBeInTheDocument();
    await screen.findByTestId('order-total');
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled();

    await user.type(screen.getByLabelText('VIP code'), 'WRONG');
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText('Invalid VIP code')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled();

    valid = true;
    await user.clear(screen.getByLabelText('VIP code'));
    await user.type(screen.getByLabelText('VIP code'), 'ISLAND');
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByLabelText(/Card number/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled();
  });

  it('says Failed to validate VIP code when the check itself fails', async () => {
    const user = userEvent.setup();
    stubApi(routes({ 'POST /api/v1/restaurants/1/vip_access/validate_code': () => apiError(500, 'boom') }, { vip_only_checkout: true }));
    renderRoute(<CheckoutPage />);
    await user.type(await screen.findByLabelText('VIP code'), 'ISLAND');
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText('Failed to validate VIP code')).toBeInTheDocument();
  });

  it('keeps the original total when a promo code fails, and shows the server discount when it applies', async () => {
    const user = userEvent.setup();
    let attempt = 0;
    stubApi(
      routes({
        'POST /api/v1/promo_codes/apply': () => {
          attempt += 1;
          if (attempt === 1) return apiError(422, 'Invalid or expired promo code', 'VALIDATION_ERROR');
          if (attempt === 2) return apiError(500, 'boom');
          return { body: { newTotal: 17, codeUsed: 'ALOHA3', discount: 3, discountType: 'amount', discountValue: 300 } };
        },
      }),
    );
    renderRoute(<CheckoutPage />);
    expect(await screen.findByTestId('order-total')).toHaveTextContent('$20.00');

    await user.type(screen.getByLabelText('Promo code'), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Invalid or expired promo code')).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('$20.00');

    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Failed to apply promo code. Please try again.')).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('$20.00');

    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('$17.00'));
    expect(screen.getByText('Discount (ALOHA3)')).toBeInTheDocument();
  });

  it('shows Payment failed with the processor message for a declined card and places no order', async () => {
    const user = userEvent.setup();
    const requests = stubApi(
      routes({ [`POST /api/v1/payments/${PAYMENT_ID}/confirm`]: () => apiError(402, 'Your card was declined.', 'PAYMENT_FAILED') }),
    );
    renderRoute(<CheckoutPage />);
    await user.type(screen.getByLabelText(/^Name/), 'Maria Cruz');
    await user.type(screen.getByLabelText(/^Email/), 'maria@example.com');
    await user.type(screen.getByLabelText(/^Phone/), '5551234');
    await fillCard(user, '4000 0000 0000 0002');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Payment failed: Your card was declined.')).toBeInTheDocument();
    expect(requests.some((request) => request.url.pathname === '/api/v1/orders')).toBe(false);
    expect(useCartStore.getState().cartItems).toHaveLength(2);
  });

  it('places exactly one order on a double click, with an idempotency key, then clears the cart and opens the confirmation', async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const requests = stubApi(
      routes({
        'POST /api/v1/orders': async () => {
          await gate;
          return { status: 201, body: orderResponse() };
        },
      }),
    );
    renderRoute(<CheckoutPage />, { path: '/checkout' });
    await user.type(screen.getByLabelText(/^Name/), 'Maria Cruz');
    await user.type(screen.getByLabelText(/^Email/), 'maria@example.com');
    await user.type(screen.getByLabelText(/^Phone/), '5551234');
    await user.type(screen.getByLabelText(/^Special instructions/), 'Extra napkins');
    await fillCard(user);
    const place = screen.getByRole('button', { name: 'Place Order' });
    await waitFor(() => expect(place).toBeEnabled());
    await user.dblClick(place);
    await waitFor(() => expect(requests.filter((request) => request.url.pathname === '/api/v1/orders')).toHaveLength(1));
    await act(async () => release());

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/order-confirmation/42?token=tok-123'));
    const orders = requests.filter((request) => request.url.pathname === '/api/v1/orders');
    expect(orders).toHaveLength(1);
    expect(requests.filter((request) => request.url.pathname === '/api/v1/payments')).toHaveLength(1);
    expect(orders[0]!.headers.get('Idempotency-Key')).toMatch(/.{8,}/);
    expect(orders[0]!.body).toMatchObject({
      payment_id: PAYMENT_ID,
      contact: { name: 'Maria Cruz', email: 'maria@example.com', phone: '+16715551234' },
      special_instructions: 'Extra napkins',
      items: [
        { menu_item_id: 1, quantity: 2, selected_options: {} },
        { menu_item_id: 2, quantity: 1, selected_options: {} },
      ],
    });
    expect(useCartStore.getState().cartItems).toHaveLength(0);
  });

  it('reuses the successful payment and the idempotency key when placing the order is retried', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const requests = stubApi(
      routes({
        'POST /api/v1/orders': () => {
          calls += 1;
          return calls === 1 ? apiError(500, 'boom') : { status: 201, body: orderResponse() };
        },
      }),
    );
    renderRoute(<CheckoutPage />);
    await user.type(screen.getByLabelText(/^Name/), 'Maria Cruz');
    await user.type(screen.getByLabelText(/^Email/), 'maria@example.com');
    await user.type(screen.getByLabelText(/^Phone/), '5551234');
    await fillCard(user);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Failed to place order. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/order-confirmation/42'));

    const orders = requests.filter((request) => request.url.pathname === '/api/v1/orders');
    expect(orders).toHaveLength(2);
    expect(orders[0]!.headers.get('Idempotency-Key')).toBe(orders[1]!.headers.get('Idempotency-Key'));
    expect(requests.filter((request) => request.url.pathname === '/api/v1/payments')).toHaveLength(1);
  });

  it('sends merchandise lines by variant to the quote, the payment and the order, and shows size, colour and both subtotals', async () => {
    const user = userEvent.setup();
    useCartStore.setState({
      cartItems: [
        { id: 1, name: 'Spam Musubi', price: 4.5, quantity: 2, type: 'food', selectedOptions: {}, customizations: {} },
        { id: 9, name: 'Kusina Logo Tee', price: 25, quantity: 2, type: 'merchandise', variant_id: 903, variant_details: { size: 'M', color: 'Black' }, notes: 'gift' },
        { id: 9, name: 'Kusina Logo Tee', price: 27, quantity: 1, type: 'merchandise', variant_id: 906, variant_details: { size: '2XL', color: 'Black' } },
      ],
    });
    const mixed: QuoteOutput = {
      ...quote(undefined),
      items: [
        foodQuoteLine({ line: 0, menu_item_id: 1, name: 'Spam Musubi', quantity: 2, unit_price_cents: 450 }),
        merchandiseQuoteLine({ line: 1, merchandise_item_id: 9, variant_id: 903, name: 'Kusina Logo Tee', quantity: 2, unit_price_cents: 2500, variant_details: { size: 'M', color: 'Black' } }),
        merchandiseQuoteLine({ line: 2, merchandise_item_id: 9, variant_id: 906, name: 'Kusina Logo Tee', quantity: 1, unit_price_cents: 2700, variant_details: { size: '2XL', color: 'Black' } }),
      ],
      food_subtotal_cents: 900,
      merchandise_subtotal_cents: 7700,
      subtotal_cents: 8600,
      total_cents: 8600,
      food_subtotal: 9,
      merchandise_subtotal: 77,
      subtotal: 86,
      total: 86,
    };
    const requests = stubApi(routes({ 'POST /api/v1/checkout/quote': () => ({ body: mixed }) }));
    renderRoute(<CheckoutPage />, { path: '/checkout' });

    expect(await screen.findByTestId('order-total')).toHaveTextContent('$86.00');
    expect(screen.getByText('Food subtotal').nextSibling).toHaveTextContent('$9.00');
    expect(screen.getByText('Merchandise subtotal').nextSibling).toHaveTextContent('$77.00');
    expect(screen.getByText('(M / Black)')).toBeInTheDocument();
    expect(screen.getByText('(2XL / Black)')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Name/), 'Maria Cruz');
    await user.type(screen.getByLabelText(/^Email/), 'maria@example.com');
    await user.type(screen.getByLabelText(/^Phone/), '5551234');
    await fillCard(user);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/order-confirmation/42?token=tok-123'));

    const expected = [
      { menu_item_id: 1, quantity: 2, selected_options: {} },
      { type: 'merchandise', variant_id: 903, quantity: 2, notes: 'gift' },
      { type: 'merchandise', variant_id: 906, quantity: 1 },
    ];
    const bodyOf = (path: string) => requests.find((request) => request.url.pathname === path)?.body as { items: unknown[] };
    expect(bodyOf('/api/v1/payments').items).toEqual(expected);
    expect(bodyOf('/api/v1/orders').items).toEqual(expected);
    expect(bodyOf('/api/v1/checkout/quote').items).toEqual(expected.map(({ notes: _notes, ...line }: { notes?: string }) => line));
  });
});
