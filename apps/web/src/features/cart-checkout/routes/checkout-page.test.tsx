import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QuoteOutput } from '@kusina/domain/checkout';
import type { DiscountConfigurationOutput, StaffMemberOutput } from '@kusina/domain/order-management';
import type { RestaurantOutput } from '@kusina/domain/restaurants';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useCartStore } from '../../../stores/cart-store.ts';
import { apiError, foodQuoteLine, merchandiseQuoteLine, renderRoute, stubApi, type Handler, type RecordedRequest } from '../../../test/storefront-fixtures.tsx';
import { TestModeText } from '../../../components/ui/test-mode-banner.tsx';
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
    current_layout_id: null,
    current_seat_count: 0,
    admin_settings: { payment_gateway: { payment_processor: 'paypal', test_mode: true } },
    ...overrides,
  };
}

const openPickup: QuoteOutput['pickup'] = {
  open: true,
  asap_available: true,
  slots: ['2026-03-05T02:30:00.000Z', '2026-03-05T02:45:00.000Z'],
  closes_at: '2026-03-05T11:00:00.000Z',
  next_opens_at: null,
  hours_today: '11AM-9PM',
  state_text: 'Open now · closes Thu 9:00 PM',
  time_zone: 'Pacific/Guam',
};

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
    staff_discount: null,
    requires_advance_notice: false,
    max_advance_notice_hours: null,
    pickup_estimate: '20-25 minutes',
    pickup: openPickup,
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
    requested_pickup_time: null,
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
    staff_discount_name: null,
    staff_discount_percentage: null,
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
  useAuthStore.setState({ user: null });
  vi.unstubAllGlobals();
});

describe('CheckoutPage', () => {
  it('prefills contact details from the signed-in user and shows the server total, pickup and test-mode note', async () => {
    useAuthStore.setState({
      user: { id: 5, email: 'maria@example.com', first_name: 'Maria', last_name: 'Cruz', name: 'Maria Cruz', phone: '+16715551234', phone_verified: true, role: 'customer', restaurant_id: 1 },
    });
    stubApi(routes());
    renderRoute(<CheckoutPage />);

    expect(screen.getByLabelText(/^Name/)).toHaveValue('Maria Cruz');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('maria@example.com');
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('+16715551234');
    expect(await screen.findByTestId('order-total')).toHaveTextContent('$20.00');
    expect(await screen.findByText('123 Route 8, Barrigada, GU')).toBeInTheDocument();
    expect(screen.getByText('Today 11AM-9PM')).toBeInTheDocument();
    expect(screen.getByTestId('open-state')).toHaveTextContent('Open now · closes Thu 9:00 PM');
    expect(screen.getByLabelText(/^Pickup time/)).toHaveValue('asap');
    expect(screen.getByTestId('pickup-estimate')).toHaveTextContent('20-25 minutes');
    expect(await screen.findByRole('note', { name: 'Test mode' })).toHaveTextContent('4242 4242 4242 4242');
    // The banner above the form says it before anything is filled in (issue #33).
    const banner = screen.getByText(TestModeText.checkoutTitle).closest('[role="status"]');
    expect(banner).toHaveTextContent(TestModeText.checkout);
    expect(banner?.compareDocumentPosition(screen.getByLabelText(/^Name/)) ?? 0).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
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
    const user = userEvent.setup({ delay: null });
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
    const user = userEvent.setup({ delay: null });
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
    const user = userEvent.setup({ delay: null });
    stubApi(routes({ 'POST /api/v1/restaurants/1/vip_access/validate_code': () => apiError(500, 'boom') }, { vip_only_checkout: true }));
    renderRoute(<CheckoutPage />);
    await user.type(await screen.findByLabelText('VIP code'), 'ISLAND');
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText('Failed to validate VIP code')).toBeInTheDocument();
  });

  it('keeps the original total when a promo code fails, and shows the server discount when it applies', async () => {
    const user = userEvent.setup({ delay: null });
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

  it("says 'Payment processing is not available' up front where the server takes no test payments, and asks for no card", async () => {
    const user = userEvent.setup({ delay: null });
    const requests = stubApi(routes({}, { test_payments_allowed: false }));
    renderRoute(<CheckoutPage />);
    expect(await screen.findByText('Payment processing is not available')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Card number/)).not.toBeInTheDocument();
    expect(screen.queryByText(TestModeText.checkoutTitle)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Name/), 'Maria Cruz');
    await user.type(screen.getByLabelText(/^Email/), 'maria@example.com');
    await user.type(screen.getByLabelText(/^Phone/), '5551234');
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled();
    expect(requests.some((request) => request.url.pathname.startsWith('/api/v1/payments') || request.url.pathname === '/api/v1/orders')).toBe(false);
  });

  it('shows Payment failed with the processor message for a declined card and places no order', async () => {
    const user = userEvent.setup({ delay: null });
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
    const user = userEvent.setup({ delay: null });
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

  it('while closed offers only the open pickup slots, sends the chosen one, and shows a refusal on the field with the new offers', async () => {
    const user = userEvent.setup({ delay: null });
    const closed: QuoteOutput['pickup'] = {
      open: false,
      asap_available: false,
      slots: ['2026-03-05T01:30:00.000Z', '2026-03-05T01:45:00.000Z'],
      closes_at: null,
      next_opens_at: '2026-03-05T01:00:00.000Z',
      hours_today: '11AM-9PM',
      state_text: 'Closed now · opens Thu 11:00 AM',
      time_zone: 'Pacific/Guam',
    };
    let refuse = true;
    const requests = stubApi(
      routes({
        'POST /api/v1/checkout/quote': () => ({ body: { ...quote(undefined), pickup: closed } }),
        'POST /api/v1/orders': () =>
          refuse
            ? { status: 422, body: { error: { code: 'VALIDATION_ERROR', message: 'That pickup time is too soon. Please choose one of the offered times.', details: { fields: { pickup_time: 'That pickup time is too soon. Please choose one of the offered times.' } } } } }
            : { status: 201, body: orderResponse() },
      }),
    );
    renderRoute(<CheckoutPage />, { path: '/checkout' });
    const select = await screen.findByLabelText(/^Pickup time/);
    expect(screen.getByText("We're closed right now. Please choose a pickup time.")).toBeInTheDocument();
    expect(screen.getByTestId('open-state')).toHaveTextContent('Closed now · opens Thu 11:00 AM');
    const offered = within(select).getAllByRole('option').map((o) => o.textContent);
    expect(offered).toEqual(['Thu, Mar 5, 11:30 AM', 'Thu, Mar 5, 11:45 AM']);
    await user.selectOptions(select, '2026-03-05T01:45:00.000Z');
    expect(screen.getByTestId('pickup-estimate')).toHaveTextContent('Thu, Mar 5, 11:45 AM');

    await user.type(screen.getByLabelText(/^Name/), 'Maria Cruz');
    await user.type(screen.getByLabelText(/^Email/), 'maria@example.com');
    await user.type(screen.getByLabelText(/^Phone/), '5551234');
    await fillCard(user);
    const place = screen.getByRole('button', { name: 'Place Order' });
    await waitFor(() => expect(place).toBeEnabled());
    await user.click(place);
    await waitFor(() => expect(screen.getByLabelText(/^Pickup time/)).toHaveAccessibleDescription(/too soon/));
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/order-confirmation/42'));
    const orders = requests.filter((request) => request.url.pathname === '/api/v1/orders');
    expect(orders.map((o) => (o.body as { pickup_time?: string }).pickup_time)).toEqual(['2026-03-05T01:45:00.000Z', '2026-03-05T01:45:00.000Z']);
  });

  it('reuses the successful payment and the idempotency key when placing the order is retried', async () => {
    const user = userEvent.setup({ delay: null });
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
    const user = userEvent.setup({ delay: null });
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

// ── Staff orders (issue #5) ─────────────────────────────────────────────────────────────────

type SessionUser = NonNullable<ReturnType<typeof useAuthStore.getState>['user']>;

function signedIn(role: SessionUser['role'], restaurantId = 1) {
  useAuthStore.setState({
    user: { id: 7, email: 'kekoa@example.com', first_name: 'Kekoa', last_name: 'Staff', name: 'Kekoa Staff', phone: '+16715550102', phone_verified: true, role, restaurant_id: restaurantId },
  });
}

function staffMember(id: number, name: string): StaffMemberOutput {
  return { id, restaurant_id: 1, name, user_id: null, is_active: true, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' };
}

function discountConfiguration(overrides: Partial<DiscountConfigurationOutput> & Pick<DiscountConfigurationOutput, 'id' | 'name' | 'discount_percentage'>): DiscountConfigurationOutput {
  return {
    restaurant_id: 1,
    code: overrides.name.toUpperCase().replace(/ /g, '_'),
    discount_type: 'percentage',
    is_active: true,
    is_default: false,
    display_order: 0,
    description: null,
    ui_color: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

// Served out of display order, as a list may come: the page shows On Duty first.
const DISCOUNTS = [
  discountConfiguration({ id: 2, name: 'Off Duty', discount_percentage: 30, display_order: 1, ui_color: '#2563eb', description: 'Staff ordering on a day off' }),
  discountConfiguration({ id: 1, name: 'On Duty', discount_percentage: 50, display_order: 0, is_default: true, ui_color: '#16a34a', description: 'Meal during a shift' }),
];

/** The server's quote: a staff discount takes its percentage off the 20.00 subtotal. */
function staffQuote(request: RecordedRequest): QuoteOutput {
  const body = request.body as { promo_code?: string; staff_discount_id?: number };
  const base = quote(body.promo_code);
  const discount = DISCOUNTS.find((candidate) => candidate.id === body.staff_discount_id);
  if (!discount) return base;
  const cents = Math.round((2000 * discount.discount_percentage) / 100);
  return {
    ...base,
    discount_cents: cents,
    total_cents: 2000 - cents,
    discount: cents / 100,
    total: (2000 - cents) / 100,
    staff_discount: { id: discount.id, name: discount.name, discount_percentage: discount.discount_percentage },
  };
}

function staffRoutes(overrides: Record<string, Handler> = {}): Record<string, Handler> {
  return routes({
    'GET /api/v1/staff_members': () => ({ body: [staffMember(11, 'Joaquin Santos'), staffMember(12, 'Kekoa Staff')] }),
    'GET /api/v1/discount_configurations/active': () => ({ body: DISCOUNTS }),
    'POST /api/v1/checkout/quote': (request) => ({ body: staffQuote(request) }),
    ...overrides,
  });
}

const isStaffRequest = (request: RecordedRequest) => request.url.pathname === '/api/v1/staff_members' || request.url.pathname.startsWith('/api/v1/discount_configurations');
const bodiesOf = (requests: RecordedRequest[], path: string) => requests.filter((request) => request.url.pathname === path).map((request) => request.body as Record<string, unknown>);

/** Contact details come prefilled from the signed-in account; the card is typed. */
async function fillContactAndCard(user: ReturnType<typeof userEvent.setup>) {
  expect(screen.getByLabelText(/^Name/)).toHaveValue('Kekoa Staff');
  expect(screen.getByLabelText(/^Phone/)).toHaveValue('+16715550102');
  await fillCard(user);
}

/** Renders the checkout for signed-in staff and turns the staff order switch on. */
async function openStaffOrder(user: ReturnType<typeof userEvent.setup>) {
  const staffSwitch = await screen.findByRole('switch', { name: 'This order is for a staff member' }, { timeout: 5000 });
  await user.click(staffSwitch);
  expect(staffSwitch).toHaveAttribute('aria-checked', 'true');
  return staffSwitch;
}

describe('CheckoutPage staff orders', () => {
  it.each([
    ['a guest', () => undefined],
    ['a customer', () => signedIn('customer')],
    ['an admin of another restaurant', () => signedIn('admin', 2)],
  ])('shows %s no staff order section and asks for no staff data', async (_who, signIn) => {
    signIn();
    const requests = stubApi(staffRoutes());
    renderRoute(<CheckoutPage />);
    expect(await screen.findByTestId('order-total')).toHaveTextContent('$20.00');
    await screen.findByRole('note', { name: 'Test mode' });
    expect(screen.queryByRole('heading', { name: 'Staff order' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Promo code')).toBeEnabled();
    expect(requests.some(isStaffRequest)).toBe(false);
    expect(bodiesOf(requests, '/api/v1/checkout/quote').every((body) => !('staff_discount_id' in body))).toBe(true);
  });

  it('loads members and discounts only when the switch is on, preselects the default, prices it on the server, and sends it with the staff member to the payment and the order', async () => {
    signedIn('staff');
    const user = userEvent.setup({ delay: null });
    const requests = stubApi(staffRoutes());
    renderRoute(<CheckoutPage />, { path: '/checkout' });

    expect(await screen.findByRole('heading', { name: 'Staff order' }, { timeout: 5000 })).toBeInTheDocument();
    const staffSwitch = screen.getByRole('switch', { name: 'This order is for a staff member' });
    expect(staffSwitch).toHaveAttribute('aria-checked', 'false');
    expect(await screen.findByTestId('order-total')).toHaveTextContent('$20.00');
    expect(requests.some(isStaffRequest)).toBe(false);
    expect(screen.queryByLabelText('Staff member')).not.toBeInTheDocument();

    await openStaffOrder(user);
    const onDuty = await screen.findByRole('radio', { name: 'On Duty 50%' });
    expect(onDuty).toBeChecked();
    expect(screen.getAllByRole('radio').map(radioName)).toEqual(['On Duty 50%', 'Off Duty 30%', 'No discount']);
    expect(onDuty).toHaveAccessibleDescription('Meal during a shift');
    expect(requests.find((request) => request.url.pathname === '/api/v1/staff_members')?.url.searchParams.get('restaurant_id')).toBe('1');

    // The server's discount line and total; the promo code cannot be combined.
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('$10.00'));
    expect(screen.getByText('Staff discount (On Duty 50%)').nextSibling).toHaveTextContent('−$10.00');
    expect(bodiesOf(requests, '/api/v1/checkout/quote').at(-1)).toMatchObject({ staff_discount_id: 1 });
    expect(screen.getByLabelText('Promo code')).toBeDisabled();
    expect(screen.getByLabelText('Promo code')).toHaveAccessibleDescription('A promo code cannot be combined with a staff discount.');
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();

    // The staff member is required.
    await fillContactAndCard(user);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    const member = screen.getByLabelText('Staff member');
    await waitFor(() => expect(member).toHaveAccessibleDescription('Choose the staff member this order is for.'));
    expect(member).toHaveFocus();
    expect(requests.some((request) => request.url.pathname === '/api/v1/payments')).toBe(false);

    await user.selectOptions(member, 'Joaquin Santos');
    expect(member).not.toHaveAccessibleDescription('Choose the staff member this order is for.');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/order-confirmation/42?token=tok-123'));

    expect(bodiesOf(requests, '/api/v1/payments')).toEqual([expect.objectContaining({ staff_discount_id: 1 })]);
    expect(bodiesOf(requests, '/api/v1/payments')[0]).not.toHaveProperty('promo_code');
    expect(bodiesOf(requests, '/api/v1/orders')).toEqual([expect.objectContaining({ staff_discount_id: 1, staff_member_name: 'Joaquin Santos', payment_id: PAYMENT_ID })]);
  });

  it('re-prices another option and No discount, frees the promo field again, and sends no staff_discount_id without a discount', async () => {
    signedIn('admin');
    const user = userEvent.setup({ delay: null });
    const requests = stubApi(staffRoutes());
    renderRoute(<CheckoutPage />, { path: '/checkout' });
    await openStaffOrder(user);
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('$10.00'));

    await user.click(screen.getByRole('radio', { name: 'Off Duty 30%' }));
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('$14.00'));
    expect(screen.getByText('Staff discount (Off Duty 30%)')).toBeInTheDocument();
    expect(bodiesOf(requests, '/api/v1/checkout/quote').at(-1)).toMatchObject({ staff_discount_id: 2 });

    await user.click(screen.getByRole('radio', { name: 'No discount' }));
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('$20.00'));
    expect(screen.queryByText(/Staff discount \(/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Promo code')).toBeEnabled();

    await user.selectOptions(screen.getByLabelText('Staff member'), 'Kekoa Staff');
    await fillContactAndCard(user);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/order-confirmation/42'));
    expect(bodiesOf(requests, '/api/v1/payments')[0]).not.toHaveProperty('staff_discount_id');
    const [order] = bodiesOf(requests, '/api/v1/orders');
    expect(order).toMatchObject({ staff_member_name: 'Kekoa Staff' });
    expect(order).not.toHaveProperty('staff_discount_id');
  });

  it('replaces an applied promo code when a staff discount is chosen', async () => {
    signedIn('super_admin', 2);
    const user = userEvent.setup({ delay: null });
    const requests = stubApi(staffRoutes({ 'POST /api/v1/promo_codes/apply': () => ({ body: { newTotal: 17, codeUsed: 'ALOHA3', discount: 3, discountType: 'amount', discountValue: 300 } }) }));
    renderRoute(<CheckoutPage />);
    await screen.findByTestId('order-total');
    await user.type(screen.getByLabelText('Promo code'), 'ALOHA3');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('$17.00'));

    await openStaffOrder(user);
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('$10.00'));
    expect(screen.queryByText(/Promo code .* applied/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Promo code')).toHaveValue('');
    const last = bodiesOf(requests, '/api/v1/checkout/quote').at(-1);
    expect(last).toMatchObject({ staff_discount_id: 1 });
    expect(last).not.toHaveProperty('promo_code');
  });

  it('shows a discount the server refuses on the discount choice, and lists the options again', async () => {
    signedIn('staff');
    const user = userEvent.setup({ delay: null });
    const unavailable = 'This staff discount is not available.';
    const requests = stubApi(
      staffRoutes({
        'POST /api/v1/checkout/quote': (request) =>
          (request.body as { staff_discount_id?: number }).staff_discount_id === 2
            ? apiError(422, unavailable, 'VALIDATION_ERROR', { fields: { staff_discount_id: unavailable } })
            : { body: staffQuote(request) },
      }),
    );
    renderRoute(<CheckoutPage />);
    await openStaffOrder(user);
    await screen.findByRole('radio', { name: 'Off Duty 30%' });
    const listed = requests.filter((request) => request.url.pathname === '/api/v1/discount_configurations/active').length;

    await user.click(screen.getByRole('radio', { name: 'Off Duty 30%' }));
    const group = screen.getByRole('group', { name: 'Staff discount' });
    await waitFor(() => expect(group).toHaveAccessibleDescription(unavailable));
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled();
    await waitFor(() => expect(requests.filter((request) => request.url.pathname === '/api/v1/discount_configurations/active').length).toBeGreaterThan(listed));

    await user.click(screen.getByRole('radio', { name: 'On Duty 50%' }));
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('$10.00'));
    expect(group).not.toHaveAccessibleDescription(unavailable);
  });

  it.each([
    ['the order', 'POST /api/v1/orders', 'staff_member_name', 'Choose the staff member this order is for.', () => screen.getByLabelText('Staff member')],
    ['the payment', 'POST /api/v1/payments', 'staff_discount_id', 'This staff discount is not available.', () => screen.getByRole('group', { name: 'Staff discount' })],
    ['the payment', 'POST /api/v1/payments', 'promo_code', 'A promo code cannot be combined with a staff discount.', () => screen.getByLabelText('Promo code')],
  ] as const)('shows a 422 from %s (%s) on the %s field', async (_step, route, field, message, target) => {
    signedIn('staff');
    const user = userEvent.setup({ delay: null });
    stubApi(staffRoutes({ [route]: () => apiError(422, message, 'VALIDATION_ERROR', { fields: { [field]: message } }) }));
    renderRoute(<CheckoutPage />);
    await openStaffOrder(user);
    await user.selectOptions(await screen.findByLabelText('Staff member'), 'Joaquin Santos');
    await fillContactAndCard(user);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    await waitFor(() => expect(target()).toHaveAccessibleDescription(expect.stringContaining(message)));
    // On its field, not in a banner beside the button.
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(screen.getByTestId('location')).not.toHaveTextContent('/order-confirmation');
  });

  it("shows the server's 403 when the account may no longer place staff orders", async () => {
    signedIn('staff');
    const user = userEvent.setup({ delay: null });
    const requests = stubApi(staffRoutes({ 'POST /api/v1/payments': () => apiError(403, 'Only staff can place a staff order.', 'FORBIDDEN') }));
    renderRoute(<CheckoutPage />);
    await openStaffOrder(user);
    await user.selectOptions(await screen.findByLabelText('Staff member'), 'Joaquin Santos');
    await fillContactAndCard(user);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only staff can place a staff order.');
    expect(requests.some((request) => request.url.pathname === '/api/v1/orders')).toBe(false);
  });

  it('says when there are no staff members, and offers a retry when the lists fail to load', async () => {
    signedIn('staff');
    const user = userEvent.setup({ delay: null });
    let membersFail = true;
    stubApi(
      staffRoutes({
        'GET /api/v1/staff_members': () => (membersFail ? apiError(500, 'boom') : { body: [] }),
        'GET /api/v1/discount_configurations/active': () => apiError(500, 'boom'),
      }),
    );
    renderRoute(<CheckoutPage />);
    await openStaffOrder(user);
    expect(await screen.findByText('Could not load the staff members.')).toBeInTheDocument();
    expect(screen.getByText(/Could not load the staff discounts/)).toBeInTheDocument();
    // No discount stays available, and nothing is chosen for the staff member.
    expect(screen.getByRole('radio', { name: 'No discount' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled();

    membersFail = false;
    await user.click(screen.getAllByRole('button', { name: 'Try again' })[0]!);
    expect(await screen.findByText('No active staff members yet. An admin can add them in Admin Tools.')).toBeInTheDocument();
  });
});

function radioName(radio: HTMLElement): string {
  return (radio.getAttribute('aria-labelledby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}
