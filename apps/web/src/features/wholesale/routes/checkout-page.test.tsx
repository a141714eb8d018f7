import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RestaurantOutput } from '@kusina/domain/restaurants';
import { TestModeText } from '../../../components/ui/test-mode-banner.tsx';
import { apiError, mockApi, restaurantFixture, type ApiHandler } from '../../../test/api-mock.ts';
import { makeUser, renderApp } from '../../../test/render-app.tsx';
import { useWholesaleCartStore } from '../../../stores/wholesale-cart-store.ts';
import { cartLineFixture, envelope, fundraiserFixture, orderFixture } from '../test-fixtures.ts';

// The processors' browser scripts are "loaded" at once; the tests put Stripe.js and PayPal on window.
vi.mock('../../../lib/load-script.ts', () => ({ useScript: () => 'loaded', loadScript: () => Promise.resolve() }));

const PAYMENT_ID = '0b9c7a52-1f3e-4c8e-9a55-1d2e3f405060';

function gateway(payment_gateway: NonNullable<RestaurantOutput['admin_settings']>['payment_gateway']): RestaurantOutput {
  return { ...restaurantFixture, admin_settings: { payment_gateway } };
}

function shopApi(restaurant: RestaurantOutput, overrides: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /restaurants/1': { body: restaurant },
    'GET /wholesale/fundraisers': envelope({ fundraisers: [fundraiserFixture()] }),
    'GET /wholesale/fundraisers/tamuning-tigers': envelope({ fundraiser: fundraiserFixture() }),
    'POST /wholesale/cart/validate': envelope({ valid: true, issues: [], total_cents: 5000, total: 50 }),
    'POST /wholesale/orders': { status: 201, ...envelope({ order: orderFixture() }) },
    ...overrides,
  });
}

const opened = (processor: 'test' | 'stripe' | 'paypal', extra: Record<string, string> = {}) =>
  ({ status: 201, ...envelope({ payment_id: PAYMENT_ID, status: 'requires_confirmation', amount_cents: 5000, amount: 50, currency: 'usd', processor, ...extra }) }) as const;

beforeEach(() => {
  localStorage.setItem('restaurantId', '1');
  useWholesaleCartStore.setState({ items: [cartLineFixture()] });
});
afterEach(async () => {
  // A placed order clears the cart 100 ms later (§9): let that happen before the next test's cart.
  await new Promise((resolve) => setTimeout(resolve, 150));
  useWholesaleCartStore.setState({ items: [] });
  delete window.Stripe;
  delete window.paypal;
  vi.unstubAllGlobals();
});

async function fillContact(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText(/^Name/), 'Maria Cruz');
  await user.type(screen.getByLabelText(/^Email/), 'maria@example.com');
  await user.clear(screen.getByLabelText(/^Phone/));
  await user.type(screen.getByLabelText(/^Phone/), '+16715551234');
}

async function chooseAna(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('radio', { name: 'Ana Santos' }));
}

describe('wholesale checkout (wholesale.md §2, §4, §5)', () => {
  it("shows 'Payment System Unavailable…' where the server takes no test payments, with no card form and Place Order disabled", async () => {
    shopApi({ ...restaurantFixture, test_payments_allowed: false });
    renderApp('/wholesale/checkout');
    expect(await screen.findByText('Payment System Unavailable: Stripe payment processing is not configured. Please contact support.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Card number/)).not.toBeInTheDocument();
    expect(screen.queryByText(TestModeText.checkoutTitle)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled();
  });

  it('keeps Place Order disabled until name, email, phone and a participant choice are given; field errors clear on edit', async () => {
    shopApi(restaurantFixture);
    const { user } = renderApp('/wholesale/checkout');
    const place = await screen.findByRole('button', { name: 'Place Order' });
    // Phone defaults to +1671; name and email are blank and nobody is chosen yet.
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('+1671');
    expect(place).toBeDisabled();
    await user.type(screen.getByLabelText(/^Name/), 'Maria Cruz');
    await user.type(screen.getByLabelText(/^Email/), 'maria@');
    expect(place).toBeDisabled();
    await chooseAna(user);
    expect(place).toBeEnabled();
    await user.clear(screen.getByLabelText(/^Phone/));
    expect(place).toBeDisabled();
    await user.type(screen.getByLabelText(/^Phone/), '+16715551234');

    await user.click(place);
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), 'example.com');
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
  });

  it('pays with the test card, then places the order for the chosen participant and goes to the confirmation', async () => {
    const api = shopApi(restaurantFixture, {
      'POST /wholesale/payments': opened('test'),
      [`POST /payments/${PAYMENT_ID}/confirm`]: { body: { payment_id: PAYMENT_ID, status: 'authorized' } },
    });
    const { user } = renderApp('/wholesale/checkout');
    // Test mode is said above the form (issue #33).
    expect((await screen.findByText(TestModeText.checkoutTitle)).closest('[role="status"]')).toHaveTextContent(TestModeText.checkout);
    await user.type(await screen.findByLabelText(/^Name/), 'Maria Cruz');
    await user.type(screen.getByLabelText(/^Email/), 'maria@example.com');
    await user.clear(screen.getByLabelText(/^Phone/));
    await user.type(screen.getByLabelText(/^Phone/), '+16715551234');
    await chooseAna(user);
    await user.type(screen.getByLabelText(/Card number/), '4242424242424242');
    await user.type(screen.getByLabelText(/Expiry date/), '1234');
    await user.type(screen.getByLabelText(/CVC/), '123');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/wholesale/orders/77/confirmation?token=guest-token'));
    expect(api.callsTo('POST', '/wholesale/cart/validate')).toHaveLength(1);
    expect(api.callsTo('POST', `/payments/${PAYMENT_ID}/confirm`)[0]!.body).toMatchObject({ card: { number: '4242424242424242', exp_month: 12, exp_year: 34, cvc: '123' } });
    const [placed] = api.callsTo('POST', '/wholesale/orders');
    expect(placed!.headers.get('Idempotency-Key')).toBeTruthy();
    expect(placed!.body).toMatchObject({ fundraiser_id: 1, payment_id: PAYMENT_ID, order: { customerName: 'Maria Cruz', participantId: 11 }, cart_items: [{ item_id: 101, quantity: 2 }] });
  });

  it('asks for the pickup-day text only when the supporter ticks it (decision 0123)', async () => {
    const api = shopApi(restaurantFixture, {
      'POST /wholesale/payments': opened('test'),
      [`POST /payments/${PAYMENT_ID}/confirm`]: { body: { payment_id: PAYMENT_ID, status: 'authorized' } },
    });
    const { user } = renderApp('/wholesale/checkout');
    await fillContact(user);
    const reminder = screen.getByRole('checkbox', { name: 'Text me a reminder with the pickup window on pickup day' });
    expect(reminder).not.toBeChecked();
    await user.click(reminder);
    await chooseAna(user);
    await user.type(screen.getByLabelText(/Card number/), '4242424242424242');
    await user.type(screen.getByLabelText(/Expiry date/), '1234');
    await user.type(screen.getByLabelText(/CVC/), '123');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(api.callsTo('POST', '/wholesale/orders')).toHaveLength(1));
    expect(api.callsTo('POST', '/wholesale/orders')[0]!.body).toMatchObject({ order: { pickupReminder: true } });
  });

  it('with Stripe, shows the live card form and confirms the PaymentIntent with Stripe.js before placing the order', async () => {
    const confirmCardPayment = vi.fn(async () => ({ paymentIntent: { id: 'pi_1', status: 'requires_capture' } }));
    const card = { mount: vi.fn(), destroy: vi.fn() };
    window.Stripe = vi.fn(() => ({ elements: () => ({ create: () => card }), confirmCardPayment }));
    const api = shopApi(gateway({ payment_processor: 'stripe', publishable_key: 'pk_test_123', test_mode: false }), {
      'POST /wholesale/payments': opened('stripe', { client_secret: 'pi_1_secret_abc', payment_intent_id: 'pi_1' }),
    });
    const { user } = renderApp('/wholesale/checkout', { user: null });
    expect(await screen.findByRole('group', { name: 'Card details' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Card number/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Payment System Unavailable/)).not.toBeInTheDocument();
    expect(screen.queryByText(TestModeText.checkoutTitle)).not.toBeInTheDocument();
    expect(window.Stripe).toHaveBeenCalledWith('pk_test_123');

    await user.type(screen.getByLabelText(/^Name/), 'Maria Cruz');
    await user.type(screen.getByLabelText(/^Email/), 'maria@example.com');
    await user.clear(screen.getByLabelText(/^Phone/));
    await user.type(screen.getByLabelText(/^Phone/), '+16715551234');
    await user.click(screen.getByRole('radio', { name: 'General organisation support' }));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/wholesale/orders/77/confirmation'));
    expect(confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_abc', { payment_method: { card, billing_details: { name: 'Maria Cruz', email: 'maria@example.com', phone: '+16715551234' } } });
    expect(api.callsTo('POST', `/payments/${PAYMENT_ID}/confirm`)).toHaveLength(0);
    expect(api.callsTo('POST', '/wholesale/orders')[0]!.body).toMatchObject({ payment_id: PAYMENT_ID, order: { participantId: null } });
  });

  it('with Stripe, a declined card stays on checkout with the spec words and places nothing; a retry pays again', async () => {
    const confirmCardPayment = vi
      .fn()
      .mockResolvedValueOnce({ error: { message: 'Your card was declined.' } })
      .mockResolvedValueOnce({ paymentIntent: { id: 'pi_1', status: 'requires_capture' } });
    window.Stripe = vi.fn(() => ({ elements: () => ({ create: () => ({ mount: vi.fn(), destroy: vi.fn() }) }), confirmCardPayment }));
    const api = shopApi(gateway({ payment_processor: 'stripe', publishable_key: 'pk_test_123', test_mode: false }), {
      'POST /wholesale/payments': opened('stripe', { client_secret: 'pi_1_secret_abc' }),
    });
    const { user } = renderApp('/wholesale/checkout');
    await fillContact(user);
    await chooseAna(user);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    expect(await screen.findByText('Payment failed. Please try again. (Your card was declined.)')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/wholesale/checkout');
    expect(api.callsTo('POST', '/wholesale/orders')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(api.callsTo('POST', '/wholesale/orders')).toHaveLength(1));
    expect(api.callsTo('POST', '/wholesale/payments')).toHaveLength(2);
  });

  it('when the capture is declined at order time, says so and a retry pays with a new payment', async () => {
    let orders = 0;
    const api = shopApi(restaurantFixture, {
      'POST /wholesale/payments': opened('test'),
      [`POST /payments/${PAYMENT_ID}/confirm`]: { body: { payment_id: PAYMENT_ID, status: 'authorized' } },
      'POST /wholesale/orders': () => (++orders === 1 ? apiError(402, 'Your card was declined.', undefined, 'PAYMENT_FAILED') : { status: 201, ...envelope({ order: orderFixture() }) }),
    });
    const { user } = renderApp('/wholesale/checkout');
    await fillContact(user);
    await chooseAna(user);
    await user.type(screen.getByLabelText(/Card number/), '4242424242424242');
    await user.type(screen.getByLabelText(/Expiry date/), '1234');
    await user.type(screen.getByLabelText(/CVC/), '123');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Payment failed. Please try again. (Your card was declined.)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/wholesale/orders/77/confirmation'));
    expect(api.callsTo('POST', '/wholesale/payments')).toHaveLength(2);
  });

  it('with PayPal, the buttons validate the form, open the payment for its order id and place the order once approved', async () => {
    let options: { onClick(data: unknown, actions: { resolve(): Promise<void>; reject(): Promise<void> }): Promise<void> | void; createOrder(): Promise<string>; onApprove(): Promise<void> } | undefined;
    window.paypal = {
      Buttons: vi.fn((given) => {
        options = given;
        return { render: vi.fn(async () => undefined), close: vi.fn(async () => undefined) };
      }),
    };
    const api = shopApi(gateway({ payment_processor: 'paypal', client_id: 'client-123', test_mode: false }), {
      'POST /wholesale/payments': opened('paypal', { paypal_order_id: 'PPORDER9' }),
    });
    const { user } = renderApp('/wholesale/checkout');
    await screen.findByLabelText(/^Name/);
    await waitFor(() => expect(options).toBeDefined());
    // PayPal's own buttons pay: there is no Place Order button.
    expect(screen.queryByRole('button', { name: 'Place Order' })).not.toBeInTheDocument();

    const actions = { resolve: vi.fn(async () => undefined), reject: vi.fn(async () => undefined) };
    await options!.onClick({}, actions);
    expect(actions.reject).toHaveBeenCalled();
    expect(await screen.findByText('Name is required')).toBeInTheDocument();

    await fillContact(user);
    await chooseAna(user);
    await options!.onClick({}, actions);
    expect(actions.resolve).toHaveBeenCalled();
    expect(await options!.createOrder()).toBe('PPORDER9');
    await options!.onApprove();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/wholesale/orders/77/confirmation'));
    expect(api.callsTo('POST', '/wholesale/orders')[0]!.body).toMatchObject({ payment_id: PAYMENT_ID, order: { participantId: 11 } });
  });

  it("shows 'Payment System Unavailable …' only when no card processor is configured", async () => {
    shopApi(gateway({ payment_processor: 'stripe', test_mode: false }));
    const { user } = renderApp('/wholesale/checkout');
    const payment = (await screen.findByRole('heading', { name: 'Payment' })).closest('section')!;
    expect(await within(payment).findByText('Payment System Unavailable: Stripe payment processing is not configured. Please contact support.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Name/), 'Maria Cruz');
    await user.type(screen.getByLabelText(/^Email/), 'maria@example.com');
    await chooseAna(user);
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled();
  });

  it('shows the cart issues when the cart is validated again before payment, and pays nothing', async () => {
    const api = shopApi(restaurantFixture, {
      'POST /wholesale/cart/validate': envelope(
        { valid: false, issues: [{ type: 'insufficient_stock', item_id: 101, item_name: 'Tigers Tee', message: 'Only 1 left, you have 2', available: 1, requested: 2 }], total_cents: 5000, total: 50 },
        'Some items in your cart need attention',
      ),
    });
    const { user } = renderApp('/wholesale/checkout');
    await fillContact(user);
    await chooseAna(user);
    await user.type(screen.getByLabelText(/Card number/), '4242424242424242');
    await user.type(screen.getByLabelText(/Expiry date/), '1234');
    await user.type(screen.getByLabelText(/CVC/), '123');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Some items in your cart need attention')).toBeInTheDocument();
    expect(screen.getByText('Only 1 left, you have 2')).toBeInTheDocument();
    expect(api.callsTo('POST', '/wholesale/payments')).toHaveLength(0);
  });

  it('says when the cart\'s fundraiser stopped taking orders instead of waiting for its pickup details, and links back to the cart', async () => {
    shopApi(restaurantFixture, {
      'GET /wholesale/fundraisers/tamuning-tigers': apiError(403, 'This fundraiser is not currently accepting orders.', undefined, 'FORBIDDEN'),
    });
    const { user } = renderApp('/wholesale/checkout');
    expect(await screen.findByText('This fundraiser is not currently accepting orders.')).toBeInTheDocument();
    expect(screen.queryByText('Loading pickup details…')).not.toBeInTheDocument();
    expect(screen.getByText('Pickup details are not available.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Name/), 'Maria Cruz');
    await user.type(screen.getByLabelText(/^Email/), 'maria@example.com');
    await user.click(screen.getByRole('radio', { name: 'General organisation support' }));
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled();
    await user.click(screen.getByRole('link', { name: 'Review your cart' }));
    expect(await screen.findByRole('heading', { name: 'Your Cart' })).toBeInTheDocument();
  });

  it('says so when a cart stored without its fundraiser\'s name belongs to a fundraiser no longer listed', async () => {
    useWholesaleCartStore.setState({ items: [cartLineFixture({ fundraiserId: 9, fundraiserName: undefined, fundraiserSlug: undefined })] });
    shopApi(restaurantFixture);
    renderApp('/wholesale/checkout');
    expect(await screen.findByText('This fundraiser is no longer accepting orders')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review your cart' })).toHaveAttribute('href', '/wholesale/cart');
  });

  it('offers Try Again when the fundraiser could not be loaded for another reason', async () => {
    let calls = 0;
    shopApi(restaurantFixture, {
      'GET /wholesale/fundraisers/tamuning-tigers': () => (++calls === 1 ? apiError(500, 'Internal error') : envelope({ fundraiser: fundraiserFixture() })),
    });
    const { user } = renderApp('/wholesale/checkout');
    expect(await screen.findByText('Failed to load fundraiser')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Tamuning Gym')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load fundraiser')).not.toBeInTheDocument();
  });

  it("prefills a signed-in supporter's name (or first plus last name), email and phone; an empty phone starts at +1671", async () => {
    shopApi(restaurantFixture);
    const first = renderApp('/wholesale/checkout', { user: makeUser({ name: 'Ana S.', first_name: 'Ana', last_name: 'Santos', email: 'ana@example.com', phone: '+16715550199' }) });
    expect(await screen.findByLabelText(/^Name/)).toHaveValue('Ana S.');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ana@example.com');
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('+16715550199');
    first.unmount();
    renderApp('/wholesale/checkout', { user: makeUser({ name: '', first_name: 'Ana', last_name: 'Santos', phone: '' }) });
    expect(await screen.findByLabelText(/^Name/)).toHaveValue('Ana Santos');
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('+1671');
  });
});
