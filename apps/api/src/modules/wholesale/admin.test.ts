import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, wholesaleFundraisers } from '../../db/schema/index.ts';
import { build, request, tokenFor, type TestContext } from '../../test/build.ts';
import { imageOf, multipart } from '../merchandise/test-helpers.ts';
import { buy, createTestFundraiser } from './test-support.ts';

describe('wholesale management API', () => {
  let t: TestContext;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    // The clock inside the fundraisers' dates (an end date closes sales, decision 0110).
    t = await build({ CODE_CHECK_RATE_LIMIT_PER_MINUTE: '10000' }, { now: () => new Date('2026-11-20T00:00:00Z') });
    const accounts: [string, string][] = [
      ['customer', 'customer@kusina.test'],
      ['staff', 'staff@kusina.test'],
      ['admin', 'admin@kusina.test'],
      ['admin2', 'admin2@kusina.test'],
      ['super', 'super@kusina.test'],
    ];
    for (const [role, email] of accounts) tokens[role] = await tokenFor(t.app, t.db, email);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, token?: string, payload?: unknown) =>
    request(t.app, { method, url: `/api/v1/wholesale/admin${url}`, token, ...(payload === undefined ? {} : { payload: payload as object }) });

  const fundraiserBody = (slug: string) => ({
    name: 'Tamuning Tigers Fundraiser',
    slug,
    description: 'Support the team',
    status: 'current',
    start_date: '2026-11-01',
    end_date: '2026-12-15',
    pickup_display_name: 'Tamuning Gym',
    pickup_display_address: '123 Marine Corps Dr',
    pickup_hours: 'Sat 9-12',
  });

  it('lets admins (of their restaurant) and super admins in; guests 401, customers and staff 403', async () => {
    const shop = await createTestFundraiser(t.db, { items: [] });
    const matrix: [string | undefined, number][] = [
      [undefined, 401],
      [tokens.customer, 403],
      [tokens.staff, 403],
      [tokens.admin, 200],
      [tokens.super, 200],
    ];
    for (const [token, status] of matrix) {
      expect((await call('GET', '/fundraisers', token)).statusCode).toBe(status);
      expect((await call('GET', `/fundraisers/${shop.fundraiserId}/dashboard`, token)).statusCode).toBe(status);
      expect((await call('POST', '/fundraisers', token, fundraiserBody(`m-${status}-${Math.random().toString(16).slice(2, 8)}`))).statusCode).toBe(status === 200 ? 201 : status);
      expect((await call('GET', '/orders', token)).statusCode).toBe(status);
    }
    // Another restaurant's admin sees nothing of restaurant 1 and may not name it.
    expect((await call('GET', `/fundraisers/${shop.fundraiserId}`, tokens.admin2)).statusCode).toBe(404);
    expect((await call('GET', '/fundraisers?restaurant_id=1', tokens.admin2)).statusCode).toBe(403);
    expect((await call('GET', '/fundraisers?restaurant_id=2', tokens.super)).statusCode).toBe(200);
  });

  it('creates, edits and duplicates a fundraiser with participants and items; bad input is a 400 naming the field', async () => {
    const publicList = async () => (await request(t.app, { method: 'GET', url: '/api/v1/wholesale/fundraisers' })).json().data.fundraisers.map((x: { slug: string }) => x.slug);
    expect(await publicList()).not.toContain('tigers-2026');
    const created = await call('POST', '/fundraisers', tokens.admin, fundraiserBody('tigers-2026'));
    expect(created.statusCode, created.body).toBe(201);
    const f = created.json().data.fundraiser;
    // The shop's (cached) list follows management writes at once.
    expect(await publicList()).toContain('tigers-2026');
    const taken = await call('POST', '/fundraisers', tokens.admin, fundraiserBody('tigers-2026'));
    expect(taken.statusCode).toBe(422);
    expect(taken.json().error.details.fields.slug).toBe('Another fundraiser already uses this slug.');
    const badSlug = await call('POST', '/fundraisers', tokens.admin, { ...fundraiserBody('Bad Slug!') });
    expect(badSlug.statusCode).toBe(400);
    expect(badSlug.json().error.details.fields).toHaveProperty('slug');
    const badDates = await call('POST', '/fundraisers', tokens.admin, { ...fundraiserBody('dates-x'), start_date: '2026-12-31', end_date: '2026-12-01' });
    expect(badDates.statusCode).toBe(422);
    expect(badDates.json().error.details.fields).toHaveProperty('end_date');

    const participant = await call('POST', `/fundraisers/${f.id}/participants`, tokens.admin, { name: 'Josh Santos', description: 'Pitcher', goal_cents: 20000 });
    expect(participant.statusCode, participant.body).toBe(201);
    expect(participant.json().data.participant).toMatchObject({ name: 'Josh Santos', hasGoal: true, goalAmount: 200 });
    const badGoal = await call('POST', `/fundraisers/${f.id}/participants`, tokens.admin, { name: 'X', goal_cents: 2147483648 });
    expect(badGoal.statusCode).toBe(400);
    expect(badGoal.json().error.details.fields).toHaveProperty('goal_cents');

    const item = await call('POST', `/fundraisers/${f.id}/items`, tokens.admin, {
      name: 'Team Tee',
      sku: 'TT-1',
      price_cents: 2500,
      inventory_mode: 'variant',
      option_groups: [
        { name: 'Size', min_select: 1, max_select: 1, options: [{ name: 'M' }, { name: 'L', additional_price_cents: 200 }] },
        { name: 'Colour', min_select: 1, max_select: 1, options: [{ name: 'Red' }] },
      ],
      variant_stock: { 'M / Red': 4, 'L / Red': 1 },
    });
    expect(item.statusCode, item.body).toBe(201);
    const tee = item.json().data.item;
    expect(tee.item_variants.map((v: { variant_name: string; stock_quantity: number }) => [v.variant_name, v.stock_quantity])).toEqual([
      ['M / Red', 4],
      ['L / Red', 1],
    ]);
    const badItem = await call('POST', `/fundraisers/${f.id}/items`, tokens.admin, { name: 'X', price_cents: -1 });
    expect(badItem.statusCode).toBe(400);
    expect(badItem.json().error.details.fields).toHaveProperty('price_cents');

    const variant = tee.item_variants[1];
    const patched = await call('PATCH', `/variants/${variant.id}`, tokens.admin, { stock_quantity: 9 });
    expect(patched.json().data.item.item_variants[1].stock_quantity).toBe(9);
    expect((await call('PATCH', `/variants/${variant.id}`, tokens.admin, { damaged_quantity: 10 })).statusCode).toBe(422);

    const edited = await call('PUT', `/fundraisers/${f.id}`, tokens.admin, { ...fundraiserBody('tigers-2026'), name: 'Tigers 2026' });
    expect(edited.json().data.fundraiser.name).toBe('Tigers 2026');

    const copy = await call('POST', `/fundraisers/${f.id}/duplicate`, tokens.admin);
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json().data.fundraiser).toMatchObject({ slug: 'tigers-2026-copy', status: 'draft', name: 'Tigers 2026 (copy)' });
    expect(copy.json().data.fundraiser.participants.map((p: { name: string }) => p.name)).toEqual(['Josh Santos']);
    expect(copy.json().data.fundraiser.items[0].item_variants).toHaveLength(2);
    const again = await call('POST', `/fundraisers/${f.id}/duplicate`, tokens.admin);
    expect(again.json().data.fundraiser.slug).toBe('tigers-2026-copy-2');
  });

  it('uploads images re-encoded to WebP, refusing what is not an image', async () => {
    const form = multipart([], [{ name: 'image', filename: 'banner.png', type: 'image/png', data: await imageOf('png', 200, 100) }]);
    const uploaded = await request(t.app, { method: 'POST', url: '/api/v1/wholesale/admin/uploads', token: tokens.admin, payload: form.payload, headers: form.headers });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json().data.url).toMatch(/^\/uploads\/merchandise\/[0-9a-f]{32}\.webp$/);
    const served = await t.app.inject({ url: uploaded.json().data.url });
    expect(served.statusCode).toBe(200);
    const bad = multipart([], [{ name: 'image', filename: 'x.png', type: 'image/png', data: Buffer.from('not an image') }]);
    const refused = await request(t.app, { method: 'POST', url: '/api/v1/wholesale/admin/uploads', token: tokens.admin, payload: bad.payload, headers: bad.headers });
    expect(refused.statusCode).toBe(422);
  });

  it('moves orders along legal transitions only, in bulk too, and tells the supporter when Ready for Pickup', async () => {
    const shop = await createTestFundraiser(t.db, { participants: [{ name: 'Ana', goalCents: 10000 }], items: [{ name: 'Plain', priceCents: 1000 }] });
    const lines = [{ item_id: shop.items[0]!.id, fundraiser_id: shop.fundraiserId, quantity: 1 }];
    const a = await buy(t.app, shop, lines, { participantId: shop.participants[0]!.id });
    const b = await buy(t.app, shop, lines);
    const c = await buy(t.app, shop, lines);

    const ready = await call('PATCH', `/orders/${a.id}/status`, tokens.admin, { status: 'fulfilled' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json().data.order).toMatchObject({ status: 'fulfilled', statusLabel: 'Ready for Pickup' });
    const messages = await t.db.select().from(notifications).where(eq(notifications.template, 'wholesale_order_ready'));
    expect(messages.length).toBe(2);
    const illegal = await call('PATCH', `/orders/${a.id}/status`, tokens.admin, { status: 'pending' });
    expect(illegal.statusCode).toBe(409);
    expect(illegal.json().message).toBe('That status change is not allowed.');
    expect((await call('PATCH', `/orders/${a.id}/status`, tokens.admin, { status: 'cancelled' })).statusCode).toBe(409);
    expect((await call('PATCH', `/orders/${a.id}/status`, tokens.admin, { status: 'completed' })).statusCode).toBe(200);
    expect((await call('PATCH', `/orders/${a.id}/status`, tokens.admin2, { status: 'completed' })).statusCode).toBe(404);
    expect((await call('PATCH', `/orders/${a.id}/status`, tokens.admin, { status: 'lost' })).statusCode).toBe(400);

    const bulk = await call('POST', '/orders/bulk_status', tokens.admin, { order_ids: [b.id, c.id, a.id], status: 'processing' });
    expect(bulk.json().data.results).toEqual([
      { id: b.id, ok: true, message: null },
      { id: c.id, ok: true, message: null },
      { id: a.id, ok: false, message: 'That status change is not allowed.' },
    ]);
    const cancelled = await call('PATCH', `/orders/${c.id}/status`, tokens.admin, { status: 'cancelled' });
    expect(cancelled.json().data.order).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });

    const list = await call('GET', `/orders?fundraiser_id=${shop.fundraiserId}&status=processing`, tokens.admin);
    expect(list.json().data.orders.map((o: { id: number }) => o.id)).toEqual([b.id]);
    const byParticipant = await call('GET', `/orders?fundraiser_id=${shop.fundraiserId}&participant_id=${shop.participants[0]!.id}`, tokens.admin);
    expect(byParticipant.json().data.orders.map((o: { id: number }) => o.id)).toEqual([a.id]);
    const general = await call('GET', `/orders?fundraiser_id=${shop.fundraiserId}&participant_id=general`, tokens.admin);
    expect(general.json().data.orders).toHaveLength(2);

    const csv = await call('GET', `/orders.csv?fundraiser_id=${shop.fundraiserId}`, tokens.admin);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const rows = csv.body.trim().split('\r\n');
    expect(rows[0]).toBe('Order,Placed,Status,Payment,Fundraiser,Participant,Customer,Email,Phone,Items,Total');
    expect(rows).toHaveLength(4);
    expect(csv.body).toContain(',Completed,');
    expect(csv.body).toContain(',General support,');

    const pick = await call('GET', `/fundraisers/${shop.fundraiserId}/pick_list`, tokens.admin);
    expect(pick.json().data.by_item).toEqual([{ name: 'Plain', variant: null, quantity: 1 }]);
    expect(pick.json().data.by_participant.map((p: { participant: string }) => p.participant)).toEqual(['General support']);

    const dash = await call('GET', `/fundraisers/${shop.fundraiserId}/dashboard`, tokens.admin);
    expect(dash.json().data).toMatchObject({ orders: 2, cancelled_orders: 1, items_sold: 2, gross_cents: 3000, net_raised_cents: 2000, general_support_cents: 1000 });
    expect(dash.json().data.participants[0]).toMatchObject({ name: 'Ana', raisedCents: 1000, progressPercent: 10 });
  });

  it('writes nothing on bad input', async () => {
    const before = (await t.db.select().from(wholesaleFundraisers)).length;
    for (const body of [{}, { name: 'X' }, { name: 'X', slug: 'ok-slug', status: 'open' }, { name: 'X', slug: 'ok-slug', start_date: '2026-13-01' }]) {
      const response = await call('POST', '/fundraisers', tokens.admin, body);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().error.details.fields).length).toBeGreaterThan(0);
    }
    expect((await t.db.select().from(wholesaleFundraisers)).length).toBe(before);
  });
});
