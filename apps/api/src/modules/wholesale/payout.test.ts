import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_SHARE_MESSAGE } from '@kusina/domain/wholesale';
import { wholesaleFundraisers } from '../../db/schema/index.ts';
import { build, request, tokenFor, type TestContext } from '../../test/build.ts';
import { buy, createTestFundraiser, type TestFundraiser } from './test-support.ts';

/**
 * Clear money (issue #36 item 6, decision 0125): the team share per fundraiser (admins set it,
 * 0–100), shown to supporters, the team's amount raised versus sales on the dashboard, and the
 * payout statement per participant computed in SQL from the ledger.
 */
describe('team share and payout statement', () => {
  let t: TestContext;
  let admin: string;
  let shop: TestFundraiser;

  beforeAll(async () => {
    t = await build({ CODE_CHECK_RATE_LIMIT_PER_MINUTE: '10000' });
    admin = await tokenFor(t.app, t.db, 'admin@kusina.test');
    shop = await createTestFundraiser(t.db, { participants: [{ name: 'Josh' }, { name: 'Mia' }, { name: 'Quiet' }], items: [{ priceCents: 1001 }, { priceCents: 2000 }] });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT' | 'PATCH', url: string, payload?: object) => request(t.app, { method, url: `/api/v1/wholesale/admin${url}`, token: admin, ...(payload ? { payload } : {}) });
  const body = (share: unknown) => ({ name: 'Tigers', slug: shop.slug, description: '', status: 'current', start_date: '2026-11-01', end_date: null, team_share_percent: share });

  it('admins set a whole percent from 0 to 100; anything else is a 400 naming the field and changes nothing', async () => {
    for (const bad of [101, -1, 40.5, '40']) {
      const answer = await call('PUT', `/fundraisers/${shop.fundraiserId}`, body(bad));
      expect(answer.statusCode, String(bad)).toBe(400);
      expect(answer.json().error.details.fields.team_share_percent).toBe(TEAM_SHARE_MESSAGE);
    }
    const [row] = await t.db.select().from(wholesaleFundraisers).where(eq(wholesaleFundraisers.id, shop.fundraiserId));
    expect(row!.teamSharePercent).toBeNull();
    for (const ok of [0, 100, 33]) {
      const answer = await call('PUT', `/fundraisers/${shop.fundraiserId}`, body(ok));
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().data.fundraiser.team_share_percent).toBe(ok);
    }
    // The supporter sees the share on the shop's list and the fundraiser page.
    const list = await request(t.app, { method: 'GET', url: '/api/v1/wholesale/fundraisers' });
    expect(list.json().data.fundraisers.find((f: { slug: string }) => f.slug === shop.slug).team_share_percent).toBe(33);
    const page = await request(t.app, { method: 'GET', url: `/api/v1/wholesale/fundraisers/${shop.slug}` });
    expect(page.json().data.fundraiser.team_share_percent).toBe(33);
  });

  it('the statement per participant: sales, refunds, net, the team share (rounded per row) and totals that add up; the dashboard agrees', async () => {
    const josh = shop.participants[0]!;
    const mia = shop.participants[1]!;
    await buy(t.app, shop, [{ item_id: shop.items[0]!.id, quantity: 1 }], { participantId: josh.id }); // 10.01
    await buy(t.app, shop, [{ item_id: shop.items[1]!.id, quantity: 2 }], { participantId: josh.id }); // 40.00
    const refunded = await buy(t.app, shop, [{ item_id: shop.items[1]!.id, quantity: 1 }], { participantId: mia.id }); // 20.00, cancelled
    await buy(t.app, shop, [{ item_id: shop.items[0]!.id, quantity: 3 }], { participantId: null }); // 30.03 general support
    const cancel = await call('PATCH', `/orders/${refunded.id}/status`, { status: 'cancelled' });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const answer = await call('GET', `/fundraisers/${shop.fundraiserId}/payout_statement`);
    expect(answer.statusCode, answer.body).toBe(200);
    const statement = answer.json().data;
    expect(statement.fundraiser).toMatchObject({ id: shop.fundraiserId, team_share_percent: 33 });
    const by = Object.fromEntries(statement.rows.map((r: { participant: string }) => [r.participant, r]));
    expect(Object.keys(by)).toEqual(['Josh', 'Mia', 'Quiet', 'General support']);
    // 33% of 50.01 = 16.5033 → 16.50; of 30.03 = 9.9099 → 9.91.
    expect(by.Josh).toMatchObject({ orders: 2, sales_cents: 5001, refunds_cents: 0, net_sales_cents: 5001, team_share_cents: 1650, donations_cents: 0, team_raised_cents: 1650 });
    expect(by.Mia).toMatchObject({ orders: 1, sales_cents: 2000, refunds_cents: 2000, net_sales_cents: 0, team_share_cents: 0, team_raised_cents: 0 });
    expect(by.Quiet).toMatchObject({ orders: 0, sales_cents: 0, net_sales_cents: 0, team_share_cents: 0 });
    expect(by['General support']).toMatchObject({ orders: 1, sales_cents: 3003, net_sales_cents: 3003, team_share_cents: 991 });
    expect(statement.totals).toEqual({ orders: 4, sales_cents: 10004, refunds_cents: 2000, net_sales_cents: 8004, team_share_cents: 2641, donations_cents: 0, team_raised_cents: 2641 });

    const dashboard = (await call('GET', `/fundraisers/${shop.fundraiserId}/dashboard`)).json().data;
    expect(dashboard).toMatchObject({ net_sales_cents: 8004, team_share_percent: 33, team_raised_cents: 2641, net_raised_cents: 8004 });

    // Without a stated share the team's figures are unknown, not zero.
    await call('PUT', `/fundraisers/${shop.fundraiserId}`, body(null));
    const unstated = (await call('GET', `/fundraisers/${shop.fundraiserId}/payout_statement`)).json().data;
    expect(unstated.totals).toMatchObject({ net_sales_cents: 8004, team_share_cents: null, team_raised_cents: null });
  });

  it("another restaurant's fundraiser has no statement for this admin", async () => {
    const admin2 = await tokenFor(t.app, t.db, 'admin2@kusina.test');
    const answer = await request(t.app, { method: 'GET', url: `/api/v1/wholesale/admin/fundraisers/${shop.fundraiserId}/payout_statement`, token: admin2 });
    expect(answer.statusCode).toBe(404);
  });
});
