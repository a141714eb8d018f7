import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  locations,
  menuCategories,
  menuItems,
  menus,
  orderItems,
  orders,
  payments,
  promoCodes,
  refundLines,
  refunds,
  reservations,
  restaurants,
  vipCodes,
  waitlistEntries,
  wholesaleFundraisers,
  wholesaleOrders,
  wholesaleParticipantCredits,
  wholesaleParticipants,
} from '../../db/schema/index.ts';
import { build, type TestContext } from '../../test/build.ts';
import { api, demoTokens, type Tokens } from '../reservations/test-support.ts';

/**
 * The breakdown reports (issue #37 item 4; decision 0127): every figure is summed here, from the
 * rows this test writes into a restaurant of its own, and compared with the server's. Guam is UTC+10:
 * the Guam day 2030-06-04 is [2030-06-03T14:00Z, 2030-06-04T14:00Z), so 13:59Z is the day before and
 * 14:00Z the day after.
 */
const DAY = { from: '2030-06-04', to: '2030-06-04', start: '2030-06-03T14:00:00.000Z', end: '2030-06-04T14:00:00.000Z' };
const inDay = (at: string) => new Date(at).toISOString() >= DAY.start && new Date(at).toISOString() < DAY.end;
const sum = <T,>(rows: T[], f: (row: T) => number) => rows.reduce((s, row) => s + f(row), 0);

type Line = { item: 'kelaguen' | 'rice' | 'tea' | 'tee'; qty: number; unit: number; options?: Record<string, string[]>; refund?: { qty: number; at: string } };
interface WrittenOrder {
  at: string;
  staff?: boolean;
  promo?: { code: string; discount: number };
  vip?: boolean;
  processor: 'stripe' | 'paypal' | 'test';
  lines: Line[];
}
const ITEMS = { kelaguen: ['Chicken Kelaguen', 'Plates'], rice: ['Red Rice', 'Plates'], tea: ['Iced Tea', 'Drinks'], tee: ['Kusina Tee', 'Merchandise'] } as const;

const written: WrittenOrder[] = [
  // Jun 3, 23:59 Guam: outside the day — but its refund, given on Jun 4, is inside.
  { at: '2030-06-03T13:59:00Z', processor: 'stripe', lines: [{ item: 'kelaguen', qty: 2, unit: 12_00, options: { Spice: ['Hot'] }, refund: { qty: 1, at: '2030-06-04T01:00:00Z' } }] },
  // Jun 4, 00:00 Guam, with a promo code; one unit refunded the same day.
  {
    at: '2030-06-03T14:00:00Z',
    processor: 'paypal',
    promo: { code: 'SUMMER10', discount: 2_70 },
    lines: [
      { item: 'kelaguen', qty: 2, unit: 12_00, options: { Spice: ['Mild'], Extras: ['Lemon', 'Onion'] }, refund: { qty: 1, at: '2030-06-04T10:00:00Z' } },
      { item: 'tea', qty: 1, unit: 3_00 },
    ],
  },
  // A staff order at 15:00 Guam.
  { at: '2030-06-04T05:00:00Z', staff: true, processor: 'test', lines: [{ item: 'tea', qty: 2, unit: 3_00, options: { Sweetness: ['Half'] } }] },
  // Merchandise only, with a VIP code, at 23:59:59 Guam; refunded on Jun 5 (outside).
  { at: '2030-06-04T13:59:59Z', vip: true, processor: 'stripe', lines: [{ item: 'tee', qty: 1, unit: 30_00, refund: { qty: 1, at: '2030-06-04T14:00:00Z' } }] },
  // Food and merchandise together (online), promo code again.
  {
    at: '2030-06-04T03:00:00Z',
    processor: 'stripe',
    promo: { code: 'SUMMER10', discount: 1_00 },
    lines: [
      { item: 'rice', qty: 3, unit: 2_50, options: { Spice: ['Hot'] } },
      { item: 'tee', qty: 1, unit: 30_00 },
    ],
  },
  // Jun 5, 00:00 Guam: outside.
  { at: '2030-06-04T14:00:00Z', processor: 'paypal', promo: { code: 'SUMMER10', discount: 50 }, lines: [{ item: 'rice', qty: 1, unit: 2_50 }] },
];
const subtotal = (o: WrittenOrder) => sum(o.lines, (l) => l.qty * l.unit);
const food = (o: WrittenOrder) => sum(o.lines.filter((l) => l.item !== 'tee'), (l) => l.qty * l.unit);
const refundOf = (l: Line) => (l.refund ? l.refund.qty * l.unit : 0);

/** Fundraiser shop: orders for Ana (goal $100), Ben (no goal) and general support; one cancelled and refunded on Jun 4. */
const wholesale = [
  { who: 'ana', at: '2030-06-01T02:00:00Z', total: 20_00, processor: 'test' as const },
  { who: 'ana', at: '2030-06-04T02:00:00Z', total: 50_00, processor: 'stripe' as const },
  { who: 'ben', at: '2030-06-04T06:00:00Z', total: 12_50, processor: 'stripe' as const },
  { who: null, at: '2030-06-04T07:00:00Z', total: 15_00, processor: 'paypal' as const, cancelledAt: '2030-06-04T12:00:00Z' },
  { who: 'ben', at: '2030-06-04T14:00:00Z', total: 9_00, processor: 'stripe' as const },
];

const written_reservations = [
  { at: '2030-06-03T14:00:00Z', source: 'public' as const, status: 'seated' as const, size: 4 },
  { at: '2030-06-04T09:00:00Z', source: 'staff' as const, status: 'no_show' as const, size: 2 },
  { at: '2030-06-04T10:00:00Z', source: 'public' as const, status: 'canceled' as const, size: 3 },
  { at: '2030-06-04T10:30:00Z', source: 'public' as const, status: 'finished' as const, size: 2 },
  { at: '2030-06-04T11:00:00Z', source: 'public' as const, status: 'rejected' as const, size: 5 },
  { at: '2030-06-03T13:59:00Z', source: 'public' as const, status: 'finished' as const, size: 6 },
];
const written_walk_ins = [
  { at: '2030-06-04T08:00:00Z', source: 'staff' as const, status: 'seated' as const, size: 3 },
  { at: '2030-06-04T08:30:00Z', source: 'guest' as const, status: 'removed' as const, size: 2 },
  { at: '2030-06-04T08:45:00Z', source: 'guest' as const, status: 'no_show' as const, size: 4 },
  { at: '2030-06-04T14:00:00Z', source: 'staff' as const, status: 'seated' as const, size: 5 },
];

describe('breakdown reports', () => {
  let t: TestContext;
  let tokens: Tokens;
  let http: ReturnType<typeof api>;
  let restaurantId: number;
  const get = async (path: string) => {
    const reply = await http.get(`/admin/reports/${path}${path.includes('?') ? '&' : '?'}from=${DAY.from}&to=${DAY.to}&restaurant_id=${restaurantId}`, tokens.superAdmin);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json() as { rows: { key: string; label: string; parent: string | null; values: (number | null)[] }[]; totals: (number | null)[]; columns: { id: string }[] };
  };
  const byKey = (report: Awaited<ReturnType<typeof get>>) => Object.fromEntries(report.rows.map((r) => [r.key, r.values]));

  beforeAll(async () => {
    t = await build();
    tokens = await demoTokens(t.app, t.db);
    http = api(t.app);
    const [r] = await t.db.insert(restaurants).values({ name: 'Breakdown Test Kitchen' }).returning({ id: restaurants.id });
    restaurantId = r!.id;
    const [menu] = await t.db.insert(menus).values({ restaurantId, name: 'Main' }).returning({ id: menus.id });
    const categories = await t.db
      .insert(menuCategories)
      .values([
        { restaurantId, menuId: menu!.id, name: 'Plates' },
        { restaurantId, menuId: menu!.id, name: 'Drinks' },
      ])
      .returning({ id: menuCategories.id, name: menuCategories.name });
    const menuIds: Record<string, number> = {};
    for (const key of ['kelaguen', 'rice', 'tea'] as const) {
      const [name, category] = ITEMS[key];
      const [item] = await t.db
        .insert(menuItems)
        .values({ restaurantId, menuId: menu!.id, categoryId: categories.find((c) => c.name === category)!.id, name, priceCents: 100 })
        .returning({ id: menuItems.id });
      menuIds[key] = item!.id;
    }
    const [promo] = await t.db.insert(promoCodes).values({ restaurantId, code: 'SUMMER10', discountType: 'percent', value: 10 }).returning({ id: promoCodes.id });
    const [vip] = await t.db.insert(vipCodes).values({ restaurantId, code: 'FOUNDERS', name: 'Founding members' }).returning({ id: vipCodes.id });

    for (const [i, o] of written.entries()) {
      const sub = subtotal(o);
      const discount = o.promo?.discount ?? 0;
      const [order] = await t.db
        .insert(orders)
        .values({
          restaurantId,
          status: 'completed',
          foodSubtotalCents: food(o),
          merchandiseSubtotalCents: sub - food(o),
          subtotalCents: sub,
          discountCents: discount,
          totalCents: sub - discount,
          refundedCents: sum(o.lines, refundOf),
          promoCodeId: o.promo ? promo!.id : null,
          promoCode: o.promo?.code ?? null,
          vipCodeId: o.vip ? vip!.id : null,
          isStaffOrder: o.staff ?? false,
          staffMemberName: o.staff ? 'Tasi' : null,
          contactName: `Breakdown Guest ${i}`,
          contactPhone: '+16715550100',
          contactEmail: `breakdown${i}@example.com`,
          estimatedPickupTime: new Date(o.at),
          accessToken: randomUUID(),
          idempotencyKey: randomUUID(),
          createdAt: new Date(o.at),
        })
        .returning({ id: orders.id });
      const [payment] = await t.db
        .insert(payments)
        .values({ restaurantId, processor: o.processor, amountCents: sub - discount, status: 'captured', orderId: order!.id, quoteHash: 'x', capturedAt: new Date(o.at), createdAt: new Date(o.at) })
        .returning({ id: payments.id });
      for (const [position, l] of o.lines.entries()) {
        const [line] = await t.db
          .insert(orderItems)
          .values({
            orderId: order!.id,
            itemType: l.item === 'tee' ? 'merchandise' : 'food',
            menuItemId: l.item === 'tee' ? null : menuIds[l.item]!,
            name: ITEMS[l.item][0],
            unitPriceCents: l.unit,
            quantity: l.qty,
            lineTotalCents: l.unit * l.qty,
            customizations: l.options ?? {},
            position,
            refundedQuantity: l.refund?.qty ?? 0,
          })
          .returning({ id: orderItems.id });
        if (l.refund) {
          const [refund] = await t.db
            .insert(refunds)
            .values({ orderId: order!.id, restaurantId, paymentId: payment!.id, processor: o.processor, amountCents: refundOf(l), restock: 'return', reason: 'Cold', createdAt: new Date(l.refund.at) })
            .returning({ id: refunds.id });
          await t.db.insert(refundLines).values({ refundId: refund!.id, orderItemId: line!.id, quantity: l.refund.qty, amountCents: refundOf(l), restock: 'return', restocked: false });
        }
      }
    }

    const [fundraiser] = await t.db
      .insert(wholesaleFundraisers)
      .values({ restaurantId, name: 'Dededo Eagles', slug: 'dededo-eagles', status: 'current', startDate: '2030-05-01', endDate: '2030-07-01', goalCents: 500_00 })
      .returning({ id: wholesaleFundraisers.id });
    await t.db.insert(wholesaleFundraisers).values({ restaurantId, name: 'Draft Drive', slug: 'draft-drive', status: 'draft' });
    const people = await t.db
      .insert(wholesaleParticipants)
      .values([
        { fundraiserId: fundraiser!.id, name: 'Ana', goalCents: 100_00, position: 0 },
        { fundraiserId: fundraiser!.id, name: 'Ben', position: 1 },
      ])
      .returning({ id: wholesaleParticipants.id, name: wholesaleParticipants.name });
    const participantId = (who: string | null) => (who === null ? null : people.find((p) => p.name.toLowerCase() === who)!.id);
    for (const w of wholesale) {
      const [order] = await t.db
        .insert(wholesaleOrders)
        .values({
          restaurantId,
          fundraiserId: fundraiser!.id,
          participantId: participantId(w.who),
          status: w.cancelledAt ? 'cancelled' : 'confirmed',
          paymentStatus: w.cancelledAt ? 'refunded' : 'paid',
          totalCents: w.total,
          refundedCents: w.cancelledAt ? w.total : 0,
          customerName: 'Supporter',
          customerEmail: 'supporter@example.com',
          customerPhone: '+16715550111',
          shippingAddress: '',
          accessToken: randomUUID(),
          idempotencyKey: randomUUID(),
          cancelledAt: w.cancelledAt ? new Date(w.cancelledAt) : null,
          createdAt: new Date(w.at),
        })
        .returning({ id: wholesaleOrders.id });
      await t.db
        .insert(payments)
        .values({ restaurantId, processor: w.processor, amountCents: w.total, status: w.cancelledAt ? 'refunded' : 'captured', wholesaleOrderId: order!.id, quoteHash: 'x', capturedAt: new Date(w.at), createdAt: new Date(w.at) });
      await t.db.insert(wholesaleParticipantCredits).values({ fundraiserId: fundraiser!.id, participantId: participantId(w.who), orderId: order!.id, kind: 'sale', amountCents: w.total, createdAt: new Date(w.at) });
      if (w.cancelledAt) {
        await t.db
          .insert(wholesaleParticipantCredits)
          .values({ fundraiserId: fundraiser!.id, participantId: participantId(w.who), orderId: order!.id, kind: 'reversal', amountCents: -w.total, createdAt: new Date(w.cancelledAt) });
      }
    }

    const [room] = await t.db.insert(locations).values({ restaurantId, name: 'Room', isDefault: true }).returning({ id: locations.id });
    for (const x of written_reservations) {
      const start = new Date(x.at);
      await t.db.insert(reservations).values({ restaurantId, locationId: room!.id, startTime: start, endTime: new Date(start.getTime() + 3_600_000), partySize: x.size, contactName: 'Diner', status: x.status, source: x.source, guestToken: randomUUID() });
    }
    for (const x of written_walk_ins) {
      await t.db.insert(waitlistEntries).values({ restaurantId, contactName: 'Walk-in', partySize: x.size, checkInTime: new Date(x.at), status: x.status, source: x.source, seatedAt: x.status === 'seated' ? new Date(x.at) : null });
    }
  });
  afterAll(() => t.close());

  it('item mix: units, line sales, refunds by the day they were given, net — and the same by category', async () => {
    const placed = written.filter((o) => inDay(o.at)).flatMap((o) => o.lines);
    const refunded = written.flatMap((o) => o.lines).filter((l) => l.refund && inDay(l.refund.at));
    const expectFor = (match: (l: Line) => boolean) => {
      const units = sum(placed.filter(match), (l) => l.qty);
      const sales = sum(placed.filter(match), (l) => l.qty * l.unit);
      const back = refunded.filter(match);
      return [units, sales, sum(back, (l) => l.refund!.qty), sum(back, refundOf), sales - sum(back, refundOf)];
    };
    const items = await get('items');
    expect(byKey(items)).toEqual({
      'Plates: Chicken Kelaguen': expectFor((l) => l.item === 'kelaguen'),
      'Plates: Red Rice': expectFor((l) => l.item === 'rice'),
      'Drinks: Iced Tea': expectFor((l) => l.item === 'tea'),
      'Merchandise: Kusina Tee': expectFor((l) => l.item === 'tee'),
    });
    // Kelaguen: 2 units sold on Jun 4, 2 refunded on Jun 4 (one of them from a Jun 3 order).
    expect(byKey(items)['Plates: Chicken Kelaguen']).toEqual([2, 24_00, 2, 24_00, 0]);
    expect(items.rows.find((r) => r.key === 'Drinks: Iced Tea')).toMatchObject({ label: 'Iced Tea', parent: 'Drinks' });
    expect(items.totals).toEqual(expectFor(() => true));

    const categories = await get('items?group=category');
    expect(byKey(categories)).toEqual({
      Plates: expectFor((l) => l.item === 'kelaguen' || l.item === 'rice'),
      Drinks: expectFor((l) => l.item === 'tea'),
      Merchandise: expectFor((l) => l.item === 'tee'),
    });
  });

  it('options: units of the items each option was chosen with, refunded units on their day', async () => {
    const report = await get('items?group=option');
    const want: Record<string, [number, number]> = {};
    for (const o of written) {
      for (const l of o.lines) {
        for (const [group, chosen] of Object.entries(l.options ?? {})) {
          for (const name of chosen) {
            const row = (want[`${group}: ${name}`] ??= [0, 0]);
            if (inDay(o.at)) row[0] += l.qty;
            if (l.refund && inDay(l.refund.at)) row[1] += l.refund.qty;
          }
        }
      }
    }
    expect(byKey(report)).toEqual(want);
    expect(want['Spice: Hot']).toEqual([3, 1]);
  });

  it('channels: staff orders, merchandise-only orders, online (food with merchandise too) and the fundraiser shop', async () => {
    const channelOf = (o: WrittenOrder) => (o.staff ? 'staff' : food(o) === 0 ? 'merchandise' : 'online');
    const expectFor = (channel: string) => {
      const placed = written.filter((o) => inDay(o.at) && channelOf(o) === channel);
      const gross = sum(placed, subtotal);
      const discount = sum(placed, (o) => o.promo?.discount ?? 0);
      const refund = sum(
        written.filter((o) => channelOf(o) === channel),
        (o) => sum(o.lines.filter((l) => l.refund && inDay(l.refund.at)), refundOf),
      );
      return [placed.length, gross, discount, refund, gross - discount - refund];
    };
    const shop = wholesale.filter((w) => inDay(w.at));
    const shopRefund = sum(
      wholesale.filter((w) => w.cancelledAt && inDay(w.cancelledAt)),
      (w) => w.total,
    );
    const report = await get('channels');
    expect(report.rows.map((r) => r.label)).toEqual(['Online', 'Staff orders', 'Merchandise', 'Fundraisers']);
    expect(byKey(report)).toEqual({
      online: expectFor('online'),
      staff: expectFor('staff'),
      merchandise: expectFor('merchandise'),
      fundraiser: [shop.length, sum(shop, (w) => w.total), 0, shopRefund, sum(shop, (w) => w.total) - shopRefund],
    });
    expect(report.totals[0]).toBe(written.filter((o) => inDay(o.at)).length + shop.length);
    // The restaurant's orders add up to the sales report's figures for the same day.
    const sales = (await http.get(`/admin/reports/sales?from=${DAY.from}&to=${DAY.to}&restaurant_id=${restaurantId}`, tokens.superAdmin)).json();
    const restaurantOnly = report.rows.filter((r) => r.key !== 'fundraiser');
    expect(sum(restaurantOnly, (r) => r.values[4]!)).toBe(sales.totals.net_cents);
  });

  it('codes: uses, discounts and sales per promo and VIP code', async () => {
    const placed = written.filter((o) => inDay(o.at));
    const promo = placed.filter((o) => o.promo?.code === 'SUMMER10');
    const vip = placed.filter((o) => o.vip);
    const report = await get('codes');
    expect(report.rows).toEqual([
      { key: 'promo:SUMMER10', label: 'SUMMER10', parent: 'Promo code', values: [promo.length, sum(promo, (o) => o.promo!.discount), sum(promo, subtotal)] },
      { key: 'vip:FOUNDERS', label: 'FOUNDERS', parent: 'VIP code', values: [vip.length, 0, sum(vip, subtotal)] },
    ]);
  });

  it('processors: payments captured these days (shop included) and refunds given these days', async () => {
    const expectFor = (processor: string) => {
      const paid = [...written.filter((o) => o.processor === processor && inDay(o.at)).map((o) => subtotal(o) - (o.promo?.discount ?? 0)), ...wholesale.filter((w) => w.processor === processor && inDay(w.at)).map((w) => w.total)];
      const back =
        sum(
          written.filter((o) => o.processor === processor),
          (o) => sum(o.lines.filter((l) => l.refund && inDay(l.refund.at)), refundOf),
        ) + sum(wholesale.filter((w) => w.processor === processor && w.cancelledAt && inDay(w.cancelledAt)), (w) => w.total);
      return [paid.length, sum(paid, (x) => x), back, sum(paid, (x) => x) - back];
    };
    const report = await get('processors');
    expect(byKey(report)).toEqual({ stripe: expectFor('stripe'), paypal: expectFor('paypal'), test: expectFor('test') });
    expect(byKey(report).paypal![2]).toBe(12_00 + 15_00);
  });

  it('reservations: parties, covers, no-shows and cancellations by source and by day; declined bookings left out', async () => {
    const sourceOf = (x: { source: string }, walkIn: boolean) => (walkIn ? (x.source === 'guest' ? 'walk_in_link' : 'walk_in') : x.source === 'public' ? 'online' : 'staff');
    const all = [
      ...written_reservations.filter((x) => x.status !== 'rejected').map((x) => ({ ...x, src: sourceOf(x, false), sat: x.status === 'seated' || x.status === 'finished', cancelled: x.status === 'canceled' })),
      ...written_walk_ins.map((x) => ({ ...x, src: sourceOf(x, true), sat: x.status === 'seated', cancelled: x.status === 'removed' })),
    ].filter((x) => inDay(x.at));
    const expectFor = (rows: typeof all) => [rows.length, sum(rows, (x) => (x.sat ? x.size : 0)), rows.filter((x) => x.status === 'no_show').length, rows.filter((x) => x.cancelled).length];
    const report = await get('reservations');
    expect(byKey(report)).toEqual(Object.fromEntries(['online', 'staff', 'walk_in', 'walk_in_link'].map((k) => [k, expectFor(all.filter((x) => x.src === k))])));
    expect(report.totals).toEqual([7, 4 + 2 + 3, 2, 2]);
    const byDay = await http.get(`/admin/reports/reservations?group=day&from=2030-06-03&to=2030-06-05&restaurant_id=${restaurantId}`, tokens.superAdmin);
    expect(byDay.json().rows.map((r: { key: string; values: number[] }) => [r.key, r.values[1]])).toEqual([
      ['2030-06-03', 6],
      ['2030-06-04', 9],
      ['2030-06-05', 5],
    ]);
  });

  it('fundraisers: per participant and general support, raised these days and to date against the goal; drafts left out', async () => {
    const raised = (who: string | null, from: string | null) =>
      sum(
        wholesale.filter((w) => w.who === who),
        (w) => (new Date(w.at).toISOString() < DAY.end && (from === null || new Date(w.at).toISOString() >= from) ? w.total : 0) - (w.cancelledAt && new Date(w.cancelledAt).toISOString() < DAY.end && (from === null || new Date(w.cancelledAt).toISOString() >= from) ? w.total : 0),
      );
    const orders = (who: string | null) => wholesale.filter((w) => w.who === who && inDay(w.at)).length;
    const report = await get('fundraisers');
    expect(report.rows.map((r) => [r.parent, r.label, r.values])).toEqual([
      ['Dededo Eagles', 'Ana', [orders('ana'), raised('ana', DAY.start), raised('ana', null), 100_00, Math.round((raised('ana', null) / 100_00) * 1000) / 10]],
      ['Dededo Eagles', 'Ben', [orders('ben'), raised('ben', DAY.start), raised('ben', null), null, null]],
      ['Dededo Eagles', 'General support', [orders(null), raised(null, DAY.start), raised(null, null), null, null]],
    ]);
    expect(report.rows[0]!.values.slice(1, 5)).toEqual([50_00, 70_00, 100_00, 70]);
    expect(report.totals).toEqual([3, 50_00 + 12_50, 70_00 + 12_50, null, null]);
  });

  it('writes each as CSV in dollars with formula-safe text and a totals line', async () => {
    await t.db.insert(promoCodes).values({ restaurantId, code: '=HYPERLINK("X")', discountType: 'amount', value: 100 });
    await t.db
      .update(orders)
      .set({ promoCode: '=HYPERLINK("X")' })
      .where(sql`${orders.restaurantId} = ${restaurantId} AND ${orders.staffMemberName} = 'Tasi'`);
    const reply = await http.get(`/admin/reports/codes.csv?from=${DAY.from}&to=${DAY.to}&restaurant_id=${restaurantId}`, tokens.superAdmin);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(reply.headers['content-disposition']).toBe('attachment; filename="codes-code-2030-06-04-to-2030-06-04.csv"');
    expect(reply.body.split('\r\n')).toEqual([
      'Kind,Code,Uses,Discounts ($),Sales ($)',
      'Promo code,SUMMER10,2,3.7,64.5',
      `Promo code,"'=HYPERLINK(""X"")",1,0,6`,
      'VIP code,FOUNDERS,1,0,30',
      ',Total,4,3.7,100.5',
      '',
    ]);
    const fundraisers = (await http.get(`/admin/reports/fundraisers.csv?from=${DAY.from}&to=${DAY.to}&restaurant_id=${restaurantId}`, tokens.superAdmin)).body.split('\r\n');
    expect(fundraisers[0]).toBe('Fundraiser,Participant,Orders,Raised these days ($),Raised to date ($),Goal ($),Of goal (%)');
    expect(fundraisers[1]).toBe('Dededo Eagles,Ana,1,50,70,100,70');
    expect(fundraisers[4]).toBe(',Total,3,62.5,82.5,,');
  });

  it('refuses an unknown grouping or a bad range at the field', async () => {
    const bad = await http.get(`/admin/reports/items?from=${DAY.from}&to=${DAY.to}&group=week`, tokens.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields.group).toBe('Choose one of: item, category, option.');
    const backwards = await http.get('/admin/reports/channels?from=2030-06-05&to=2030-06-04', tokens.admin);
    expect(backwards.json().error.details.fields.to).toBe('The end date is before the start date.');
  });

  it('role matrix: only the restaurant’s admins (and the super admin) read any of them, JSON or CSV', async () => {
    for (const name of ['items', 'channels', 'codes', 'processors', 'reservations', 'fundraisers']) {
      for (const suffix of ['', '.csv']) {
        const url = `/admin/reports/${name}${suffix}?from=2030-06-04&to=2030-06-04&restaurant_id=1`;
        expect((await http.get(url)).statusCode, `${url} anonymous`).toBe(401);
        expect((await http.get(url, tokens.customer)).statusCode, `${url} customer`).toBe(403);
        expect((await http.get(url, tokens.staff)).statusCode, `${url} staff`).toBe(403);
        expect((await http.get(url, tokens.otherAdmin)).statusCode, `${url} other admin`).toBe(403);
        expect((await http.get(url, tokens.admin)).statusCode, `${url} admin`).toBe(200);
        expect((await http.get(url, tokens.superAdmin)).statusCode, `${url} super admin`).toBe(200);
        // An admin asking for another restaurant's figures by id is refused.
        expect((await http.get(url.replace('restaurant_id=1', `restaurant_id=${restaurantId}`), tokens.admin)).statusCode, `${url} admin elsewhere`).toBe(403);
      }
    }
  });
});
