import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, request, tokenFor, type TestContext } from '../../test/build.ts';
import { buy, createTestFundraiser, type TestFundraiser } from './test-support.ts';

/** Team progress (issue #36 item 1, decision 0111): goal, raised, supporters and days left, on the list and the page. */
describe('team progress of a fundraiser', () => {
  let t: TestContext;
  let admin: string;
  let customer: string;
  let shop: TestFundraiser;
  let now = new Date('2026-12-10T00:00:00Z'); // Dec 10, 10 AM in Guam

  beforeAll(async () => {
    t = await build({}, { now: () => now });
    admin = await tokenFor(t.app, t.db, 'admin@kusina.test');
    customer = await tokenFor(t.app, t.db, 'customer@kusina.test');
    shop = await createTestFundraiser(t.db, { endDate: '2026-12-20', participants: [{ name: 'Ana', goalCents: 10000 }], items: [{ name: 'Plain', priceCents: 2500 }] });
  });
  afterAll(() => t.close());

  const listed = async () =>
    (await request(t.app, { method: 'GET', url: '/api/v1/wholesale/fundraisers' })).json().data.fundraisers.find((f: { id: number }) => f.id === shop.fundraiserId);
  const page = async () => (await request(t.app, { method: 'GET', url: `/api/v1/wholesale/fundraisers/${shop.slug}` })).json().data.fundraiser;
  const progress = (f: Record<string, unknown>) => ({ goal_cents: f.goal_cents, raised_cents: f.raised_cents, progress_percent: f.progress_percent, supporters_count: f.supporters_count, days_left: f.days_left });

  it('counts the ledger net (participants and general support), distinct supporters, and whole Guam days to the end date', async () => {
    expect(progress(await listed())).toEqual({ goal_cents: null, raised_cents: 0, progress_percent: null, supporters_count: 0, days_left: 10 });
    const read = (await request(t.app, { method: 'GET', url: `/api/v1/wholesale/admin/fundraisers/${shop.fundraiserId}`, token: admin })).json().data.fundraiser;
    const saved = await request(t.app, {
      method: 'PUT',
      url: `/api/v1/wholesale/admin/fundraisers/${shop.fundraiserId}`,
      token: admin,
      payload: { name: read.name, slug: read.slug, status: 'current', end_date: '2026-12-20', goal_cents: 20000 },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const line = (quantity: number) => [{ item_id: shop.items[0]!.id, fundraiser_id: shop.fundraiserId, quantity }];
    await buy(t.app, shop, line(2), { participantId: shop.participants[0]!.id });
    await buy(t.app, shop, line(1));
    const mine = await buy(t.app, shop, line(1), { token: customer });
    // The same e-mail twice is one supporter (the helper's orders share one).
    expect(progress(await listed())).toEqual({ goal_cents: 20000, raised_cents: 10000, progress_percent: 50, supporters_count: 1, days_left: 10 });

    // A cancelled order comes off what was raised, and its supporter off the count when it was their only order.
    const cancelled = await request(t.app, { method: 'DELETE', url: `/api/v1/wholesale/orders/${mine.id}/cancel`, token: customer });
    expect(cancelled.statusCode).toBe(200);
    expect(progress(await page())).toEqual({ goal_cents: 20000, raised_cents: 7500, progress_percent: 37, supporters_count: 1, days_left: 10 });

    // Late on the last day (Guam) it ends today: 0 days left.
    now = new Date('2026-12-20T13:00:00Z');
    expect((await listed()).days_left).toBe(0);
    expect((await page()).days_left).toBe(0);
  });

  it('refuses a goal that is not a positive whole number of cents', async () => {
    const fresh = await tokenFor(t.app, t.db, 'admin@kusina.test');
    const answer = await request(t.app, { method: 'PUT', url: `/api/v1/wholesale/admin/fundraisers/${shop.fundraiserId}`, token: fresh, payload: { name: 'X', slug: shop.slug, goal_cents: 0 } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.details.fields).toHaveProperty('goal_cents');
  });
});
