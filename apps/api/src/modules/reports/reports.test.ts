import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, refunds, restaurants } from '../../db/schema/index.ts';
import { csvCell } from '../../lib/csv.ts';
import { build, type TestContext } from '../../test/build.ts';
import { api, demoTokens, type Tokens } from '../reservations/test-support.ts';

/**
 * The sales report (issue #37 item 4; decision 0118): totals equal sums computed here from the rows
 * this test writes (in a restaurant of its own, so the demo's orders do not count), Guam-day
 * boundaries at 23:59 / 00:00, refunds on their own day, the role matrix, and a formula-safe CSV.
 */
describe('sales report', () => {
  let t: TestContext;
  let tokens: Tokens;
  let http: ReturnType<typeof api>;
  let restaurantId: number;
  let written: { at: string; subtotal: number; discount: number; refund?: { at: string; amount: number } }[];

  beforeAll(async () => {
    t = await build();
    tokens = await demoTokens(t.app, t.db);
    http = api(t.app);
    const [r] = await t.db.insert(restaurants).values({ name: 'Report Test Kitchen' }).returning({ id: restaurants.id });
    restaurantId = r!.id;
    // Guam is UTC+10: 2030-06-04 runs from 2030-06-03T14:00Z to 2030-06-04T14:00Z.
    written = [
      { at: '2030-06-03T13:59:00Z', subtotal: 9_99, discount: 0 }, // Jun 3, 23:59 Guam
      { at: '2030-06-03T14:00:00Z', subtotal: 25_00, discount: 2_50 }, // Jun 4, 00:00 Guam
      { at: '2030-06-04T02:30:00Z', subtotal: 40_00, discount: 0, refund: { at: '2030-06-05T01:00:00Z', amount: 15_00 } }, // Jun 4, 12:30; refunded Jun 5
      { at: '2030-06-04T08:10:00Z', subtotal: 61_25, discount: 6_12 }, // Jun 4, 18:10
      { at: '2030-06-04T13:59:59Z', subtotal: 12_00, discount: 0 }, // Jun 4, 23:59:59
      { at: '2030-06-04T14:00:00Z', subtotal: 30_00, discount: 0 }, // Jun 5, 00:00
    ];
    for (const [i, o] of written.entries()) {
      const total = o.subtotal - o.discount;
      const [order] = await t.db
        .insert(orders)
        .values({
          restaurantId,
          status: 'completed',
          foodSubtotalCents: o.subtotal,
          subtotalCents: o.subtotal,
          discountCents: o.discount,
          totalCents: total,
          refundedCents: o.refund?.amount ?? 0,
          contactName: `Report Guest ${i}`,
          contactPhone: '+16715550100',
          contactEmail: `report${i}@example.com`,
          estimatedPickupTime: new Date(o.at),
          accessToken: randomUUID(),
          idempotencyKey: randomUUID(),
          createdAt: new Date(o.at),
        })
        .returning({ id: orders.id });
      if (o.refund) {
        const [payment] = await t.db.insert(payments).values({ restaurantId, processor: 'test', amountCents: total, status: 'captured', orderId: order!.id, quoteHash: 'x' }).returning({ id: payments.id });
        await t.db.insert(refunds).values({ orderId: order!.id, restaurantId, paymentId: payment!.id, processor: 'test', amountCents: o.refund.amount, restock: 'return', reason: 'Cold food', createdAt: new Date(o.refund.at) });
      }
    }
  });
  afterAll(() => t.close());

  /** The expected figures, summed here from what was written. */
  function expected(fromUtc: string, toUtc: string) {
    const inRange = (at: string) => at >= fromUtc && at < toUtc;
    const placed = written.filter((o) => inRange(new Date(o.at).toISOString()));
    const gross = placed.reduce((s, o) => s + o.subtotal, 0);
    const discount = placed.reduce((s, o) => s + o.discount, 0);
    const refund = written.filter((o) => o.refund && inRange(new Date(o.refund.at).toISOString())).reduce((s, o) => s + o.refund!.amount, 0);
    return { gross_cents: gross, discount_cents: discount, refund_cents: refund, net_cents: gross - discount - refund, orders: placed.length };
  }

  it('sums one Guam day: 00:00 in, 23:59:59 in, the next midnight out; a refund counts on its own day', async () => {
    const reply = await http.get(`/admin/reports/sales?from=2030-06-04&to=2030-06-04&restaurant_id=${restaurantId}`, tokens.superAdmin);
    expect(reply.statusCode).toBe(200);
    const report = reply.json();
    const want = expected('2030-06-03T14:00:00.000Z', '2030-06-04T14:00:00.000Z');
    expect(want).toEqual({ gross_cents: 138_25, discount_cents: 8_62, refund_cents: 0, net_cents: 129_63, orders: 4 });
    expect(report.totals).toEqual({ ...want, average_ticket_cents: Math.round((138_25 - 8_62) / 4) });
    expect(report.rows).toEqual([{ key: '2030-06-04', ...want }]);
  });

  it('gives every day of a range, zero where nothing happened, and the totals of the rows', async () => {
    const report = (await http.get(`/admin/reports/sales?from=2030-06-02&to=2030-06-06&restaurant_id=${restaurantId}`, tokens.superAdmin)).json();
    expect(report.rows.map((r: { key: string }) => r.key)).toEqual(['2030-06-02', '2030-06-03', '2030-06-04', '2030-06-05', '2030-06-06']);
    expect(report.rows[0]).toMatchObject({ orders: 0, gross_cents: 0 });
    expect(report.rows[3]).toEqual({ key: '2030-06-05', ...expected('2030-06-04T14:00:00.000Z', '2030-06-05T14:00:00.000Z') });
    expect(report.rows[3].refund_cents).toBe(15_00);
    const all = expected('2030-06-01T14:00:00.000Z', '2030-06-06T14:00:00.000Z');
    expect(report.totals).toMatchObject(all);
  });

  it('by hour of the day: 24 rows, each order in its Guam hour', async () => {
    const report = (await http.get(`/admin/reports/sales?from=2030-06-04&to=2030-06-04&group=hour&restaurant_id=${restaurantId}`, tokens.superAdmin)).json();
    expect(report.rows).toHaveLength(24);
    const hours = Object.fromEntries(report.rows.filter((r: { orders: number }) => r.orders > 0).map((r: { key: string; orders: number; gross_cents: number }) => [r.key, [r.orders, r.gross_cents]]));
    expect(hours).toEqual({ '00': [1, 25_00], '12': [1, 40_00], '18': [1, 61_25], '23': [1, 12_00] });
  });

  it("refuses a backwards or too long range at the field, and lets only the restaurant's admins read it", async () => {
    const backwards = await http.get('/admin/reports/sales?from=2030-06-05&to=2030-06-04', tokens.admin);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.details.fields.to).toBe('The end date is before the start date.');
    expect((await http.get('/admin/reports/sales?from=2029-01-01&to=2030-06-04', tokens.admin)).json().error.details.fields.to).toBe('Choose at most 367 days.');
    expect((await http.get('/admin/reports/sales?from=2030-06-04&to=2030-06-04&group=week', tokens.admin)).statusCode).toBe(400);

    const url = '/admin/reports/sales?from=2030-06-04&to=2030-06-04&restaurant_id=1';
    expect((await http.get(url)).statusCode).toBe(401);
    expect((await http.get(url, tokens.customer)).statusCode).toBe(403);
    expect((await http.get(url, tokens.staff)).statusCode).toBe(403);
    expect((await http.get(url, tokens.otherAdmin)).statusCode).toBe(403);
    expect((await http.get(url, tokens.admin)).statusCode).toBe(200);
    expect((await http.get(`${url.replace('sales?', 'sales.csv?')}`, tokens.otherAdmin)).statusCode).toBe(403);
    // An admin's own restaurant is theirs without asking; another restaurant's id is refused.
    expect((await http.get(`/admin/reports/sales?from=2030-06-04&to=2030-06-04&restaurant_id=${restaurantId}`, tokens.admin)).statusCode).toBe(403);
  });

  it('downloads the same figures as CSV, in dollars, with the totals', async () => {
    const reply = await http.get(`/admin/reports/sales.csv?from=2030-06-04&to=2030-06-05&restaurant_id=${restaurantId}`, tokens.superAdmin);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(reply.headers['content-disposition']).toBe('attachment; filename="sales-day-2030-06-04-to-2030-06-05.csv"');
    expect(reply.body.split('\r\n')).toEqual([
      'Date,Orders,Gross,Discounts,Refunds,Net',
      '2030-06-04,4,138.25,8.62,0,129.63',
      '2030-06-05,1,30,0,15,15',
      'Total,5,168.25,8.62,15,144.63',
      '',
    ]);
  });

  it('writes text cells that a spreadsheet will not run as formulas, and numbers as numbers', () => {
    expect(['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)', '\tx', 'Plain, with comma'].map(csvCell)).toEqual(["\"'=HYPERLINK(\"\"x\"\")\"", "'+1", "'-2", "'@SUM(A1)", "'\tx", '"Plain, with comma"']);
    expect(csvCell(-5.5)).toBe('-5.5');
  });
});
