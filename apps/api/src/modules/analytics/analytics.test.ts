import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { analyticsEvents, users } from '../../db/schema/index.ts';
import { build, request, type TestContext } from '../../test/build.ts';
import { api, demoTokens, type Tokens } from '../reservations/test-support.ts';

/**
 * First-party analytics (issue #37 item 5; decision 0117): what a batch becomes in PostgreSQL, who
 * the visitor is (the session's, never the body's), Do Not Track and GPC, the visits funnel over Guam
 * days with its role matrix, ANALYTICS=off and the PostHog forwarder against a real HTTP listener.
 */
const now = new Date('2030-06-04T08:00:00.000Z'); // 18:00 in Guam
const at = (offsetMinutes = 0) => new Date(now.getTime() + offsetMinutes * 60_000).toISOString();
const batch = (events: unknown[], session = 'session-aaaa-1111', anonymous = 'anon-aaaa-1111') => ({ anonymous_id: anonymous, session_id: session, events });
const send = (t: TestContext, body: unknown, options: { token?: string; headers?: Record<string, string> } = {}) =>
  request(t.app, { method: 'POST', url: '/api/v1/analytics/events', payload: body as Record<string, unknown>, token: options.token, headers: options.headers });

describe('analytics (first-party)', () => {
  let t: TestContext;
  let tokens: Tokens;
  let http: ReturnType<typeof api>;

  beforeAll(async () => {
    t = await build({}, { now: () => now });
    tokens = await demoTokens(t.app, t.db);
    http = api(t.app);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.delete(analyticsEvents); // (the demo's four weeks of visits)
  });

  it("keeps a guest's page view, leave and click for the site's restaurant: no query, no token, the clock clamped", async () => {
    const reply = await send(
      t,
      batch([
        { type: 'page_view', path: '/reservations/manage/AbCdEfGhIjKlMnOpQrStUvWx?ref=sms', at: at(-1) },
        { type: 'click', path: '/menu', at: at(-1), target: 'button:Add to Cart' },
        { type: 'page_leave', path: '/menu', at: '1999-01-01T00:00:00.000Z', duration_ms: 12_000 },
      ]),
    );
    expect(reply.statusCode).toBe(204);
    const rows = await t.db.select().from(analyticsEvents).orderBy(asc(analyticsEvents.id));
    expect(rows.map((r) => [r.restaurantId, r.type, r.path, r.target, r.durationMs, r.userId, r.sessionId])).toEqual([
      [1, 'page_view', '/reservations/manage/:token', null, null, null, 'session-aaaa-1111'],
      [1, 'click', '/menu', 'button:Add to Cart', null, null, 'session-aaaa-1111'],
      [1, 'page_leave', '/menu', null, 12_000, null, 'session-aaaa-1111'],
    ]);
    // A browser clock far off is held to the last day.
    expect(rows[2]!.occurredAt.getTime()).toBe(now.getTime() - 86_400_000);
  });

  it('identifies a signed-in visitor from the session, and refuses a body that claims one', async () => {
    expect((await send(t, batch([{ type: 'page_view', path: '/account', at: at() }]), { token: tokens.customer })).statusCode).toBe(204);
    const [customer] = await t.db.select().from(users).where(eq(users.email, 'customer@kusina.test'));
    const [row] = await t.db.select().from(analyticsEvents);
    expect([row!.userId, row!.role]).toEqual([customer!.id, 'customer']);

    const claimed = await send(t, { ...batch([{ type: 'page_view', path: '/', at: at() }]), user_id: 1 });
    expect(claimed.statusCode).toBe(400);
    const empty = await send(t, batch([]));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details.fields).toHaveProperty('events');
    const badPath = await send(t, batch([{ type: 'page_view', path: 'menu', at: at() }]));
    expect(badPath.statusCode).toBe(400);
    expect(await t.db.select().from(analyticsEvents)).toHaveLength(1);
  });

  it('keeps a back-office click without its words (they name guests and staff)', async () => {
    await send(t, batch([{ type: 'click', path: '/reservations/dashboard/seating', at: at(), target: 'button:Seat Kenji Sato' }]), { token: tokens.staff });
    const [row] = await t.db.select().from(analyticsEvents);
    expect(row!.target).toBe('button');
  });

  it('keeps nothing from a browser that sends Do Not Track or Global Privacy Control', async () => {
    expect((await send(t, batch([{ type: 'page_view', path: '/', at: at() }]), { headers: { dnt: '1' } })).statusCode).toBe(204);
    expect((await send(t, batch([{ type: 'page_view', path: '/', at: at() }]), { headers: { 'sec-gpc': '1' } })).statusCode).toBe(204);
    expect(await t.db.select().from(analyticsEvents)).toHaveLength(0);
  });

  it('counts visits, visits that reached checkout and visits that ordered over Guam days, 23:59 in and 00:00 out', async () => {
    // Guam is UTC+10: Jun 4 23:59 Guam is 13:59Z, Jun 5 00:00 Guam is 14:00Z. Rows written directly.
    await t.db.insert(analyticsEvents).values([
      { restaurantId: 1, sessionId: 'visit-1', anonymousId: 'a1', type: 'page_view', path: '/menu', occurredAt: new Date('2030-06-04T01:00:00Z') },
      { restaurantId: 1, sessionId: 'visit-1', anonymousId: 'a1', type: 'page_view', path: '/checkout', occurredAt: new Date('2030-06-04T01:05:00Z') },
      { restaurantId: 1, sessionId: 'visit-1', anonymousId: 'a1', type: 'page_view', path: '/order-confirmation/77', occurredAt: new Date('2030-06-04T01:09:00Z') },
      { restaurantId: 1, sessionId: 'visit-2', anonymousId: 'a2', type: 'page_view', path: '/wholesale/checkout', occurredAt: new Date('2030-06-04T13:59:00Z') },
      { restaurantId: 1, sessionId: 'visit-3', anonymousId: 'a3', type: 'page_view', path: '/menu', occurredAt: new Date('2030-06-04T14:00:00Z') },
      { restaurantId: 1, sessionId: 'visit-4', anonymousId: 'a4', type: 'page_view', path: '/menu', occurredAt: new Date('2030-06-03T13:59:00Z') },
      { restaurantId: 1, sessionId: 'visit-5', anonymousId: 'a5', type: 'click', path: '/checkout', occurredAt: new Date('2030-06-04T02:00:00Z') },
      { restaurantId: 2, sessionId: 'visit-6', anonymousId: 'a6', type: 'page_view', path: '/checkout', occurredAt: new Date('2030-06-04T02:00:00Z') },
    ]);
    const day = await http.get('/admin/analytics/visits?from=2030-06-04&to=2030-06-04', tokens.admin);
    expect(day.statusCode).toBe(200);
    expect(day.json()).toEqual({ from: '2030-06-04', to: '2030-06-04', visits: 2, reached_checkout: 2, ordered: 1 });
    const two = await http.get('/admin/analytics/visits?from=2030-06-04&to=2030-06-05', tokens.admin);
    expect(two.json()).toMatchObject({ visits: 3, reached_checkout: 2, ordered: 1 });
    const theirs = await http.get('/admin/analytics/visits?from=2030-06-04&to=2030-06-04', tokens.otherAdmin);
    expect(theirs.json()).toMatchObject({ visits: 1, reached_checkout: 1 });

    const backwards = await http.get('/admin/analytics/visits?from=2030-06-05&to=2030-06-04', tokens.admin);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.details.fields.to).toBe('The end date is before the start date.');
  });

  it('lets only the restaurant’s admins (and the super admin) read the funnel', async () => {
    const url = '/admin/analytics/visits?from=2030-06-04&to=2030-06-04&restaurant_id=1';
    expect((await http.get(url)).statusCode).toBe(401);
    expect((await http.get(url, tokens.customer)).statusCode).toBe(403);
    expect((await http.get(url, tokens.staff)).statusCode).toBe(403);
    expect((await http.get(url, tokens.otherAdmin)).statusCode).toBe(403);
    expect((await http.get(url, tokens.admin)).statusCode).toBe(200);
    expect((await http.get(url, tokens.superAdmin)).statusCode).toBe(200);
  });
});

describe('analytics switched off, or forwarded to PostHog', () => {
  it('ANALYTICS=off: the endpoint does not exist (the client stops) and nothing is kept', async () => {
    const t = await build({ ANALYTICS: 'off' }, { now: () => now });
    await t.db.delete(analyticsEvents);
    try {
      const reply = await send(t, batch([{ type: 'page_view', path: '/', at: at() }]));
      expect(reply.statusCode).toBe(404);
      expect(await t.db.select().from(analyticsEvents)).toHaveLength(0);
    } finally {
      await t.close();
    }
  });

  it('ANALYTICS=posthog: the batch goes to PostHog’s batch API with the key, the visitor identified, and nothing is kept here', async () => {
    const received: { url: string; body: { api_key: string; batch: { event: string; distinct_id: string; properties: Record<string, unknown> }[] } }[] = [];
    const server: Server = createServer((req, res) => {
      let data = '';
      req.on('data', (chunk: Buffer) => (data += chunk.toString()));
      req.on('end', () => {
        received.push({ url: req.url ?? '', body: JSON.parse(data) as (typeof received)[number]['body'] });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":1}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const t = await build({ ANALYTICS: 'posthog', POSTHOG_HOST: host, POSTHOG_API_KEY: 'phc_test_key' }, { now: () => now });
    await t.db.delete(analyticsEvents); // (the demo's four weeks of visits)
    try {
      const token = (await demoTokens(t.app, t.db)).customer;
      const reply = await send(t, batch([{ type: 'page_view', path: '/menu?x=1', at: at() }, { type: 'click', path: '/menu', at: at(), target: 'button:Add to Cart' }]), { token });
      expect(reply.statusCode).toBe(204);
      expect(received).toHaveLength(1);
      expect(received[0]!.url).toBe('/batch/');
      expect(received[0]!.body.api_key).toBe('phc_test_key');
      const [customer] = await t.db.select().from(users).where(eq(users.email, 'customer@kusina.test'));
      expect(received[0]!.body.batch.map((e) => [e.event, e.distinct_id, e.properties.$current_url])).toEqual([
        ['$pageview', `user-${customer!.id}`, '/menu'],
        ['$autocapture', `user-${customer!.id}`, '/menu'],
      ]);
      expect(received[0]!.body.batch[0]!.properties.$set).toEqual({ email: 'customer@kusina.test', role: 'customer', restaurant_id: 1 });
      expect(await t.db.select().from(analyticsEvents)).toHaveLength(0);
    } finally {
      await t.close();
      server.close();
    }
  });
});
