import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, restaurantFixture, type ApiHandler } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { useWholesaleCartStore } from '../../../stores/wholesale-cart-store.ts';
import { cartLineFixture, envelope, fundraiserFixture, orderFixture } from '../test-fixtures.ts';

vi.mock('../../../lib/load-script.ts', () => ({ useScript: () => 'loaded', loadScript: () => Promise.resolve() }));

const PAYMENT_ID = '0b9c7a52-1f3e-4c8e-9a55-1d2e3f405060';
const opened = { status: 201, ...envelope({ payment_id: PAYMENT_ID, status: 'requires_confirmation', amount_cents: 5000, amount: 50, currency: 'usd', processor: 'test' }) } as const;

function shopApi(overrides: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /restaurants/1': { body: restaurantFixture },
    'GET /wholesale/fundraisers': envelope({ fundraisers: [fundraiserFixture()] }),
    'GET /wholesale/fundraisers/tamuning-tigers': envelope({ fundraiser: fundraiserFixture() }),
    'GET /wholesale/fundraisers/tamuning-tigers/leaderboard': envelope({ leaderboard: { participants: [], supporters: [] } }),
    'POST /wholesale/cart/validate': envelope({ valid: true, issues: [], total_cents: 5000, total: 50 }),
    'POST /wholesale/payments': opened,
    [`POST /payments/${PAYMENT_ID}/confirm`]: { body: { payment_id: PAYMENT_ID, status: 'authorized' } },
    'POST /wholesale/orders': { status: 201, ...envelope({ order: orderFixture() }) },
    ...overrides,
  });
}

async function fillContactAndCard(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText(/^Name/), 'Maria dela Cruz');
  await user.type(screen.getByLabelText(/^Email/), 'maria@example.com');
  await user.clear(screen.getByLabelText(/^Phone/));
  await user.type(screen.getByLabelText(/^Phone/), '+16715551234');
  await user.type(screen.getByLabelText(/Card number/), '4242424242424242');
  await user.type(screen.getByLabelText(/Expiry date/), '1234');
  await user.type(screen.getByLabelText(/CVC/), '123');
}

// The pages load lazily: loaded once here, so the first test does not spend its wait importing them on a busy machine.
beforeAll(async () => {
  await Promise.all([import('./checkout-page.tsx'), import('./fundraiser-page.tsx'), import('./confirmation-page.tsx')]);
}, 60_000);
beforeEach(() => localStorage.setItem('restaurantId', '1'));
afterEach(async () => {
  await new Promise((resolve) => setTimeout(resolve, 150));
  useWholesaleCartStore.setState({ items: [] });
  sessionStorage.clear();
});

describe('donations, round-up and the supporters wall choice at checkout (issue #36 items 2, 7)', () => {
  it('adds a donation and the round-up to a cart order, shows them in the summary, and sends them with the wall choice', async () => {
    // A cart of $49.99: with a $5.00 donation, $54.99 rounds up by $0.01.
    useWholesaleCartStore.setState({ items: [cartLineFixture({ priceCents: 4999, quantity: 1 })] });
    const api = shopApi();
    const { user } = renderApp('/wholesale/checkout');
    await fillContactAndCard(user);
    await user.click(screen.getByRole('radio', { name: 'Ana Santos' }));
    await user.click(screen.getByRole('button', { name: '$5.00' }));
    expect(screen.getByLabelText(/^Donation amount/)).toHaveValue('5');
    await user.click(screen.getByRole('checkbox', { name: /Round up to the next dollar \(\+\$0\.01\)/ }));
    // The wall shows what the server will derive from the name.
    await user.click(screen.getByRole('radio', { name: 'As Maria C.' }));
    const summary = screen.getByRole('complementary', { name: 'Order Summary' });
    expect(summary).toHaveTextContent('Donation$5.00');
    expect(summary).toHaveTextContent('Round-up$0.01');
    expect(summary).toHaveTextContent('Total$55.00');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/wholesale/orders/77/confirmation'));
    expect(api.callsTo('POST', '/wholesale/payments')[0]!.body).toEqual({ fundraiser_id: 1, cart_items: [expect.objectContaining({ item_id: 101 })], donation_cents: 500, round_up: true });
    expect(api.callsTo('POST', '/wholesale/orders')[0]!.body).toMatchObject({ donation_cents: 500, round_up: true, order: { participantId: 11, supporterDisplay: 'name' } });
  });

  it('a donation-only checkout from the fundraiser page: no cart, the participant of the link kept, a bad amount refused on the field', async () => {
    // The supporter's cart holds another fundraiser's item: a donation-only order leaves it alone.
    const choirLine = cartLineFixture({ id: 'choir', itemId: 201, fundraiserId: 2, fundraiserName: 'St. Anthony Choir', fundraiserSlug: 'st-anthony-choir', name: 'Choir Candle' });
    useWholesaleCartStore.setState({ items: [choirLine] });
    const api = shopApi({ 'POST /wholesale/orders': { status: 201, ...envelope({ order: orderFixture({ items: [], donationCents: 1250, roundUpCents: 0, totalCents: 1250 }) }) } });
    const { user } = renderApp('/wholesale/tamuning-tigers?participant=11');
    await user.click(await screen.findByRole('link', { name: 'Donate without buying' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Donate' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/wholesale/tamuning-tigers/donate');
    await fillContactAndCard(user);
    // The participant whose link brought the supporter is chosen; the supporter stays anonymous unless they choose.
    expect(await screen.findByRole('radio', { name: 'Ana Santos' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Anonymous' })).toBeChecked();
    const place = screen.getByRole('button', { name: 'Place Order' });
    expect(place).toBeDisabled();
    const amount = screen.getByLabelText(/^Donation amount/);
    await user.type(amount, '12.505');
    expect(screen.getByText('Enter a donation amount, e.g. 10 or 12.50')).toBeInTheDocument();
    expect(place).toBeDisabled();
    await user.clear(amount);
    await user.type(amount, '20000');
    expect(screen.getByText('A donation can be at most $10,000.00')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '12.50');
    expect(screen.getByRole('complementary', { name: 'Order Summary' })).toHaveTextContent('Total$12.50');
    await user.click(place);

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/wholesale/orders/77/confirmation'));
    expect(api.callsTo('POST', '/wholesale/cart/validate')).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(useWholesaleCartStore.getState().items).toEqual([choirLine]);
    expect(api.callsTo('POST', '/wholesale/payments')[0]!.body).toEqual({ fundraiser_id: 1, cart_items: [], donation_cents: 1250 });
    expect(api.callsTo('POST', '/wholesale/orders')[0]!.body).toMatchObject({ cart_items: [], donation_cents: 1250, order: { participantId: 11, supporterDisplay: 'anonymous' } });
  });

  it("shows the server's refusal of the donation on its field", async () => {
    useWholesaleCartStore.setState({ items: [cartLineFixture()] });
    shopApi({ 'POST /wholesale/payments': apiError(400, 'A donation can be at most $10,000.00', { donation_cents: 'A donation can be at most $10,000.00' }, 'VALIDATION_ERROR') });
    const { user } = renderApp('/wholesale/checkout');
    await fillContactAndCard(user);
    await user.click(screen.getByRole('radio', { name: 'Ana Santos' }));
    await user.type(screen.getByLabelText(/^Donation amount/), '10');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    const field = screen.getByLabelText(/^Donation amount/);
    await waitFor(() => expect(field).toHaveAccessibleDescription(/A donation can be at most \$10,000\.00/));
    expect(within(screen.getByRole('complementary', { name: 'Order Summary' })).getByText('A donation can be at most $10,000.00')).toBeInTheDocument();
  });
});
