import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users, wholesaleFundraiserOrganisers } from '../../db/schema/index.ts';
import { build, request, tokenFor, type TestContext } from '../../test/build.ts';
import { PASSWORD, signUp, uniqueEmail } from '../accounts/test-support.ts';
import { buy, createTestFundraiser, type TestFundraiser } from './test-support.ts';

/**
 * Organiser access (issue #36 item 5, decision 0124): an admin invites a coach from the
 * fundraiser's management (the link through the outbox), the coach signs in and manages only that
 * fundraiser — its participants, orders, pick list, dashboard and CSV — and nothing else of the
 * restaurant. The matrix walks every management route of the OpenAPI document.
 */
describe('fundraiser organisers', () => {
  let t: TestContext;
  let admin: string;
  let admin2: string;
  let staff: string;
  let own: TestFundraiser;
  let other: TestFundraiser;
  let organiser: string;
  let organiserEmail: string;

  beforeAll(async () => {
    t = await build({ PUBLIC_URL: 'https://order.kusina.example', CODE_CHECK_RATE_LIMIT_PER_MINUTE: '10000' });
    [admin, admin2, staff] = (await Promise.all(['admin@kusina.test', 'admin2@kusina.test', 'staff@kusina.test'].map((e) => tokenFor(t.app, t.db, e)))) as [string, string, string];
    own = await createTestFundraiser(t.db, { participants: [{ name: 'Josh', goalCents: 10_000 }], items: [{ priceCents: 1500 }] });
    other = await createTestFundraiser(t.db, { participants: [{ name: 'Mia' }], items: [{ priceCents: 2000 }] });
    await buy(t.app, own, [{ item_id: own.items[0]!.id, quantity: 2 }], { participantId: own.participants[0]!.id });
    await buy(t.app, other, [{ item_id: other.items[0]!.id, quantity: 1 }], { participantId: other.participants[0]!.id });
    organiserEmail = uniqueEmail('coach');
    const link = await invite(own.fundraiserId, organiserEmail);
    const accepted = await accept(link);
    expect(accepted.statusCode, accepted.body).toBe(200);
    organiser = accepted.json().jwt;
  });
  afterAll(() => t.close());

  const call = (method: string, url: string, token?: string, payload?: object) =>
    request(t.app, { method: method as 'GET', url: `/api/v1${url}`, token, ...(payload ? { payload } : {}) });

  async function invite(fundraiserId: number, email: string) {
    const response = await call('POST', `/wholesale/admin/fundraisers/${fundraiserId}/organisers`, admin, { email });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.outcome).toBe('invited');
    const [message] = await t.db.select().from(notifications).where(and(eq(notifications.recipient, email), eq(notifications.template, 'organiser_invite'))).orderBy(desc(notifications.id)).limit(1);
    expect(message!.redactedBody).toContain('[invite link hidden]');
    expect(message!.redactedBody).not.toMatch(/token=/);
    const url = new URL(/https?:\/\/\S+/.exec(message!.body)![0]);
    return { token: url.searchParams.get('token')!, email: url.searchParams.get('email')! };
  }
  const accept = (link: { token: string; email: string }) =>
    call('POST', '/invites/accept', undefined, { token: link.token, email: link.email, first_name: 'Coach', last_name: 'Cruz', password: PASSWORD, password_confirmation: PASSWORD });

  it('the invite names the fundraiser; accepting makes an organiser account of the restaurant assigned to it', async () => {
    const [user] = await t.db.select().from(users).where(eq(users.email, organiserEmail));
    expect(user).toMatchObject({ role: 'organiser', restaurantId: 1 });
    const assigned = await t.db.select().from(wholesaleFundraiserOrganisers).where(eq(wholesaleFundraiserOrganisers.userId, user!.id));
    expect(assigned.map((a) => a.fundraiserId)).toEqual([own.fundraiserId]);
    const listed = await call('GET', `/wholesale/admin/fundraisers/${own.fundraiserId}/organisers`, admin);
    expect(listed.json().data.organisers.map((o: { email: string }) => o.email)).toEqual([organiserEmail]);
    // Organiser invites are not team invites: the Team tab does not list them.
    const email = uniqueEmail('pending');
    await invite(own.fundraiserId, email);
    const preview = await call('POST', '/invites/preview', undefined, await invite(own.fundraiserId, email));
    expect(preview.json()).toMatchObject({ role: 'organiser', fundraiser_name: expect.stringContaining('Fundraiser test-') });
    expect((await call('GET', '/team', admin)).json().invites.map((i: { email: string }) => i.email)).not.toContain(email);
    expect((await call('GET', `/wholesale/admin/fundraisers/${own.fundraiserId}/organisers`, admin)).json().data.invites.map((i: { email: string }) => i.email)).toEqual([email]);
  });

  it('sees only their fundraiser: list, detail, orders, CSV, pick list and dashboard', async () => {
    const list = await call('GET', '/wholesale/admin/fundraisers', organiser);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.fundraisers.map((f: { id: number }) => f.id)).toEqual([own.fundraiserId]);
    const orders = await call('GET', '/wholesale/admin/orders', organiser);
    expect(orders.statusCode).toBe(200);
    expect(new Set(orders.json().data.orders.map((o: { fundraiser: { id: number } }) => o.fundraiser.id))).toEqual(new Set([own.fundraiserId]));
    const csv = await call('GET', '/wholesale/admin/orders.csv', organiser);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Josh');
    expect(csv.body).not.toContain('Mia');
    expect((await call('GET', `/wholesale/admin/orders?fundraiser_id=${other.fundraiserId}`, organiser)).statusCode).toBe(403);
    expect((await call('GET', `/wholesale/admin/orders.csv?fundraiser_id=${other.fundraiserId}`, organiser)).statusCode).toBe(403);
    const pick = await call('GET', `/wholesale/admin/fundraisers/${own.fundraiserId}/pick_list`, organiser);
    expect(pick.json().data.by_participant.map((p: { participant: string }) => p.participant)).toEqual(['Josh']);
    const dashboard = await call('GET', `/wholesale/admin/fundraisers/${own.fundraiserId}/dashboard`, organiser);
    expect(dashboard.json().data.orders).toBe(1);
    // Participants: added and edited on their own fundraiser only.
    const added = await call('POST', `/wholesale/admin/fundraisers/${own.fundraiserId}/participants`, organiser, { name: 'Ana', goal_cents: 5000 });
    expect(added.statusCode, added.body).toBe(201);
    const edited = await call('PUT', `/wholesale/admin/participants/${added.json().data.participant.id}`, organiser, { name: 'Ana R.', goal_cents: 6000 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await call('PUT', `/wholesale/admin/participants/${other.participants[0]!.id}`, organiser, { name: 'Taken' })).statusCode).toBe(403);
    expect((await call('POST', `/wholesale/admin/fundraisers/${other.fundraiserId}/participants`, organiser, { name: 'Intruder' })).statusCode).toBe(403);
  });

  /**
   * Every management route (from the OpenAPI document, so a new route must be classified here):
   * what an organiser gets with their own fundraiser's ids, and with another fundraiser's.
   */
  it('matrix: every management route, own fundraiser allowed where the rule says, another fundraiser and restaurant routes refused', async () => {
    const allowed = new Set([
      'GET /fundraisers',
      'GET /fundraisers/{id}',
      'POST /fundraisers/{id}/participants',
      'PUT /participants/{id}',
      'GET /participants/{id}/notifications',
      'PUT /participants/{id}/notifications',
      'POST /uploads',
      'GET /orders',
      'GET /orders.csv',
      'GET /fundraisers/{id}/pick_list',
      'GET /fundraisers/{id}/dashboard',
      'GET /fundraisers/{id}/payout_statement',
    ]);
    const refused = new Set([
      'POST /fundraisers',
      'PUT /fundraisers/{id}',
      'POST /fundraisers/{id}/duplicate',
      'POST /fundraisers/{id}/items',
      'PUT /items/{id}',
      'PATCH /variants/{id}',
      'PATCH /orders/{id}/status',
      'POST /orders/bulk_status',
      'GET /fundraisers/{id}/organisers',
      'POST /fundraisers/{id}/organisers',
      'DELETE /fundraisers/{id}/organisers/{userId}',
    ]);
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const prefix = '/api/v1/wholesale/admin';
    const routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith(`${prefix}/`))
      .flatMap(([path, ops]) => Object.keys(ops).filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m)).map((m) => `${m.toUpperCase()} ${path.slice(prefix.length)}`));
    // Every route is classified (a new one must say whether organisers may call it).
    for (const route of routes) expect(allowed.has(route) || refused.has(route), `${route} is not classified for organisers`).toBe(true);
    const [orderRow] = (await call('GET', '/wholesale/admin/orders', admin)).json().data.orders.filter((o: { fundraiser: { id: number } }) => o.fundraiser.id === own.fundraiserId);
    const [variantItem] = own.items;
    const idsFor = (shop: TestFundraiser) => (path: string) =>
      path
        .replace('/participants/{id}', `/participants/${shop.participants[0]!.id}`)
        .replace('/items/{id}', `/items/${shop.items[0]!.id}`)
        .replace('/variants/{id}', `/variants/${variantItem!.id}`)
        .replace('/orders/{id}', `/orders/${orderRow.id}`)
        .replace('{userId}', '1')
        .replace('{id}', String(shop.fundraiserId));
    for (const route of routes) {
      const [method, path] = route.split(' ') as [string, string];
      const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
      const mine = await request(t.app, { method: method as 'GET', url: prefix + idsFor(own)(path), token: organiser, ...(payload ? { payload } : {}) });
      if (allowed.has(route)) {
        expect([401, 403], `${route} on their own fundraiser: ${mine.body}`).not.toContain(mine.statusCode);
      } else {
        expect(mine.statusCode, `${route} is the restaurant's: ${mine.body}`).toBe(403);
      }
      if (path.includes('{id}')) {
        const theirs = await request(t.app, { method: method as 'GET', url: prefix + idsFor(other)(path), token: organiser, ...(payload ? { payload } : {}) });
        expect(theirs.statusCode, `${route} on another fundraiser: ${theirs.body}`).toBe(403);
      }
    }
    // A restaurant id that is not theirs is refused too.
    expect((await call('GET', '/wholesale/admin/fundraisers?restaurant_id=2', organiser)).statusCode).toBe(403);
  });

  it('nothing else of the restaurant: every other GET answers the organiser as it answers a customer; the back office refuses them', async () => {
    const customer = (await signUp(t.app)).jwt;
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const gets = Object.entries(doc.paths)
      .filter(([path, ops]) => 'get' in ops && path.startsWith('/api/v1/') && !path.startsWith('/api/v1/wholesale/admin/'))
      .map(([path]) => path.replace(/\{[^}]+\}/g, '1'));
    expect(gets.length).toBeGreaterThan(30);
    for (const url of gets) {
      const [asOrganiser, asCustomer] = [await request(t.app, { method: 'GET', url, token: organiser }), await request(t.app, { method: 'GET', url, token: customer })];
      if (asCustomer.statusCode === 403 || asCustomer.statusCode === 401) expect(asOrganiser.statusCode, `GET ${url}: ${asOrganiser.body}`).toBe(asCustomer.statusCode);
    }
    for (const url of ['/admin/orders', '/admin/notifications', '/team', '/audit_log', '/admin/reports/sales?from=2026-11-01&to=2026-11-02']) {
      expect((await call('GET', url, organiser)).statusCode, url).toBe(403);
    }
    expect((await call('PATCH', '/admin/site_settings', organiser, {})).statusCode).toBe(403);
    expect((await call('POST', '/team/invites', organiser, { email: uniqueEmail(), role: 'staff' })).statusCode).toBe(403);
  });

  it('one sign-in, several fundraisers: an existing organiser is assigned at once; other accounts are refused; removal ends access at once', async () => {
    const assigned = await call('POST', `/wholesale/admin/fundraisers/${other.fundraiserId}/organisers`, admin, { email: organiserEmail });
    expect(assigned.statusCode, assigned.body).toBe(201);
    expect(assigned.json().data.outcome).toBe('assigned');
    expect((await call('GET', '/wholesale/admin/fundraisers', organiser)).json().data.fundraisers.map((f: { id: number }) => f.id).sort()).toEqual([own.fundraiserId, other.fundraiserId].sort());
    expect((await call('GET', `/wholesale/admin/fundraisers/${other.fundraiserId}/dashboard`, organiser)).statusCode).toBe(200);
    // A customer's or staff member's address is not turned into an organiser.
    const refused = await call('POST', `/wholesale/admin/fundraisers/${own.fundraiserId}/organisers`, admin, { email: 'staff@kusina.test' });
    expect(refused.statusCode).toBe(409);
    // Only admins of the fundraiser's restaurant invite.
    expect((await call('POST', `/wholesale/admin/fundraisers/${own.fundraiserId}/organisers`, staff, { email: uniqueEmail() })).statusCode).toBe(403);
    expect((await call('POST', `/wholesale/admin/fundraisers/${own.fundraiserId}/organisers`, admin2, { email: uniqueEmail() })).statusCode).toBe(404);
    expect((await call('POST', `/wholesale/admin/fundraisers/${own.fundraiserId}/organisers`, organiser, { email: uniqueEmail() })).statusCode).toBe(403);
    const [user] = await t.db.select().from(users).where(eq(users.email, organiserEmail));
    const removed = await call('DELETE', `/wholesale/admin/fundraisers/${other.fundraiserId}/organisers/${user!.id}`, admin);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call('GET', `/wholesale/admin/fundraisers/${other.fundraiserId}/dashboard`, organiser)).statusCode).toBe(403);
    expect((await call('GET', '/wholesale/admin/fundraisers', organiser)).json().data.fundraisers.map((f: { id: number }) => f.id)).toEqual([own.fundraiserId]);
  });
});
