import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS_TRANSITIONS, formatPickupTime } from '@kusina/domain/order-management';
import { ORDER_STATUSES, type OrderStatus } from '@kusina/domain/orders';
import { notifications, orderEtaEvents, orders, orderStatusEvents, restaurants } from '../../db/schema/index.ts';
import { build, type TestContext } from '../../test/build.ts';
import { createItem, openAllDay } from '../orders/test-support.ts';
import { api, demoTokens, outbox, placeOrder, simpleOrder, type PlacedOrder, type Tokens } from './test-support.ts';

const contact = { name: 'Maria Cruz', email: 'maria@example.com', phone: '+16715551234' };

describe('order management: status pipeline, ETA, acknowledgements, the board', () => {
  let t: TestContext;
  let tokens: Tokens;
  let http: ReturnType<typeof api>;
  beforeAll(async () => {
    t = await build({ PUBLIC_URL: 'https://order.kusina.test' });
    await openAllDay(t.db);
    tokens = await demoTokens(t.app, t.db);
    http = api(t.app);
  });
  afterAll(() => t.close());

  /** An order brought to `status` through the legal path (pending → confirmed → preparing → ready → completed). */
  async function orderAt(status: OrderStatus): Promise<number> {
    const order = await simpleOrder(t.app, t.db);
    if (status === 'refunded') {
      const refunded = await http.post(`/admin/orders/${order.id}/refunds`, tokens.admin, { full: true, restock: 'return', reason: 'test' });
      expect(refunded.statusCode, refunded.body).toBe(201);
      return order.id;
    }
    const path: OrderStatus[] = status === 'cancelled' ? ['cancelled'] : (['confirmed', 'preparing', 'ready', 'completed'] as OrderStatus[]).slice(0, ['pending', 'confirmed', 'preparing', 'ready', 'completed'].indexOf(status));
    for (const next of path) {
      const moved = await http.patch(`/admin/orders/${order.id}/status`, tokens.staff, { status: next });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    return order.id;
  }

  describe('transitions', () => {
    it('accepts every legal transition and refuses every illegal one with 409, leaving the order as it was', async () => {
      for (const from of ORDER_STATUSES) {
        for (const to of ORDER_STATUSES) {
          if (to === 'refunded') continue; // only a refund makes an order refunded (below)
          const id = await orderAt(from);
          const response = await http.patch(`/admin/orders/${id}/status`, tokens.staff, { status: to });
          const legal = ORDER_STATUS_TRANSITIONS[from].includes(to);
          expect(response.statusCode, `${from} → ${to}: ${response.body}`).toBe(legal ? 200 : 409);
          const [row] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
          expect(row!.status).toBe(legal ? to : from);
          if (legal) {
            expect(response.json()).toMatchObject({ id, status: to, allowed_transitions: ORDER_STATUS_TRANSITIONS[to] });
          } else {
            expect(response.json().error).toMatchObject({
              code: 'ILLEGAL_TRANSITION',
              message: `An order that is ${from} cannot become ${to}.`,
              details: { from, to, allowed: ORDER_STATUS_TRANSITIONS[from] },
            });
          }
        }
      }
    });

    it("refuses 'refunded' by hand (422) and an unknown status (400)", async () => {
      const id = await orderAt('completed');
      const refunded = await http.patch(`/admin/orders/${id}/status`, tokens.admin, { status: 'refunded' });
      expect(refunded.statusCode).toBe(422);
      expect(refunded.json().error).toMatchObject({ message: 'An order becomes refunded only through a refund of everything paid.', details: { fields: { status: expect.any(String) } } });
      const unknown = await http.patch(`/admin/orders/${id}/status`, tokens.admin, { status: 'lost' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.details.fields).toHaveProperty('status');
    });

    it('records who changed the status and when, with the reason, in order, from the first event on', async () => {
      const order = await simpleOrder(t.app, t.db);
      const before = Date.now();
      await http.patch(`/admin/orders/${order.id}/status`, tokens.staff, { status: 'confirmed' });
      await http.patch(`/admin/orders/${order.id}/status`, tokens.admin, { status: 'cancelled', reason: 'Customer called to cancel' });
      const detail = (await http.get(`/admin/orders/${order.id}`, tokens.staff)).json();
      expect(detail.status_history).toEqual([
        { id: expect.any(Number), from_status: null, to_status: 'pending', actor: null, reason: null, created_at: expect.any(String) },
        { id: expect.any(Number), from_status: 'pending', to_status: 'confirmed', actor: { id: expect.any(Number), name: 'Kekoa Staff', role: 'staff' }, reason: null, created_at: expect.any(String) },
        {
          id: expect.any(Number),
          from_status: 'confirmed',
          to_status: 'cancelled',
          actor: { id: expect.any(Number), name: 'Ana Admin', role: 'admin' },
          reason: 'Customer called to cancel',
          created_at: expect.any(String),
        },
      ]);
      const changedAt = Date.parse(detail.status_history[2].created_at);
      expect(changedAt).toBeGreaterThanOrEqual(before - 1000);
      expect(changedAt).toBeLessThanOrEqual(Date.now() + 1000);
      // A status change is also an acknowledgement.
      expect(detail.acknowledged_by).toMatchObject({ name: 'Kekoa Staff' });
    });

    it('two screens racing to move the same order: one wins, the other is refused, one event is written', async () => {
      const order = await simpleOrder(t.app, t.db);
      const [a, b] = await Promise.all([
        http.patch(`/admin/orders/${order.id}/status`, tokens.staff, { status: 'preparing' }),
        http.patch(`/admin/orders/${order.id}/status`, tokens.admin, { status: 'preparing' }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const events = await t.db.select().from(orderStatusEvents).where(and(eq(orderStatusEvents.orderId, order.id), eq(orderStatusEvents.toStatus, 'preparing')));
      expect(events).toHaveLength(1);
    });
  });

  describe('customer notifications', () => {
    it('texts and e-mails the customer when preparing starts (with the ETA) and when the order is ready; not for confirmed or completed', async () => {
      const order = await simpleOrder(t.app, t.db);
      const count = async () => (await t.db.select().from(notifications).where(eq(notifications.restaurantId, 1))).length;
      const start = await count();
      await http.patch(`/admin/orders/${order.id}/status`, tokens.staff, { status: 'confirmed' });
      expect(await count()).toBe(start);

      const eta = new Date(Date.now() + 40 * 60_000);
      eta.setUTCSeconds(0, 0);
      const preparing = await http.patch(`/admin/orders/${order.id}/status`, tokens.staff, { status: 'preparing', estimated_pickup_time: eta.toISOString() });
      expect(preparing.statusCode, preparing.body).toBe(200);
      expect(preparing.json().estimated_pickup_time).toBe(eta.toISOString());
      const prep = (await outbox(t.db, 'order_preparing', [contact.phone, contact.email])).filter((n) => n.body.includes(order.order_number));
      expect(prep.map((n) => [n.channel, n.recipient])).toEqual([
        ['sms', contact.phone],
        ['email', contact.email],
      ]);
      expect(prep[0]!.body).toBe(`Kusina: we are preparing your order ${order.order_number}. Estimated pickup: ${formatPickupTime(eta)}. Show your order number at pickup.`);
      expect(prep[1]!.subject).toBe(`Your Kusina order ${order.order_number} is being prepared`);

      await http.patch(`/admin/orders/${order.id}/status`, tokens.staff, { status: 'ready' });
      const ready = (await outbox(t.db, 'order_ready', [contact.phone, contact.email])).filter((n) => n.body.includes(order.order_number));
      expect(ready).toHaveLength(2);
      expect(ready[0]!.body).toBe(`Kusina: your order ${order.order_number} is ready for pickup! Show your order number at the counter.`);

      const before = await count();
      await http.patch(`/admin/orders/${order.id}/status`, tokens.staff, { status: 'completed' });
      expect(await count()).toBe(before);
    });

    it('a refused transition queues nothing', async () => {
      const id = await orderAt('completed');
      const before = (await t.db.select().from(notifications)).length;
      expect((await http.patch(`/admin/orders/${id}/status`, tokens.staff, { status: 'ready' })).statusCode).toBe(409);
      expect((await t.db.select().from(notifications)).length).toBe(before);
    });
  });

  describe('ETA', () => {
    it('accepts a future time or minutes from now, records who and when, and notifies only once preparing', async () => {
      const order = await simpleOrder(t.app, t.db);
      const soon = new Date(Date.now() + 30 * 60_000);
      soon.setUTCMilliseconds(0);
      const set = await http.patch(`/admin/orders/${order.id}/eta`, tokens.staff, { estimated_pickup_time: soon.toISOString() });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json().estimated_pickup_time).toBe(soon.toISOString());
      expect(set.json().eta_history).toEqual([
        {
          id: expect.any(Number),
          previous_time: order.estimated_pickup_time,
          new_time: soon.toISOString(),
          actor: { id: expect.any(Number), name: 'Kekoa Staff', role: 'staff' },
          notified: false,
          created_at: expect.any(String),
        },
      ]);
      expect((await outbox(t.db, 'order_eta_changed', [contact.phone])).filter((n) => n.body.includes(order.order_number))).toHaveLength(0);

      await http.patch(`/admin/orders/${order.id}/status`, tokens.staff, { status: 'preparing' });
      const before = Date.now();
      const later = await http.patch(`/admin/orders/${order.id}/eta`, tokens.staff, { minutes_from_now: 45 });
      expect(later.statusCode, later.body).toBe(200);
      const eta = Date.parse(later.json().estimated_pickup_time);
      expect(eta).toBeGreaterThanOrEqual(before + 45 * 60_000 - 1000);
      expect(eta).toBeLessThanOrEqual(Date.now() + 45 * 60_000 + 1000);
      expect(later.json().eta_history.at(-1)).toMatchObject({ notified: true });
      const sent = (await outbox(t.db, 'order_eta_changed', [contact.phone, contact.email])).filter((n) => n.body.includes(order.order_number));
      expect(sent).toHaveLength(2);
      expect(sent[0]!.body).toContain(`new estimated pickup time for your order ${order.order_number}: ${formatPickupTime(new Date(eta))}`);
    });

    it('refuses a time in the past, beyond 30 days, both or neither form, and a finished order', async () => {
      const order = await simpleOrder(t.app, t.db);
      const past = await http.patch(`/admin/orders/${order.id}/eta`, tokens.staff, { estimated_pickup_time: new Date(Date.now() - 60_000).toISOString() });
      expect(past.statusCode).toBe(422);
      expect(past.json().error).toMatchObject({ message: 'The pickup time must be in the future.', details: { fields: { estimated_pickup_time: 'The pickup time must be in the future.' } } });
      const far = await http.patch(`/admin/orders/${order.id}/eta`, tokens.staff, { estimated_pickup_time: new Date(Date.now() + 31 * 86_400_000).toISOString() });
      expect(far.statusCode).toBe(422);
      expect(far.json().error.message).toBe('The pickup time must be within 30 days.');
      expect((await http.patch(`/admin/orders/${order.id}/eta`, tokens.staff, {})).statusCode).toBe(400);
      expect((await http.patch(`/admin/orders/${order.id}/eta`, tokens.staff, { minutes_from_now: 0 })).statusCode).toBe(400);
      expect((await http.patch(`/admin/orders/${order.id}/eta`, tokens.staff, { estimated_pickup_time: 'soon' })).statusCode).toBe(400);
      const [row] = await t.db.select({ eta: orders.estimatedPickupTime }).from(orders).where(eq(orders.id, order.id));
      expect(row!.eta.toISOString()).toBe(order.estimated_pickup_time);
      expect(await t.db.select().from(orderEtaEvents).where(eq(orderEtaEvents.orderId, order.id))).toEqual([]);

      const ready = await orderAt('ready');
      const locked = await http.patch(`/admin/orders/${ready}/eta`, tokens.staff, { minutes_from_now: 10 });
      expect(locked.statusCode).toBe(409);
      expect(locked.json().error.message).toBe('The pickup time can no longer change: the order is ready.');
      const withReady = await http.patch(`/admin/orders/${await orderAt('preparing')}/status`, tokens.staff, {
        status: 'ready',
        estimated_pickup_time: new Date(Date.now() + 600_000).toISOString(),
      });
      expect(withReady.statusCode).toBe(422);
    });
  });

  describe('acknowledgements', () => {
    it('new orders are unacknowledged; one or all (up to an id) can be acknowledged, by whom is kept', async () => {
      await http.post('/admin/orders/acknowledge_all', tokens.staff, {});
      const a = await simpleOrder(t.app, t.db);
      const b = await simpleOrder(t.app, t.db);
      const c = await simpleOrder(t.app, t.db);
      expect((await http.get('/admin/orders/unacknowledged_count', tokens.staff)).json()).toEqual({ restaurant_id: 1, count: 3, latest_order_id: c.id });

      const one = await http.post(`/admin/orders/${a.id}/acknowledge`, tokens.staff);
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json()).toMatchObject({ restaurant_id: 1, acknowledged_ids: [a.id], unacknowledged_count: 2 });
      const again = await http.post(`/admin/orders/${a.id}/acknowledge`, tokens.admin);
      expect(again.json()).toMatchObject({ acknowledged_ids: [], unacknowledged_count: 2 });
      const detail = (await http.get(`/admin/orders/${a.id}`, tokens.admin)).json();
      expect(detail.acknowledged_by).toMatchObject({ name: 'Kekoa Staff' });
      expect(detail.acknowledged_at).toBe(one.json().acknowledged_at);

      const upTo = await http.post('/admin/orders/acknowledge_all', tokens.staff, { up_to_id: b.id });
      expect(upTo.json()).toMatchObject({ acknowledged_ids: [b.id], unacknowledged_count: 1 });
      const list = (await http.get('/admin/orders?unacknowledged=true', tokens.staff)).json();
      expect(list.orders.map((o: { id: number }) => o.id)).toEqual([c.id]);
      expect(list.unacknowledged_count).toBe(1);
      const all = await http.post('/admin/orders/acknowledge_all', tokens.staff);
      expect(all.statusCode, all.body).toBe(200);
      expect(all.json()).toMatchObject({ acknowledged_ids: [c.id], unacknowledged_count: 0 });
      expect((await http.get('/admin/orders/unacknowledged_count', tokens.staff)).json()).toEqual({ restaurant_id: 1, count: 0, latest_order_id: null });
    });

    it("acknowledging all at one restaurant leaves the other's orders alone", async () => {
      const item = await createItem(t.db, { priceCents: 900, restaurantId: 2 });
      const other = await placeOrder(t.app, { restaurantId: 2, vip_code: 'VIP2026', items: [{ menu_item_id: item.id, quantity: 1 }] });
      await http.post('/admin/orders/acknowledge_all', tokens.staff, {});
      const [row] = await t.db.select({ at: orders.acknowledgedAt }).from(orders).where(eq(orders.id, other.id));
      expect(row!.at).toBeNull();
      expect((await http.get('/admin/orders/unacknowledged_count?restaurant_id=2', tokens.superAdmin)).json().count).toBeGreaterThanOrEqual(1);
    });
  });

  describe('the board: filters, search, pagination', () => {
    let restaurantId: number;
    const o: Record<string, PlacedOrder> = {};
    const list = async (query: string) => {
      const response = await http.get(`/admin/orders?restaurant_id=${restaurantId}&${query}`, tokens.superAdmin);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const idsOf = (body: { orders: { id: number }[] }) => body.orders.map((x) => x.id);

    beforeAll(async () => {
      // A restaurant of its own keeps these lists independent of the other tests' orders.
      const [restaurant] = await t.db.insert(restaurants).values({ name: 'Kusina Board', address: 'Hagatna, Guam' }).returning();
      restaurantId = restaurant!.id;
      await openAllDay(t.db, restaurantId);
      const place = async (name: string, phone: string, extra: Record<string, unknown> = {}, token?: string) => {
        const item = await createItem(t.db, { priceCents: 1000 + Object.keys(o).length * 100, restaurantId, name: `${name} plate` });
        return placeOrder(t.app, {
          restaurantId,
          token,
          items: [{ menu_item_id: item.id, quantity: 2 }],
          extra: { contact: { name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com`, phone }, ...extra },
        });
      };
      o.alice = await place('Alice Santos', '+16715550001');
      o.bob = await place('Bob Cruz', '+16715550002', { staff_member_name: 'Joaquin Santos' }, tokens.superAdmin);
      o.carla = await place('Carla Reyes', '+16715550003');
      o.dino = await place('Dino Taitano', '+16715550004');
      // Placed at known Guam times (UTC+10): Alice 1 March, Bob and Carla 2 March (Carla at 23:30),
      // Dino just after midnight on 3 March (still 2 March in UTC).
      const placedAt: Record<string, string> = {
        alice: '2026-02-28T22:00:00Z',
        bob: '2026-03-01T23:00:00Z',
        carla: '2026-03-02T13:30:00Z',
        dino: '2026-03-02T14:30:00Z',
      };
      for (const [key, at] of Object.entries(placedAt)) {
        await t.db.update(orders).set({ createdAt: new Date(at) }).where(eq(orders.id, o[key]!.id));
      }
      await t.db.update(orders).set({ locationName: 'Kusina Annex' }).where(eq(orders.id, o.dino!.id));
      await http.patch(`/admin/orders/${o.carla!.id}/status`, tokens.superAdmin, { status: 'preparing' });
    });

    it('lists newest first with board cards, counts per status and the known locations', async () => {
      const body = await list('');
      expect(idsOf(body)).toEqual([o.dino!.id, o.carla!.id, o.bob!.id, o.alice!.id]);
      expect(body).toMatchObject({ total_count: 4, page: 1, per_page: 20, total_pages: 1, locations: ['Kusina Annex', 'Kusina Board'] });
      expect(body.status_counts).toEqual({ pending: 3, confirmed: 0, preparing: 1, ready: 0, completed: 0, cancelled: 0, refunded: 0 });
      expect(body.unacknowledged_count).toBe(3);
      expect(body.orders.find((x: { id: number }) => x.id === o.bob!.id)).toEqual({
        id: o.bob!.id,
        restaurant_id: restaurantId,
        order_number: o.bob!.order_number,
        status: 'pending',
        created_at: '2026-03-01T23:00:00.000Z',
        updated_at: expect.any(String),
        estimated_pickup_time: o.bob!.estimated_pickup_time,
        requested_pickup_time: null,
        requires_advance_notice: false,
        source: 'staff',
        is_staff_order: true,
        staff_member_name: 'Joaquin Santos',
        location_name: 'Kusina Board',
        contact_name: 'Bob Cruz',
        contact_phone: '+16715550002',
        contact_email: 'bob@example.com',
        special_instructions: null,
        item_count: 2,
        lines: [{ name: 'Bob Cruz plate', quantity: 2, item_type: 'food' }],
        total: 22,
        total_cents: 2200,
        refunded_total: 0,
        refunded_cents: 0,
        refund_status: 'none',
        payment_status: 'captured',
        processor: 'test',
        acknowledged_at: null,
      });
    });

    it('filters by status (one or several), Guam day, location and source', async () => {
      expect(idsOf(await list('status=preparing'))).toEqual([o.carla!.id]);
      const several = await list('status=pending,preparing&sort=oldest');
      expect(idsOf(several)).toEqual([o.alice!.id, o.bob!.id, o.carla!.id, o.dino!.id]);
      // The counts ignore the status filter (tab badges) but follow the others.
      expect((await list('status=preparing&source=online')).status_counts).toMatchObject({ pending: 2, preparing: 1 });
      expect(idsOf(await list('date=2026-03-02'))).toEqual([o.carla!.id, o.bob!.id]);
      expect(idsOf(await list('date=2026-03-03'))).toEqual([o.dino!.id]);
      expect(idsOf(await list('date=2026-03-01'))).toEqual([o.alice!.id]);
      expect(idsOf(await list('location=Kusina%20Annex'))).toEqual([o.dino!.id]);
      expect(idsOf(await list('source=staff'))).toEqual([o.bob!.id]);
      expect(idsOf(await list('source=online&sort=oldest'))).toEqual([o.alice!.id, o.carla!.id, o.dino!.id]);
      expect((await http.get(`/admin/orders?restaurant_id=${restaurantId}&date=2026-13-01`, tokens.superAdmin)).statusCode).toBe(400);
      expect((await http.get(`/admin/orders?restaurant_id=${restaurantId}&status=lost`, tokens.superAdmin)).statusCode).toBe(400);
    });

    it('searches by order number, name, e-mail or phone', async () => {
      expect(idsOf(await list(`q=${o.alice!.order_number}`))).toEqual([o.alice!.id]);
      expect(idsOf(await list(`q=${o.alice!.order_number.toLowerCase()}`))).toEqual([o.alice!.id]);
      expect(idsOf(await list(`q=${o.carla!.order_number.replace('K-', '')}`))).toEqual([o.carla!.id]);
      expect(idsOf(await list('q=santos'))).toEqual([o.alice!.id]);
      expect(idsOf(await list('q=Cruz'))).toEqual([o.bob!.id]);
      expect(idsOf(await list('q=dino%40example'))).toEqual([o.dino!.id]);
      expect(idsOf(await list(`q=${encodeURIComponent('(671) 555-0003')}`))).toEqual([o.carla!.id]);
      expect(idsOf(await list('q=555-0004'))).toEqual([o.dino!.id]);
      expect(idsOf(await list('q=nobody'))).toEqual([]);
      expect(idsOf(await list('q=100%25'))).toEqual([]);
    });

    it('paginates and sorts', async () => {
      const first = await list('per_page=3');
      expect(first).toMatchObject({ total_count: 4, per_page: 3, total_pages: 2 });
      expect(idsOf(first)).toEqual([o.dino!.id, o.carla!.id, o.bob!.id]);
      expect(idsOf(await list('per_page=3&page=2'))).toEqual([o.alice!.id]);
      expect(idsOf(await list('sort=oldest&per_page=2'))).toEqual([o.alice!.id, o.bob!.id]);
      expect((await http.get(`/admin/orders?per_page=101`, tokens.staff)).statusCode).toBe(400);
    });

    it("keeps staff to their own restaurant's board", async () => {
      expect((await http.get(`/admin/orders?restaurant_id=${restaurantId}`, tokens.staff)).statusCode).toBe(403);
      const own = (await http.get('/admin/orders', tokens.staff)).json();
      expect(own.orders.every((x: { restaurant_id: number }) => x.restaurant_id === 1)).toBe(true);
    });
  });
});
