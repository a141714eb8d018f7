import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/index.ts';
import { build, request, type TestContext } from '../../test/build.ts';
import { tokenFor } from '../../test/build.ts';
import { listen, realtimeClients, type RealtimeClients } from '../../test/realtime.ts';
import { newAccessToken } from './service.ts';
import { checkout, createItem, openAllDay } from './test-support.ts';

describe('order access, history and the order channel', () => {
  let t: TestContext;
  let customer: string;
  let otherCustomer: string;
  let staff: string;
  let otherRestaurantAdmin: string;
  let superAdmin: string;
  let order: { id: number; access_token: string; order_number: string };

  beforeAll(async () => {
    t = await build();
    await openAllDay(t.db);
    [customer, staff, otherRestaurantAdmin, superAdmin] = await Promise.all([
      tokenFor(t.app, t.db, 'customer@kusina.test'),
      tokenFor(t.app, t.db, 'staff@kusina.test'),
      tokenFor(t.app, t.db, 'admin2@kusina.test'),
      tokenFor(t.app, t.db, 'super@kusina.test'),
    ]);
    const signup = await request(t.app, {
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { first_name: 'Ana', last_name: 'Other', email: 'other.customer@example.com', phone: '+16715559876', password: 'Sunset-Beach-9', password_confirmation: 'Sunset-Beach-9' },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    otherCustomer = signup.json().jwt;
    const item = await createItem(t.db, { name: 'Chicken Kelaguen', priceCents: 1300 });
    order = (await checkout(t.app, { items: [{ menu_item_id: item.id, quantity: 1 }], token: customer })).json();
  });
  afterAll(() => t.close());

  const get = (path: string, token?: string) => request(t.app, { url: `/api/v1${path}`, token });

  describe('GET /orders/:id', () => {
    it('shows the order to its owner, to whoever has the token, to staff of the restaurant and to super admins', async () => {
      for (const [path, token] of [
        [`/orders/${order.id}`, customer],
        [`/orders/${order.id}?token=${order.access_token}`, undefined],
        [`/orders/${order.id}`, staff],
        [`/orders/${order.id}`, superAdmin],
      ] as const) {
        const response = await get(path, token);
        expect(response.statusCode, `${path} ${response.body}`).toBe(200);
        expect(response.json()).toMatchObject({ id: order.id, order_number: order.order_number, items: [{ name: 'Chicken Kelaguen', price: 13 }] });
        expect(response.json()).not.toHaveProperty('access_token');
      }
    });

    it('answers 404 to strangers, wrong tokens and staff of another restaurant', async () => {
      for (const [path, token] of [
        [`/orders/${order.id}`, undefined],
        [`/orders/${order.id}?token=wrong`, undefined],
        // One character off (never the same character again, which would be the real token).
        [`/orders/${order.id}?token=${order.access_token.slice(0, -1)}${order.access_token.endsWith('x') ? 'y' : 'x'}`, undefined],
        [`/orders/${order.id}`, otherCustomer],
        [`/orders/${order.id}`, otherRestaurantAdmin],
        [`/orders/999999`, superAdmin],
      ] as const) {
        const response = await get(path, token);
        expect(response.statusCode, path).toBe(404);
        expect(response.json().error.message).toBe('Order not found.');
      }
    });

    it('a guest order has no owner: only the token (or staff) opens it', async () => {
      const item = await createItem(t.db, { priceCents: 500 });
      const guest = (await checkout(t.app, { items: [{ menu_item_id: item.id, quantity: 1 }] })).json();
      expect((await get(`/orders/${guest.id}`, customer)).statusCode).toBe(404);
      expect((await get(`/orders/${guest.id}?token=${guest.access_token}`)).statusCode).toBe(200);
    });
  });

  describe('GET /orders (history)', () => {
    let mine: { id: number; total: number }[] = [];
    beforeAll(async () => {
      const prices = [900, 2500, 1200, 4000, 700, 3100];
      for (const priceCents of prices) {
        const item = await createItem(t.db, { priceCents });
        const placed = await checkout(t.app, { items: [{ menu_item_id: item.id, quantity: 1 }], token: otherCustomer });
        expect(placed.statusCode).toBe(201);
        mine.push(placed.json());
      }
      // Spread the creation times so newest/oldest do not depend on sub-millisecond order.
      for (const [i, o] of mine.entries()) {
        await t.db.update(orders).set({ createdAt: new Date(Date.UTC(2026, 0, 1 + i)) }).where(eq(orders.id, o.id));
      }
      await t.db.update(orders).set({ status: 'completed' }).where(eq(orders.id, mine[1]!.id));
      mine = mine.map((o) => ({ id: o.id, total: o.total }));
    });

    it('requires sign-in', async () => {
      expect((await get('/orders')).statusCode).toBe(401);
    });

    it("lists only the user's orders, newest first, 5 per page", async () => {
      const response = await get('/orders', otherCustomer);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ total_count: 6, page: 1, per_page: 5, total_pages: 2 });
      expect(body.orders.map((o: { id: number }) => o.id)).toEqual(mine.slice(1).reverse().map((o) => o.id));
      expect(body.orders[0]).toEqual({
        id: mine[5]!.id,
        order_number: expect.stringMatching(/^K-/),
        createdAt: '2026-01-06T00:00:00.000Z',
        status: 'pending',
        items: [{ name: expect.any(String), price: 31, quantity: 1, customizations: {}, notes: null }],
        merchandise_items: [],
        total: 31,
        estimatedPickupTime: expect.any(String),
        specialInstructions: null,
      });
      const page2 = (await get('/orders?page=2', otherCustomer)).json();
      expect(page2.orders.map((o: { id: number }) => o.id)).toEqual([mine[0]!.id]);
      const first = (await get('/orders', customer)).json();
      expect(first.orders.map((o: { id: number }) => o.id)).toEqual([order.id]);
    });

    it('sorts by oldest, highest and lowest total and filters by status', async () => {
      const ids = async (query: string) => (await get(`/orders?${query}`, otherCustomer)).json().orders.map((o: { total: number }) => o.total);
      expect(await ids('sort=oldest&per_page=10')).toEqual([9, 25, 12, 40, 7, 31]);
      expect(await ids('sort=highest&per_page=10')).toEqual([40, 31, 25, 12, 9, 7]);
      expect(await ids('sort=lowest&per_page=3')).toEqual([7, 9, 12]);
      const completed = (await get('/orders?status=completed', otherCustomer)).json();
      expect(completed).toMatchObject({ total_count: 1, orders: [{ id: mine[1]!.id, status: 'completed' }] });
      expect((await get('/orders?sort=cheapest', otherCustomer)).statusCode).toBe(400);
    });
  });

  describe('realtime', () => {
    let clients: RealtimeClients;
    beforeAll(async () => {
      clients = realtimeClients(await listen(t));
    });
    afterAll(() => clients.closeAll());

    const open = (token?: string) => clients.open(token);
    const subscribe = (socket: Parameters<RealtimeClients['subscribe']>[0], params: Record<string, unknown>) => clients.subscribe(socket, params);

    it('lets the same people join an order channel as may read the order', async () => {
      const guest = await open();
      expect(await subscribe(guest, { channel: 'order', order_id: order.id, token: order.access_token })).toMatchObject({ ok: true });
      expect(await subscribe(guest, { channel: 'order', order_id: order.id, token: 'nope' })).toEqual({ ok: false, error: 'Not allowed' });
      expect(await subscribe(guest, { channel: 'order', order_id: order.id })).toMatchObject({ ok: false });
      expect(await subscribe(await open(customer), { channel: 'order', order_id: order.id })).toMatchObject({ ok: true });
      expect(await subscribe(await open(staff), { channel: 'order', order_id: order.id })).toMatchObject({ ok: true });
      expect(await subscribe(await open(otherRestaurantAdmin), { channel: 'order', order_id: order.id })).toMatchObject({ ok: false });
    });

    it("tells the restaurant's staff room about a new order", async () => {
      const socket = await open(staff);
      expect(await subscribe(socket, { channel: 'staff', restaurant_id: 1 })).toMatchObject({ ok: true });
      const received = new Promise<{ order: { id: number; order_number: string } }>((resolve) => socket.once('order_created', resolve));
      const item = await createItem(t.db, { priceCents: 650 });
      const placed = (await checkout(t.app, { items: [{ menu_item_id: item.id, quantity: 1 }] })).json();
      const event = await received;
      expect(event.order).toMatchObject({ id: placed.id, order_number: placed.order_number, total: 6.5 });
      expect(event.order).not.toHaveProperty('access_token');
    });
  });
});

describe('order access tokens', () => {
  it('are 24 random bytes in base64url, never repeated across refills of their pool', () => {
    const tokens = Array.from({ length: 1000 }, () => newAccessToken());
    expect(tokens.every((token) => /^[A-Za-z0-9_-]{32}$/.test(token))).toBe(true);
    expect(new Set(tokens).size).toBe(1000);
  });
});
