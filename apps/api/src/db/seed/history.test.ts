import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restaurantDay } from '@kusina/domain/menu-calendar';
import { promoDiscountCents } from '@kusina/domain/promotions';
import { staffDiscountCents } from '@kusina/domain/order-management';
import { addDays, weekdayOf, zonedParts } from '@kusina/domain/restaurant-schedule';
import { build, type TestContext } from '../../test/build.ts';
import { api, demoTokens, type Tokens } from '../../modules/reservations/test-support.ts';
import { loadCatalog, planHistory, seedHistory, type HistoryCatalog } from './history.ts';

/**
 * The demo's year of history (issue #37 item 6; decision 0129): the plan is deterministic and has
 * the day's and the week's rhythm; the rows the demo seed writes add up (totals = line sums, the
 * app's discount and refund rules, refunds within what was paid, the codes' counts), stay off
 * today's board and tonight's floor, and every report has something to show for the last year.
 */
describe('demo history', () => {
  let t: TestContext;
  let tokens: Tokens;
  let catalog: HistoryCatalog;
  const query = async <T>(text: string, params: unknown[] = []) => (await t.pool.query(text, params)).rows as T[];

  beforeAll(async () => {
    t = await build();
    tokens = await demoTokens(t.app, t.db);
    // The tests' template leaves the history out (test/global-setup.ts): written here as the demo seed writes it.
    await seedHistory(t.db);
    catalog = await loadCatalog(t.db);
  });
  afterAll(() => t.close());

  describe('the plan', () => {
    // A fixed clock: 19:30 in Guam on Friday 2030-06-07.
    const now = new Date('2030-06-07T09:30:00Z');

    it('is the same for the same catalog, clock and seed, and another for another seed', () => {
      const a = planHistory(catalog, { now });
      const b = planHistory(catalog, { now });
      expect(b).toEqual(a);
      expect(a.orders.length).toBeGreaterThan(4000);
      const other = planHistory(catalog, { now, seed: 7 });
      expect(other.orders.map((o) => o.totalCents)).not.toEqual(a.orders.map((o) => o.totalCents));
      const scaled = planHistory(catalog, { now, scale: 3 });
      expect(scaled.orders.length).toBeGreaterThan(2.5 * a.orders.length);
    });

    it("covers the year before today, only when each restaurant is open, with lunch and dinner peaks and busier weekends", () => {
      const plan = planHistory(catalog, { now });
      expect(plan.firstDay).toBe('2029-06-07');
      expect(plan.lastDay).toBe('2030-06-06');
      const today = restaurantDay(now).startsAt;
      for (const r of catalog.restaurants) {
        const mine = plan.orders.filter((o) => o.restaurantId === r.id);
        expect(mine.length).toBeGreaterThan(1000);
        const perWeekday = [0, 0, 0, 0, 0, 0, 0];
        const perHour = new Array<number>(24).fill(0);
        for (const o of mine) {
          expect(o.createdAt).toBeLessThan(today);
          const { date, minutes } = zonedParts(o.createdAt);
          const hours = r.hours[weekdayOf(date)];
          // Never on a closed day, always inside the day's hours.
          expect(hours, `${date} is a closed day at restaurant ${r.id}`).not.toBeNull();
          expect(minutes).toBeGreaterThanOrEqual(hours!.open);
          expect(minutes).toBeLessThan(hours!.close <= hours!.open ? 24 * 60 : hours!.close);
          perWeekday[weekdayOf(date)]! += 1;
          perHour[Math.floor(minutes / 60)]! += 1;
        }
        // Saturdays against Wednesdays (the same number of each in a year, give or take one).
        expect(perWeekday[6]!).toBeGreaterThan(1.4 * perWeekday[3]!);
        const top = perHour.map((n, h) => [h, n] as const).sort((x, y) => y[1] - x[1]).slice(0, 4).map(([h]) => h);
        expect(top.some((h) => h >= 11 && h <= 13)).toBe(true);
        expect(top.some((h) => h >= 17 && h <= 20)).toBe(true);
        expect(perHour[15]!).toBeLessThan(Math.max(...perHour) / 3);
      }
      // Kusina (1) is closed on Mondays: no orders then.
      expect(catalog.restaurants[0]!.hours[1]).toBeNull();
    });
  });

  describe('the seeded rows', () => {
    it('add up: totals are their lines, discounts follow the promo and staff rules, refunds stay within what was paid', async () => {
      const orders = await query<{ id: number; food: number; merch: number; subtotal: number; discount: number; total: number; refunded: number; status: string; lines_food: number; lines_merch: number; refunds: number; refund_lines: number; refunded_units_value: number; payment: number; payment_status: string; promo_type: 'percent' | 'amount' | null; promo_value: number | null; staff_bp: number | null }>(`
        SELECT o.id, o.food_subtotal_cents AS food, o.merchandise_subtotal_cents AS merch, o.subtotal_cents AS subtotal, o.discount_cents AS discount,
               o.total_cents AS total, o.refunded_cents AS refunded, o.status,
               (SELECT coalesce(sum(line_total_cents), 0)::int FROM order_items i WHERE i.order_id = o.id AND i.item_type = 'food') AS lines_food,
               (SELECT coalesce(sum(line_total_cents), 0)::int FROM order_items i WHERE i.order_id = o.id AND i.item_type = 'merchandise') AS lines_merch,
               (SELECT coalesce(sum(amount_cents), 0)::int FROM refunds r WHERE r.order_id = o.id) AS refunds,
               (SELECT coalesce(sum(l.amount_cents), 0)::int FROM refund_lines l JOIN refunds r ON r.id = l.refund_id WHERE r.order_id = o.id) AS refund_lines,
               (SELECT coalesce(sum(i.refunded_quantity * i.unit_price_cents), 0)::int FROM order_items i WHERE i.order_id = o.id) AS refunded_units_value,
               p.amount_cents AS payment, p.status AS payment_status, c.discount_type AS promo_type, c.value AS promo_value, o.staff_discount_basis_points AS staff_bp
          FROM orders o JOIN payments p ON p.order_id = o.id LEFT JOIN promo_codes c ON c.id = o.promo_code_id
         WHERE o.idempotency_key LIKE 'history-demo-%'`);
      expect(orders.length).toBeGreaterThan(4000);
      for (const o of orders) {
        expect([o.lines_food, o.lines_merch]).toEqual([o.food, o.merch]);
        expect(o.subtotal).toBe(o.food + o.merch);
        expect(o.total).toBe(o.subtotal - o.discount);
        expect(o.payment).toBe(o.total);
        if (o.promo_type) expect(o.discount).toBe(promoDiscountCents({ discountType: o.promo_type, value: o.promo_value! }, o.subtotal));
        else if (o.staff_bp !== null) expect(o.discount).toBe(staffDiscountCents(o.subtotal, o.staff_bp / 100));
        else expect(o.discount).toBe(0);
        expect(o.refunded).toBe(o.refunds);
        expect(o.refund_lines).toBe(o.refunds);
        expect(o.refunded).toBeLessThanOrEqual(o.total);
        // Refunded (or cancelled with its refund) exactly when all was given back; the payment says the same.
        const all = o.refunds > 0 && o.refunded === o.total;
        expect(o.status === 'refunded' || o.status === 'cancelled').toBe(all);
        expect(o.payment_status).toBe(all ? 'refunded' : 'captured');
      }
      const figures = (kind: (o: (typeof orders)[number]) => boolean) => orders.filter(kind).length;
      expect(figures((o) => o.status === 'cancelled')).toBeGreaterThan(10);
      expect(figures((o) => o.status === 'refunded')).toBeGreaterThan(10);
      expect(figures((o) => o.status === 'completed' && o.refunded > 0)).toBeGreaterThan(10);
      expect(figures((o) => o.promo_type !== null)).toBeGreaterThan(50);
      expect(figures((o) => o.staff_bp !== null)).toBeGreaterThan(50);
      expect(figures((o) => o.merch > 0)).toBeGreaterThan(20);

      // Each order's status events run from pending, one allowed step at a time, to its status.
      const [events] = await query<{ bad: number }>(`
        SELECT count(*)::int AS bad FROM orders o
         WHERE o.idempotency_key LIKE 'history-demo-%'
           AND coalesce((SELECT string_agg(coalesce(e.from_status, '-') || '>' || e.to_status, ' ' ORDER BY e.id) FROM order_status_events e WHERE e.order_id = o.id), 'none')
               <> CASE o.status WHEN 'cancelled' THEN '->pending pending>cancelled'
                                WHEN 'refunded' THEN '->pending pending>preparing preparing>ready ready>completed completed>refunded'
                                ELSE '->pending pending>preparing preparing>ready ready>completed' END`);
      expect(events!.bad).toBe(0);
      // Each refund's lines are its amount; the codes count the orders that used them.
      const [refunds] = await query<{ bad: number }>(`SELECT count(*)::int AS bad FROM refunds r WHERE r.amount_cents <> (SELECT coalesce(sum(amount_cents), 0) FROM refund_lines l WHERE l.refund_id = r.id)`);
      expect(refunds!.bad).toBe(0);
      const codes = await query<{ code: string; current_uses: number; used: number }>(`
        SELECT c.code, c.current_uses, (SELECT count(*)::int FROM orders o WHERE o.promo_code_id = c.id) AS used FROM promo_codes c WHERE c.code IN ('ALOHA10', 'HAFA5', 'SUMMER25')
        UNION ALL
        SELECT v.code, v.current_uses, (SELECT count(*)::int FROM orders o WHERE o.vip_code_id = v.id) FROM vip_codes v WHERE v.code IN ('MEMBERS', 'FOUNDERS', 'VIP-GUEST7K', 'VIP2026')`);
      for (const c of codes) expect(c.current_uses, c.code).toBe(c.used);
      expect(codes.find((c) => c.code === 'MEMBERS')!.used).toBeGreaterThan(1000);
      expect(codes.find((c) => c.code === 'VIP2026')!.used).toBe(0);
    });

    it("stays off today's board and tonight's floor", async () => {
      const today = restaurantDay(new Date()).startsAt;
      const [active] = await query<{ n: number; latest: Date }>(
        `SELECT count(*) FILTER (WHERE status IN ('pending', 'confirmed', 'preparing', 'ready') OR acknowledged_at IS NULL)::int AS n, max(created_at) AS latest FROM orders WHERE idempotency_key LIKE 'history-demo-%'`,
      );
      expect(active!.n).toBe(0);
      expect(new Date(active!.latest).getTime()).toBeLessThan(today);
      const http = api(t.app);
      for (const token of [tokens.admin, tokens.otherAdmin]) {
        const board = (await http.get('/admin/orders?status=pending,confirmed,preparing,ready', token)).json();
        expect(board.total_count).toBe(0);
        expect((await http.get('/admin/orders/unacknowledged_count', token)).json()).toMatchObject({ count: 0 });
      }
      // No past reservation still holds seats.
      const [holding] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM reservations WHERE start_time < $1 AND status IN ('booked', 'reserved', 'seated')`, [new Date(today - 86_400_000)]);
      expect(holding!.n).toBe(0);
    });

    it('gives every report something for the last year, at both restaurants', async () => {
      const to = restaurantDay(new Date()).date;
      const from = addDays(to, -365);
      const http = api(t.app);
      for (const [restaurantId, token] of [
        [1, tokens.admin],
        [2, tokens.otherAdmin],
      ] as const) {
        const byDay = (await http.get(`/admin/reports/sales?from=${from}&to=${to}&group=day`, token)).json();
        expect(byDay.totals.orders).toBeGreaterThan(1000);
        expect(byDay.totals.discount_cents).toBeGreaterThan(0);
        expect(byDay.totals.refund_cents).toBeGreaterThan(0);
        expect(byDay.rows.filter((r: { orders: number }) => r.orders > 0).length).toBeGreaterThan(250);
        const byHour = (await http.get(`/admin/reports/sales?from=${from}&to=${to}&group=hour`, token)).json();
        expect(byHour.rows.filter((r: { orders: number }) => r.orders > 0).length).toBeGreaterThan(6);
        const visits = (await http.get(`/admin/analytics/visits?from=${from}&to=${to}`, token)).json();
        expect(visits.visits).toBeGreaterThan(1000);
        expect(visits.ordered).toBeGreaterThan(0);

        // What the other reports read: channels, processors, reservations by source and outcome.
        const [mix] = await query<{ staff: number; merch: number; processors: string[]; options: number }>(
          `SELECT count(*) FILTER (WHERE o.is_staff_order)::int AS staff, count(*) FILTER (WHERE o.merchandise_subtotal_cents > 0)::int AS merch,
                  array_agg(DISTINCT p.processor) AS processors,
                  (SELECT count(*)::int FROM order_items i JOIN orders x ON x.id = i.order_id WHERE x.restaurant_id = $1 AND i.customizations <> '{}'::jsonb) AS options
             FROM orders o JOIN payments p ON p.order_id = o.id WHERE o.restaurant_id = $1`,
          [restaurantId],
        );
        expect(mix!.staff).toBeGreaterThan(0);
        expect(mix!.merch).toBeGreaterThan(0);
        expect(mix!.options).toBeGreaterThan(0);
        expect(mix!.processors).toEqual([restaurantId === 1 ? 'stripe' : 'paypal']);
        const reservations = await query<{ status: string; source: string; n: number; covers: number }>(
          `SELECT status, source, count(*)::int AS n, sum(party_size)::int AS covers FROM reservations WHERE restaurant_id = $1 AND start_time >= now() - interval '365 days' GROUP BY 1, 2`,
          [restaurantId],
        );
        for (const status of ['finished', 'no_show', 'canceled']) expect(reservations.some((r) => r.status === status && r.n > 0), status).toBe(true);
        expect(new Set(reservations.map((r) => r.source))).toEqual(new Set(['public', 'staff']));
      }
      // The demo customer's account has a history of its own (its Orders page shows completed ones).
      const [mine] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM orders o JOIN users u ON u.id = o.user_id WHERE u.email = 'customer@kusina.test' AND o.status = 'completed'`);
      expect(mine!.n).toBeGreaterThan(5);
      // The past fundraiser's sales, credited through the ledger to its participants.
      const [fundraiser] = await query<{ orders: number; sold: number; credited: number; participants: number }>(`
        SELECT count(DISTINCT o.id)::int AS orders, sum(o.total_cents)::int AS sold,
               (SELECT sum(amount_cents)::int FROM wholesale_participant_credits c WHERE c.fundraiser_id = f.id) AS credited,
               count(DISTINCT o.participant_id)::int AS participants
          FROM wholesale_fundraisers f JOIN wholesale_orders o ON o.fundraiser_id = f.id WHERE f.slug = 'hagatna-canoe-club' GROUP BY f.id`);
      expect(fundraiser!.orders).toBeGreaterThan(50);
      expect(fundraiser!.credited).toBe(fundraiser!.sold);
      expect(fundraiser!.participants).toBeGreaterThan(0);
    });
  });
});
