import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { apiLogin, changeHours, demo, E2E_PORT, expect, expectAccessible, fillTestCard, guamDate, guamWeekday, test, type WeekdayHoursRow } from './fixtures.ts';

/**
 * Issue #23: opening hours decide ordering. The restaurant is closed today through the reservations
 * Admin Settings API (today's weekday marked closed, restored afterwards), so the spec passes at any
 * hour in Guam: checkout offers only pickup times inside the open hours of later days, and the API
 * refuses "as soon as possible" and a pickup outside hours with a 422 naming pickup_time.
 */

const GUAM_CLOCK = new Intl.DateTimeFormat('en-US', { timeZone: 'Pacific/Guam', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether an instant is a pickup time the week's hours allow (25 minutes after opening up to closing). */
function insideHours(iso: string, week: WeekdayHoursRow[]): boolean {
  const parts = Object.fromEntries(GUAM_CLOCK.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  const row = week.find((r) => r.day_of_week === WEEKDAYS.indexOf(parts.weekday!));
  if (!row || row.closed) return false;
  const at = Number(parts.hour) * 60 + Number(parts.minute);
  const open = minutesOf(row.open_time);
  const close = minutesOf(row.close_time);
  // The demo's hours close before midnight (11AM-9PM, 10PM on weekends).
  return close > open && at >= open + 25 && at <= close;
}

test.describe('opening hours decide ordering', () => {
  let admin: APIRequestContext;
  let restore: (() => Promise<void>) | null = null;
  let week: WeekdayHoursRow[] = [];
  const today = guamWeekday();

  // A context of its own (a test's `request` fixture cannot outlive it), to restore the hours after.
  test.beforeAll(async () => {
    admin = await playwrightRequest.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
    const changed = await changeHours(admin, (row) => (row.day_of_week === today ? { closed: true } : null));
    restore = changed.restore;
    week = changed.before.map((row) => (row.day_of_week === today ? { ...row, closed: true } : row));
  });
  test.afterAll(async () => {
    await restore?.();
    await admin.dispose();
  });

  test("a closed restaurant's checkout offers only open pickup times and the API refuses a pickup outside hours", async ({ page, request }) => {
    // Home's hero, the footer, the header and the menu say so (the restaurant's hours_text,
    // GET /restaurants/1/ordering_status).
    await page.goto('/');
    await expect(page.getByTestId('home-open-state')).toContainText('Closed now · opens');
    await expect(page.getByRole('contentinfo').getByText('Closed today')).toBeVisible();
    await page.goto('/menu');
    await expect(page.getByRole('banner').getByText('Closed today')).toBeVisible();
    await expect(page.getByTestId('menu-open-state')).toContainText('Closed now · opens');
    await expect(page.getByTestId('menu-open-state')).toContainText('Order now for a later pickup.');
    await page.getByRole('searchbox', { name: 'Search menu' }).fill('chicken katsu');
    await page.getByRole('button', { name: 'Add Chicken Katsu Plate to Cart' }).click();
    await expect(page.getByText('Added Chicken Katsu Plate to cart')).toBeVisible();
    await page.goto('/checkout');

    await expect(page.getByText("We're closed right now. Please choose a pickup time.")).toBeVisible();
    await expect(page.getByTestId('open-state')).toContainText('Closed now · opens');
    await expect(page.getByText('Today Closed')).toBeVisible();
    const select = page.getByLabel('Pickup time');
    const values = await select.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(values.length).toBeGreaterThan(0);
    expect(values).not.toContain('asap');
    await expect(select.locator('option', { hasText: 'As soon as possible' })).toHaveCount(0);
    for (const value of values) expect(insideHours(value, week), `${value} is inside the open hours`).toBe(true);
    await expectAccessible(page);

    // The customer picks the second offered time and places the order: the confirmation says it.
    const chosenLabel = (await select.locator('option').nth(1).innerText()).trim();
    await select.selectOption({ index: 1 });
    await expect(page.getByTestId('pickup-estimate')).toHaveText(chosenLabel);
    await page.getByLabel('Name', { exact: true }).fill('Rosa Aguon');
    await page.getByLabel('Email').fill('rosa@example.com');
    await page.getByLabel('Phone').fill('+16715550188');
    await fillTestCard(page);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
    await expect(page.getByTestId('live-order-status')).toHaveText(`Your order is scheduled. Pickup at ${chosenLabel}`);
    await expect(page.getByText('ETA will be sent once staff begin preparing')).toHaveCount(0);

    // The API: the quote says closed and lists the same kind of slots; a pickup at 3 AM Guam time and
    // an order without a time are refused with 422 naming pickup_time; nothing is placed.
    const menu = (await (await request.get('/api/v1/menu?restaurant_id=1')).json()) as { items: { id: number; name: string }[] };
    const katsu = menu.items.find((item) => item.name === 'Chicken Katsu Plate')!;
    const items = [{ menu_item_id: katsu.id, quantity: 1 }];
    const quote = await request.post('/api/v1/checkout/quote', { data: { restaurant_id: 1, items } });
    expect(quote.ok(), await quote.text()).toBe(true);
    const pickup = ((await quote.json()) as { pickup: { open: boolean; asap_available: boolean; slots: string[] } }).pickup;
    expect(pickup).toMatchObject({ open: false, asap_available: false });
    for (const slot of pickup.slots) expect(insideHours(slot, week), `${slot} is inside the open hours`).toBe(true);

    // 3 AM in Guam on the first offered slot's own (Guam) day: after now, and outside every day's hours.
    const night = new Date(`${guamDate(new Date(pickup.slots[0]!))}T03:00:00+10:00`);
    const outside = await request.post('/api/v1/checkout/quote', { data: { restaurant_id: 1, items, pickup_time: night.toISOString() } });
    expect(outside.status()).toBe(422);
    expect((await outside.json()).error).toMatchObject({
      message: 'That pickup time is outside our opening hours. Please choose one of the offered times.',
      details: { fields: { pickup_time: 'That pickup time is outside our opening hours. Please choose one of the offered times.' } },
    });

    const created = await request.post('/api/v1/payments', { data: { restaurant_id: 1, items } });
    expect(created.ok(), await created.text()).toBe(true);
    const paymentId = ((await created.json()) as { payment_id: string }).payment_id;
    const confirmed = await request.post(`/api/v1/payments/${paymentId}/confirm`, { data: { card: { number: '4242424242424242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123' } } });
    expect(confirmed.ok(), await confirmed.text()).toBe(true);
    const order = (pickup_time?: string) =>
      request.post('/api/v1/orders', {
        headers: { 'idempotency-key': `hours-${paymentId}-${pickup_time ?? 'asap'}` },
        data: { restaurant_id: 1, items, payment_id: paymentId, contact: { name: 'Rosa Aguon', email: 'rosa@example.com', phone: '+16715550188' }, ...(pickup_time ? { pickup_time } : {}) },
      });
    const asap = await order();
    expect(asap.status()).toBe(422);
    expect((await asap.json()).error.details.fields.pickup_time).toBe("We're closed right now. Please choose a pickup time.");
    const atNight = await order(night.toISOString());
    expect(atNight.status()).toBe(422);
    expect((await atNight.json()).error.details.fields.pickup_time).toBe('That pickup time is outside our opening hours. Please choose one of the offered times.');

    // The staff board lists the placed order with its chosen time.
    const staff = await apiLogin(request, demo.staff);
    const board = await request.get('/api/v1/admin/orders', { headers: { authorization: `Bearer ${staff}` }, params: { q: 'Rosa Aguon', per_page: 5 } });
    expect(board.ok(), await board.text()).toBe(true);
    const cards = ((await board.json()) as { orders: { requested_pickup_time: string | null }[] }).orders;
    expect(cards.some((card) => card.requested_pickup_time === values[1])).toBe(true);
  });
});
