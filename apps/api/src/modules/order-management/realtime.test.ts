import { openAllDay } from '../orders/test-support.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderCreatedEvent, OrdersAcknowledgedEvent, OrderUpdatedEvent } from '@kusina/domain/order-management';
import { build, type TestContext } from '../../test/build.ts';
import { collect, listen, realtimeClients, until, type RealtimeClients } from '../../test/realtime.ts';
import { api, demoTokens, simpleOrder, type Tokens } from './test-support.ts';

/** Live updates over a real Socket.IO connection (socket.io-client, as the SPA uses it). */
describe('order management: realtime', () => {
  let t: TestContext;
  let tokens: Tokens;
  let http: ReturnType<typeof api>;
  let clients: RealtimeClients;

  beforeAll(async () => {
    t = await build();
    await openAllDay(t.db);
    tokens = await demoTokens(t.app, t.db);
    http = api(t.app);
    clients = realtimeClients(await listen(t));
  });
  afterAll(async () => {
    clients.closeAll();
    await t.close();
  });

  const open = (token?: string) => clients.open(token);
  const subscribe = (socket: Parameters<RealtimeClients['subscribe']>[0], params: Record<string, unknown>) => clients.subscribe(socket, params);

  it('staff hear new orders (the board card), status changes and acknowledgements', async () => {
    const staff = await open(tokens.staff);
    expect(await subscribe(staff, { channel: 'staff', restaurant_id: 1 })).toMatchObject({ ok: true, room: 'staff:1' });
    const created = collect<unknown>(staff, 'order_created');
    const updated = collect<unknown>(staff, 'order_updated');
    const acknowledged = collect<unknown>(staff, 'orders_acknowledged');

    const order = await simpleOrder(t.app, t.db, 1450);
    await until(() => created.length === 1, 'order_created');
    const card = OrderCreatedEvent.parse(created[0]).order;
    expect(card).toMatchObject({ id: order.id, order_number: order.order_number, status: 'pending', total_cents: 1450, item_count: 1, source: 'online', acknowledged_at: null, payment_status: 'captured' });
    expect(JSON.stringify(created[0])).not.toContain(order.access_token);

    await http.patch(`/admin/orders/${order.id}/status`, tokens.admin, { status: 'confirmed' });
    await until(() => updated.length === 1 && acknowledged.length === 1, 'order_updated and orders_acknowledged');
    expect(OrderUpdatedEvent.parse(updated[0])).toMatchObject({ id: order.id, change: 'status', status: 'confirmed', previous_status: 'pending', refund_status: 'none' });
    expect(OrdersAcknowledgedEvent.parse(acknowledged[0])).toMatchObject({ restaurant_id: 1, ids: [order.id], acknowledged_by: { name: 'Ana Admin' } });

    const second = await simpleOrder(t.app, t.db);
    await until(() => created.length === 2, 'second order_created');
    await http.post(`/admin/orders/${second.id}/acknowledge`, tokens.admin);
    await until(() => acknowledged.length === 2, 'second orders_acknowledged');
    expect(OrdersAcknowledgedEvent.parse(acknowledged[1])).toMatchObject({ ids: [second.id] });
  });

  it("the customer's confirmation page (order room, by token) and order history (user room) hear status, ETA and refunds", async () => {
    const order = await simpleOrder(t.app, t.db, 2000, { token: tokens.customer });
    const guest = await open();
    expect(await subscribe(guest, { channel: 'order', order_id: order.id, token: order.access_token })).toMatchObject({ ok: true });
    const owner = await open(tokens.customer); // joins its user room on connect, no subscription
    const onPage = collect<unknown>(guest, 'order_updated');
    const inHistory = collect<unknown>(owner, 'order_updated');

    await http.patch(`/admin/orders/${order.id}/status`, tokens.staff, { status: 'preparing', estimated_pickup_time: new Date(Date.now() + 30 * 60_000).toISOString() });
    await http.patch(`/admin/orders/${order.id}/eta`, tokens.staff, { minutes_from_now: 50 });
    await http.post(`/admin/orders/${order.id}/refunds`, tokens.admin, { full: true, restock: 'return', reason: 'Kitchen closed' });
    await until(() => onPage.length === 3 && inHistory.length === 3, 'three order_updated');
    for (const list of [onPage, inHistory]) {
      const events = list.map((e) => OrderUpdatedEvent.parse(e));
      expect(events.map((e) => [e.change, e.status])).toEqual([
        ['status', 'preparing'],
        ['eta', 'preparing'],
        ['refund', 'refunded'],
      ]);
      expect(events[2]).toMatchObject({ refunded_cents: 2000, refund_status: 'full', payment_status: 'refunded', previous_status: 'preparing' });
      expect(Date.parse(events[1]!.estimated_pickup_time)).toBeGreaterThan(Date.now() + 45 * 60_000);
      // The confirmation's timeline travels with each update: statuses and times, never who.
      expect(events.map((e) => e.status_history.map((step) => step.status))).toEqual([
        ['pending', 'preparing'],
        ['pending', 'preparing'],
        ['pending', 'preparing', 'refunded'],
      ]);
      expect(events[0]!.eta_updated_at).not.toBeNull();
      expect(Date.parse(events[1]!.eta_updated_at!)).toBeGreaterThanOrEqual(Date.parse(events[0]!.eta_updated_at!));
      expect(JSON.stringify(list)).not.toMatch(/actor|Kekoa|Ana Admin/);
    }
  });

  it('a socket in several of the rooms hears each update once', async () => {
    const order = await simpleOrder(t.app, t.db);
    const superAdmin = await open(tokens.superAdmin);
    await subscribe(superAdmin, { channel: 'staff', restaurant_id: 1 });
    await subscribe(superAdmin, { channel: 'order', order_id: order.id });
    const updated = collect<{ id: number }>(superAdmin, 'order_updated');
    await http.patch(`/admin/orders/${order.id}/status`, tokens.staff, { status: 'cancelled' });
    await until(() => updated.some((e) => e.id === order.id), 'order_updated');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(updated.filter((e) => e.id === order.id)).toHaveLength(1);
  });

  it('refuses the wrong people: a wrong token, another customer, staff or admins of another restaurant', async () => {
    const order = await simpleOrder(t.app, t.db);
    expect(await subscribe(await open(), { channel: 'order', order_id: order.id, token: 'guess' })).toMatchObject({ ok: false });
    expect(await subscribe(await open(tokens.customer), { channel: 'order', order_id: order.id })).toMatchObject({ ok: false });
    expect(await subscribe(await open(tokens.otherAdmin), { channel: 'order', order_id: order.id })).toMatchObject({ ok: false });
    expect(await subscribe(await open(tokens.otherAdmin), { channel: 'staff', restaurant_id: 1 })).toMatchObject({ ok: false });
    expect(await subscribe(await open(tokens.customer), { channel: 'staff', restaurant_id: 1 })).toMatchObject({ ok: false });
    expect(await subscribe(await open(), { channel: 'staff', restaurant_id: 1 })).toMatchObject({ ok: false });

    // …and a refused socket hears nothing of the order.
    const stranger = await open(tokens.otherAdmin);
    await subscribe(stranger, { channel: 'order', order_id: order.id });
    const heard = collect<unknown>(stranger, 'order_updated');
    const staff = await open(tokens.staff);
    await subscribe(staff, { channel: 'staff', restaurant_id: 1 });
    const staffHeard = collect<{ id: number }>(staff, 'order_updated');
    await http.patch(`/admin/orders/${order.id}/status`, tokens.staff, { status: 'confirmed' });
    await until(() => staffHeard.some((e) => e.id === order.id), 'staff order_updated');
    expect(heard).toEqual([]);
  });
});
