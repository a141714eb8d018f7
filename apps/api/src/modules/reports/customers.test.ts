import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestProfiles, locations, orders, reservations, restaurants, users, wholesaleFundraisers, wholesaleOrders, wholesaleParticipants } from '../../db/schema/index.ts';
import { build, type TestContext } from '../../test/build.ts';
import { api, demoTokens, type Tokens } from '../reservations/test-support.ts';

/**
 * Customers (issue #37 item 3; decision 0128): the people in one restaurant's orders, fundraiser
 * orders and reservations, searchable by name, e-mail or phone, paginated; each one's records at
 * that restaurant only, with the dining room's guest profile; the restaurant's admins only.
 */
describe('customers', () => {
  let t: TestContext;
  let tokens: Tokens;
  let http: ReturnType<typeof api>;
  let restaurantId: number;
  const ana = { email: 'ana@example.com', phone: '+16715550123' };
  const anaOrders = [
    { at: '2030-06-01T02:00:00Z', total: 20_00, refunded: 5_00, name: 'Ana Cruz' },
    { at: '2030-06-03T02:00:00Z', total: 12_00, refunded: 0, name: 'Ana C.' },
  ];

  async function order(restaurant: number, o: { at: string; total: number; refunded?: number; name: string; email: string; phone: string; userId?: number | null }) {
    await t.db.insert(orders).values({
      restaurantId: restaurant,
      userId: o.userId ?? null,
      status: 'completed',
      foodSubtotalCents: o.total,
      subtotalCents: o.total,
      totalCents: o.total,
      refundedCents: o.refunded ?? 0,
      contactName: o.name,
      contactPhone: o.phone,
      contactEmail: o.email,
      estimatedPickupTime: new Date(o.at),
      accessToken: randomUUID(),
      idempotencyKey: randomUUID(),
      createdAt: new Date(o.at),
    });
  }
  const list = async (query: string) => {
    const reply = await http.get(`/admin/customers?restaurant_id=${restaurantId}${query}`, tokens.superAdmin);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json() as { customers: { key: string; name: string; orders: number; fundraiser_orders: number; reservations: number; spent_cents: number; has_account: boolean; phone: string | null }[]; total: number; page: number };
  };

  beforeAll(async () => {
    t = await build();
    tokens = await demoTokens(t.app, t.db);
    http = api(t.app);
    const [r] = await t.db.insert(restaurants).values({ name: 'Customer Test Kitchen' }).returning({ id: restaurants.id });
    restaurantId = r!.id;
    const [customer] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'customer@kusina.test'));
    await order(restaurantId, { ...anaOrders[0]!, ...ana, userId: customer!.id });
    await order(restaurantId, { ...anaOrders[1]!, email: 'ANA@Example.com', phone: ana.phone });
    // Ana at another restaurant (the demo's): never counted here.
    await order(1, { at: '2030-06-02T02:00:00Z', total: 99_00, name: 'Ana Elsewhere', ...ana });
    await order(restaurantId, { at: '2030-05-20T02:00:00Z', total: 8_00, name: 'Cara Reyes', email: 'cara@example.com', phone: '+16715550777' });

    const [fundraiser] = await t.db.insert(wholesaleFundraisers).values({ restaurantId, name: 'Eagles Drive', slug: 'eagles-drive', status: 'current' }).returning({ id: wholesaleFundraisers.id });
    const [participant] = await t.db.insert(wholesaleParticipants).values({ fundraiserId: fundraiser!.id, name: 'Ben Jr.' }).returning({ id: wholesaleParticipants.id });
    await t.db.insert(wholesaleOrders).values({
      restaurantId,
      fundraiserId: fundraiser!.id,
      participantId: participant!.id,
      status: 'confirmed',
      paymentStatus: 'paid',
      totalCents: 15_00,
      customerName: 'Ana Cruz',
      customerEmail: ana.email,
      customerPhone: ana.phone,
      shippingAddress: '',
      accessToken: randomUUID(),
      idempotencyKey: randomUUID(),
      createdAt: new Date('2030-06-02T02:00:00Z'),
    });
    const [room] = await t.db.insert(locations).values({ restaurantId, name: 'Room', isDefault: true }).returning({ id: locations.id });
    const booking = (at: string, name: string, email: string | null, phone: string | null, status: 'finished' | 'booked' = 'booked') =>
      t.db.insert(reservations).values({ restaurantId, locationId: room!.id, startTime: new Date(at), endTime: new Date(new Date(at).getTime() + 3_600_000), partySize: 2, contactName: name, contactEmail: email, contactPhone: phone, status, guestToken: randomUUID(), createdAt: new Date(at) });
    // A past visit (the guest profile counts visits up to now).
    await booking('2020-06-05T08:00:00Z', 'Ana Cruz', 'Ana@Example.com', ana.phone, 'finished');
    // Ben booked by phone only: known by his phone.
    await booking('2030-06-06T08:00:00Z', 'Ben Santos', null, '+16715550999');
    await t.db.insert(guestProfiles).values({ restaurantId, phone: ana.phone, email: ana.email, notes: 'Allergic to shrimp', tags: ['regular'] });
  });
  afterAll(() => t.close());

  it('lists everyone in the restaurant’s orders, fundraiser orders and reservations, newest first, with their counts and spend', async () => {
    const page = await list('');
    expect(page.total).toBe(3);
    expect(page.customers.map((c) => c.key)).toEqual(['+16715550999', ana.email, 'cara@example.com']);
    const first = page.customers[1]!;
    expect(first).toMatchObject({
      name: 'Ana C.', // the name she gave last
      orders: 2,
      fundraiser_orders: 1,
      reservations: 1,
      spent_cents: anaOrders.reduce((s, o) => s + o.total - o.refunded, 0) + 15_00,
      has_account: true,
    });
    expect(page.customers[0]).toMatchObject({ name: 'Ben Santos', phone: '+16715550999', orders: 0, reservations: 1, has_account: false });
  });

  it('searches names, e-mails and phone digits whatever the punctuation; LIKE characters are plain text', async () => {
    expect((await list('&q=cruz')).customers.map((c) => c.key)).toEqual([ana.email]);
    expect((await list('&q=EXAMPLE.COM')).customers.map((c) => c.key)).toEqual([ana.email, 'cara@example.com']);
    expect((await list(`&q=${encodeURIComponent('(671) 555-0999')}`)).customers.map((c) => c.key)).toEqual(['+16715550999']);
    expect((await list('&q=%25')).total).toBe(0);
    // A name only an order at another restaurant carries finds nobody here.
    expect((await list('&q=Elsewhere')).total).toBe(0);
  });

  it('pages through the list and says how many there are', async () => {
    const second = await list('&per_page=2&page=2');
    expect(second).toMatchObject({ page: 2, total: 3 });
    expect(second.customers.map((c) => c.key)).toEqual(['cara@example.com']);
    const beyond = await list('&per_page=2&page=5');
    expect(beyond).toMatchObject({ total: 3, customers: [] });
    expect((await http.get(`/admin/customers?per_page=500`, tokens.admin)).statusCode).toBe(400);
  });

  it("shows one customer's records at this restaurant only, and the dining room's guest profile", async () => {
    const reply = await http.get(`/admin/customers/detail?key=${encodeURIComponent('Ana@Example.com')}&restaurant_id=${restaurantId}`, tokens.superAdmin);
    expect(reply.statusCode, reply.body).toBe(200);
    const detail = reply.json();
    expect(detail.order_list.map((o: { total_cents: number }) => o.total_cents)).toEqual([12_00, 20_00]);
    expect(detail.fundraiser_order_list).toMatchObject([{ fundraiser: 'Eagles Drive', participant: 'Ben Jr.', total_cents: 15_00 }]);
    expect(detail.reservation_list).toMatchObject([{ party_size: 2, status: 'finished', source: 'public' }]);
    expect(detail.guest_profile).toEqual({ notes: 'Allergic to shrimp', tags: ['regular'], visits: 1, no_shows: 0, cancellations: 0 });

    const ben = (await http.get(`/admin/customers/detail?key=${encodeURIComponent('+16715550999')}&restaurant_id=${restaurantId}`, tokens.superAdmin)).json();
    expect(ben).toMatchObject({ name: 'Ben Santos', order_list: [], reservations: 1 });
    // Nothing noted and no visit yet: no profile to show.
    expect(ben.guest_profile).toBeNull();

    const cara = (await http.get(`/admin/customers/detail?key=cara@example.com&restaurant_id=${restaurantId}`, tokens.superAdmin)).json();
    expect(cara.guest_profile).toBeNull();
    const nobody = await http.get(`/admin/customers/detail?key=nobody@example.com&restaurant_id=${restaurantId}`, tokens.superAdmin);
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().error.message).toBe('No customer with that e-mail or phone at this restaurant.');
  });

  it('role matrix: the restaurant’s admins and the super admin only; an admin never reads another restaurant’s customers', async () => {
    for (const url of ['/admin/customers?restaurant_id=1', `/admin/customers/detail?key=${encodeURIComponent(ana.email)}&restaurant_id=1`]) {
      expect((await http.get(url)).statusCode, `${url} anonymous`).toBe(401);
      expect((await http.get(url, tokens.customer)).statusCode, `${url} customer`).toBe(403);
      expect((await http.get(url, tokens.staff)).statusCode, `${url} staff`).toBe(403);
      expect((await http.get(url, tokens.otherAdmin)).statusCode, `${url} other admin`).toBe(403);
      expect((await http.get(url, tokens.admin)).statusCode, `${url} admin`).toBe(200);
      expect((await http.get(url, tokens.superAdmin)).statusCode, `${url} super admin`).toBe(200);
      expect((await http.get(url.replace('restaurant_id=1', `restaurant_id=${restaurantId}`), tokens.admin)).statusCode, `${url} admin elsewhere`).toBe(403);
    }
    // The admin of restaurant 1 sees Ana's order there, not her records here.
    const here = (await http.get(`/admin/customers/detail?key=${encodeURIComponent(ana.email)}`, tokens.admin)).json();
    expect(here.order_list.map((o: { total_cents: number }) => o.total_cents)).toEqual([99_00]);
    expect(here.fundraiser_order_list).toEqual([]);
  });
});
