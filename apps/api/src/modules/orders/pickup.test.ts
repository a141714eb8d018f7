import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PickupMessages } from '@kusina/domain/pickup-schedule';
import type { QuoteOutput } from '@kusina/domain/checkout';
import { build, request, type TestContext } from '../../test/build.ts';
import { notifications, operatingHours, orders, payments, specialEvents } from '../../db/schema/index.ts';
import { api, demoTokens } from '../order-management/test-support.ts';
import { checkout, createItem, newKey, pay, placeOrder, type Line } from './test-support.ts';

/*
 * Opening hours decide ordering (issue #23) through the API, on restaurant 1's demo hours
 * (Tue–Thu 11AM-9PM, Mondays closed) and a fixed clock: 2026-03-04 is a Wednesday in Guam (UTC+10).
 */
const guam = (date: string, time: string) => new Date(`${date}T${time}:00+10:00`);
const iso = (d: Date) => d.toISOString();

describe('opening hours decide ordering', () => {
  let t: TestContext;
  let now = guam('2026-03-04', '00:40');
  let plate: Line[];
  let tray: Line[];

  beforeAll(async () => {
    t = await build({ CODE_CHECK_RATE_LIMIT_PER_MINUTE: '10000' }, { now: () => now });
    plate = [{ menu_item_id: (await createItem(t.db, { priceCents: 1200 })).id, quantity: 1 }];
    tray = [{ menu_item_id: (await createItem(t.db, { priceCents: 4995, advanceNoticeHours: 24 })).id, quantity: 1 }];
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.delete(specialEvents).where(eq(specialEvents.restaurantId, 1));
  });

  async function quote(items: Line[], extra: Record<string, unknown> = {}) {
    return request(t.app, { method: 'POST', url: '/api/v1/checkout/quote', payload: { restaurant_id: 1, items, ...extra } });
  }
  const ordersCount = async () => (await t.db.select({ id: orders.id }).from(orders)).length;

  it('the measured defect: at 00:40 Guam time the quote says closed and offers the day\'s open slots; "as soon as possible" and 1:05 AM are refused, nothing is written', async () => {
    now = guam('2026-03-04', '00:40');
    const quoted = await quote(plate);
    expect(quoted.statusCode, quoted.body).toBe(200);
    const pickup = (quoted.json() as QuoteOutput).pickup;
    expect(pickup).toMatchObject({ open: false, asap_available: false, closes_at: null, next_opens_at: iso(guam('2026-03-04', '11:00')), hours_today: '11AM-9PM', time_zone: 'Pacific/Guam' });
    expect(pickup.slots.slice(0, 2)).toEqual([iso(guam('2026-03-04', '11:30')), iso(guam('2026-03-04', '11:45'))]);
    expect(pickup.slots.at(-1)! <= iso(guam('2026-03-11', '00:40'))).toBe(true);
    // No slot on Monday (closed).
    expect(pickup.slots.some((s) => s.startsWith('2026-03-09') || s.startsWith('2026-03-08T2'))).toBe(false);

    const before = await ordersCount();
    const asap = await checkout(t.app, { items: plate });
    expect(asap.statusCode, asap.body).toBe(422);
    expect(asap.json().error).toMatchObject({ message: PickupMessages.closedChooseTime, details: { fields: { pickup_time: PickupMessages.closedChooseTime } } });

    const paymentId = await pay(t.app, { items: plate });
    const night = await placeOrder(t.app, paymentId, { items: plate, extra: { pickup_time: '2026-03-04T01:05:00+10:00' } });
    expect(night.statusCode, night.body).toBe(422);
    expect(night.json().error).toMatchObject({ message: PickupMessages.outsideHours, details: { fields: { pickup_time: PickupMessages.outsideHours } } });
    expect(await ordersCount()).toBe(before);
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment!.orderId).toBeNull();

    // The quote refuses the same time.
    const quotedNight = await quote(plate, { pickup_time: '2026-03-04T01:05:00+10:00' });
    expect(quotedNight.statusCode).toBe(422);

    // An offered slot places the order; the stored pickup is the chosen time.
    const placed = await placeOrder(t.app, paymentId, { items: plate, extra: { pickup_time: pickup.slots[0] } });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ requested_pickup_time: pickup.slots[0], estimated_pickup_time: pickup.slots[0] });

    // The confirmation text says the chosen time, not "20-25 minutes"; the staff board shows it.
    const [sms] = await t.db.select().from(notifications).where(and(eq(notifications.channel, 'sms'), like(notifications.body, `%${placed.json().order_number}%`)));
    expect(sms!.body).toContain('Estimated pickup: Wed, Mar 4, 11:30 AM.');
    const tokens = await demoTokens(t.app, t.db);
    const board = await api(t.app).get('/admin/orders?restaurant_id=1&per_page=100', tokens.staff);
    expect(board.statusCode, board.body).toBe(200);
    const card = (board.json() as { orders: { id: number; requested_pickup_time: string | null }[] }).orders.find((o) => o.id === placed.json().id);
    expect(card?.requested_pickup_time).toBe(pickup.slots[0]);
  });

  it('while open, "as soon as possible" is offered and placed with the standard estimate', async () => {
    now = guam('2026-03-04', '12:00');
    const pickup = ((await quote(plate)).json() as QuoteOutput).pickup;
    expect(pickup).toMatchObject({ open: true, asap_available: true, closes_at: iso(guam('2026-03-04', '21:00')) });
    const placed = await checkout(t.app, { items: plate });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ requested_pickup_time: null, estimated_pickup_time: iso(guam('2026-03-04', '12:25')), pickup_estimate: '20-25 minutes' });
  });

  it('GET /restaurants/:id/ordering_status says open or closed now, for the menu', async () => {
    now = guam('2026-03-04', '00:40');
    const closed = await request(t.app, { method: 'GET', url: '/api/v1/restaurants/1/ordering_status' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toEqual({ restaurant_id: 1, open: false, closes_at: null, next_opens_at: iso(guam('2026-03-04', '11:00')), hours_today: '11AM-9PM', state_text: 'Closed now · opens Wed 11:00 AM', time_zone: 'Pacific/Guam' });
    expect(closed.headers['cache-control']).toBe('public, max-age=60');
    now = guam('2026-03-04', '12:00');
    const open = await request(t.app, { method: 'GET', url: '/api/v1/restaurants/1/ordering_status' });
    expect(open.json()).toMatchObject({ open: true, closes_at: iso(guam('2026-03-04', '21:00')), next_opens_at: null, state_text: 'Open now · closes Wed 9:00 PM' });
    expect((await request(t.app, { method: 'GET', url: '/api/v1/restaurants/999999/ordering_status' })).statusCode).toBe(404);

    // The header's hours text rides on the restaurant: the demo's days differ (Mondays closed), so today's.
    const restaurant = await request(t.app, { method: 'GET', url: '/api/v1/restaurants/1' });
    expect(restaurant.json().hours_text).toBe('Today 11AM-9PM');
    await t.db.insert(specialEvents).values({ restaurantId: 1, eventDate: '2026-03-04', closed: true, description: 'Closed for a test' });
    expect((await request(t.app, { method: 'GET', url: '/api/v1/restaurants/1' })).json().hours_text).toBe('Closed today');
  });

  it('a malformed pickup time is a 400 naming the field', async () => {
    now = guam('2026-03-04', '12:00');
    const response = await quote(plate, { pickup_time: 'tomorrow at noon' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('pickup_time');
  });

  it('advance notice: no "as soon as possible", no pickup inside the 24 hours, the first slot after it is accepted', async () => {
    now = guam('2026-03-04', '12:00');
    const pickup = ((await quote(tray)).json() as QuoteOutput).pickup;
    expect(pickup.asap_available).toBe(false);
    expect(pickup.slots[0]).toBe(iso(guam('2026-03-05', '12:00')));

    const asap = await checkout(t.app, { items: tray });
    expect(asap.statusCode).toBe(422);
    expect(asap.json().error.message).toBe(PickupMessages.advanceNoticeChooseTime);
    const soon = await checkout(t.app, { items: tray, extra: { pickup_time: iso(guam('2026-03-05', '11:30')) } });
    expect(soon.statusCode).toBe(422);
    expect(soon.json().error.details.fields.pickup_time).toBe(PickupMessages.insideNotice(24));
    const placed = await checkout(t.app, { items: tray, extra: { pickup_time: pickup.slots[0] } });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ requested_pickup_time: pickup.slots[0], requires_advance_notice: true });
  });

  it('the admin\'s hours and events decide: a closed event today, then today\'s weekday closed in Admin Settings', async () => {
    now = guam('2026-03-04', '12:00');
    await t.db.insert(specialEvents).values({ restaurantId: 1, eventDate: '2026-03-04', closed: true, description: 'Closed for a test' });
    let pickup = ((await quote(plate)).json() as QuoteOutput).pickup;
    expect(pickup).toMatchObject({ open: false, asap_available: false, hours_today: 'Closed' });
    expect(pickup.slots[0]).toBe(iso(guam('2026-03-05', '11:30')));
    expect((await checkout(t.app, { items: plate })).statusCode).toBe(422);
    await t.db.delete(specialEvents).where(eq(specialEvents.restaurantId, 1));

    await t.db.update(operatingHours).set({ closed: true }).where(and(eq(operatingHours.restaurantId, 1), eq(operatingHours.dayOfWeek, 3)));
    try {
      pickup = ((await quote(plate)).json() as QuoteOutput).pickup;
      expect(pickup).toMatchObject({ open: false, hours_today: 'Closed' });
      const today = await checkout(t.app, { items: plate, extra: { pickup_time: iso(guam('2026-03-04', '13:00')) }, key: newKey() });
      expect(today.statusCode).toBe(422);
      expect(today.json().error.message).toBe(PickupMessages.outsideHours);
    } finally {
      await t.db.update(operatingHours).set({ closed: false }).where(and(eq(operatingHours.restaurantId, 1), eq(operatingHours.dayOfWeek, 3)));
    }
  });
});
