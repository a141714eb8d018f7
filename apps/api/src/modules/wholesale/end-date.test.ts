import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, wholesaleItems, wholesaleOrders } from '../../db/schema/index.ts';
import { build, request, type TestContext } from '../../test/build.ts';
import { createTestFundraiser, payFor, placeOrder, type TestFundraiser } from './test-support.ts';

/**
 * Decision 0110: a current fundraiser takes orders through its end date — the whole last day in
 * the restaurant's zone (Guam, UTC+10) — and not after. The clock is the test's.
 */
describe('a current fundraiser past its end date', () => {
  let t: TestContext;
  let now = new Date('2026-12-31T13:00:00Z'); // 23:00 on Dec 31 in Guam: the last day of sales
  let shop: TestFundraiser;
  const url = '/api/v1/wholesale';

  beforeAll(async () => {
    t = await build({}, { now: () => now });
    shop = await createTestFundraiser(t.db, { endDate: '2026-12-31', items: [{ name: 'Counted', priceCents: 1500, mode: 'item', stock: 10 }] });
  });
  afterAll(() => t.close());

  const lines = () => [{ item_id: shop.items[0]!.id, fundraiser_id: shop.fundraiserId, quantity: 2 }];
  const listed = async () => (await request(t.app, { method: 'GET', url: `${url}/fundraisers` })).json().data.fundraisers.map((f: { id: number }) => f.id);
  const stock = async () => (await t.db.select({ s: wholesaleItems.stockQuantity }).from(wholesaleItems).where(eq(wholesaleItems.id, shop.items[0]!.id)))[0]!.s;
  const orderCount = async () => (await t.db.select().from(wholesaleOrders).where(eq(wholesaleOrders.fundraiserId, shop.fundraiserId))).length;

  it('sells through the whole end day (Guam), then refuses in the order transaction: nothing sold, the hold released', async () => {
    now = new Date('2026-12-31T13:00:00Z');
    expect(await listed()).toContain(shop.fundraiserId);
    expect((await request(t.app, { method: 'GET', url: `${url}/fundraisers/${shop.slug}` })).statusCode).toBe(200);
    const first = await placeOrder(t.app, await payFor(t.app, shop.fundraiserId, lines()), shop.fundraiserId, lines());
    expect(first.statusCode, first.body).toBe(201);
    expect(await stock()).toBe(8);

    // Paid (authorised) at 23:50 on the last day; the order is written at 00:10 the next day.
    now = new Date('2026-12-31T13:50:00Z');
    const paymentId = await payFor(t.app, shop.fundraiserId, lines());
    now = new Date('2026-12-31T14:10:00Z');
    const late = await placeOrder(t.app, paymentId, shop.fundraiserId, lines());
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().error.details.issues.map((i: { type: string; message: string }) => [i.type, i.message])).toEqual([['fundraiser_inactive', 'This fundraiser is no longer accepting orders']]);
    expect(await stock()).toBe(8);
    expect(await orderCount()).toBe(1);
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment!.status).not.toBe('captured');
  });

  it('is no longer listed, its page answers 403, and the cart check and a new payment say it is closed', async () => {
    now = new Date('2027-01-02T00:00:00Z');
    expect(await listed()).not.toContain(shop.fundraiserId);
    const page = await request(t.app, { method: 'GET', url: `${url}/fundraisers/${shop.slug}` });
    expect(page.statusCode).toBe(403);
    expect(page.json().message).toBe('This fundraiser is not currently accepting orders.');
    const validated = await request(t.app, { method: 'POST', url: `${url}/cart/validate`, payload: { cart_items: lines() } });
    expect(validated.json().data).toMatchObject({ valid: false, issues: [{ type: 'fundraiser_inactive' }] });
    const opened = await request(t.app, { method: 'POST', url: `${url}/payments`, payload: { fundraiser_id: shop.fundraiserId, cart_items: lines() } });
    expect(opened.statusCode).toBe(409);
    expect((await request(t.app, { method: 'POST', url: `${url}/items/${shop.items[0]!.id}/check_availability`, payload: { quantity: 1 } })).statusCode).toBe(404);
  });

  it('a fundraiser without an end date keeps selling while current', async () => {
    now = new Date('2030-06-01T00:00:00Z');
    const open = await createTestFundraiser(t.db, { items: [{ name: 'Plain', priceCents: 500 }] });
    expect(await listed()).toContain(open.fundraiserId);
    const plain = [{ item_id: open.items[0]!.id, fundraiser_id: open.fundraiserId, quantity: 1 }];
    expect((await placeOrder(t.app, await payFor(t.app, open.fundraiserId, plain), open.fundraiserId, plain)).statusCode).toBe(201);
  });
});
