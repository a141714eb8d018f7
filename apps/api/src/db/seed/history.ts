import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { staffDiscountCents, refundAmountCents } from '@kusina/domain/order-management';
import { unitPrice, type PricedGroup } from '@kusina/domain/pricing';
import { promoDiscountCents, type DiscountType } from '@kusina/domain/promotions';
import { restaurantDay } from '@kusina/domain/menu-calendar';
import { addDays, weekdayOf, zonedInstant } from '@kusina/domain/restaurant-schedule';
import type { DbOrTx } from '../client.ts';

/*
 * A year of history for both demo restaurants (issue #37 item 6; decision 0129), so every report
 * shows something true on first start: paid pickup orders with the day's rhythm (lunch and dinner
 * peaks) and the week's (weekends busier, no orders on closed days), weighted dishes with options,
 * staff orders with their discounts, merchandise, promo and VIP code uses, refunds (full, partial,
 * cancellations) through the same refund records the app writes, reservations with sources, covers,
 * no-shows and cancellations, a past fundraiser's sales credited through the ledger, and the visits
 * of the Visits report. Everything ends before today (Guam), so today's board and tonight's floor
 * stay as the rest of the demo set them.
 *
 * planHistory is pure and deterministic: the same catalog, clock and seed give the same rows (a
 * fixed-seed generator), and it prices with the app's own rules (unit prices, promo, staff
 * discounts, refund amounts). writeHistory inserts the plan set-based (one JSON document per table,
 * json_to_recordset), so a year costs the seed little. The bench (scripts/bench.mjs, run "reports")
 * writes the same plan scaled up to ≈ 100k orders on its own database.
 */

export function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

// ── The catalog the plan is drawn from (read from the seeded database) ────────────────────────

export interface HistoryCatalog {
  restaurants: {
    id: number;
    name: string;
    address: string;
    processor: 'stripe' | 'paypal';
    /** 0 = Sunday; null: closed that weekday. Minutes after midnight (Guam). */
    hours: ({ open: number; close: number } | null)[];
    closedDates: string[];
    dishes: { id: number; name: string; priceCents: number; featured: boolean; groups: PricedGroup[] }[];
    merchandise: { variantId: number; name: string; priceCents: number; size: string | null; color: string | null }[];
    /** maxUses: the uses still left to history (null: unlimited). */
    promos: { id: number; code: string; discountType: DiscountType; value: number; maxUses: number | null; validUntil: number | null }[];
    /** VIP codes orders were placed with (a VIP-only restaurant): [id, how many uses history gives it]. */
    vip: { id: number; uses: number | null }[];
    staff: { name: string; userId: number | null }[];
    staffDiscounts: { id: number; name: string; basisPoints: number; isDefault: boolean }[];
    locations: { id: number; capacity: number }[];
    /** Who acknowledged and handled the orders at the counter. */
    staffUserId: number | null;
  }[];
  customer: { id: number; name: string; email: string; phone: string } | null;
  fundraiser: { id: number; restaurantId: number; startDate: string; endDate: string; pickupAt: number | null; pickup: string; participants: number[]; items: { id: number; name: string; description: string; sku: string | null; priceCents: number }[] } | null;
}

export interface HistoryOptions {
  /** The seed's clock: history covers the `days` Guam days before today. */
  now: Date;
  days?: number;
  /** Orders and reservations per day are multiplied by this (the bench's ≈ 100k orders: about 7). */
  scale?: number;
  seed?: number;
  /** Distinguishes the keys and processor ids of a second history written into the same database (the bench). */
  tag?: string;
}

// ── The plan ───────────────────────────────────────────────────────────────────────────────────

export interface PlannedLine {
  itemType: 'food' | 'merchandise';
  menuItemId: number | null;
  variantId: number | null;
  variantDetails: { size: string | null; color: string | null } | null;
  name: string;
  unitPriceCents: number;
  quantity: number;
  lineTotalCents: number;
  customizations: Record<string, string[]>;
  selectedOptionIds: number[];
  refundedQuantity: number;
}

export interface PlannedRefund {
  at: number;
  amountCents: number;
  full: boolean;
  reason: string;
  /** [line index, units, cents]. */
  lines: [number, number, number][];
}

export interface PlannedOrder {
  restaurantId: number;
  createdAt: number;
  status: 'completed' | 'cancelled' | 'refunded';
  userId: number | null;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
  foodSubtotalCents: number;
  merchandiseSubtotalCents: number;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  refundedCents: number;
  promoCodeId: number | null;
  promoCode: string | null;
  vipCodeId: number | null;
  isStaffOrder: boolean;
  staffMemberName: string | null;
  staffDiscountId: number | null;
  staffDiscountName: string | null;
  staffDiscountBasisPoints: number | null;
  locationName: string;
  locationAddress: string;
  lines: PlannedLine[];
  refunds: PlannedRefund[];
  processor: 'stripe' | 'paypal';
  card: { brand: string | null; last4: string | null; method: string };
}

export interface PlannedReservation {
  restaurantId: number;
  locationId: number;
  startTime: number;
  partySize: number;
  contactName: string;
  contactPhone: string | null;
  contactEmail: string | null;
  status: 'finished' | 'no_show' | 'canceled' | 'rejected';
  source: 'public' | 'staff';
  createdAt: number;
}

export interface PlannedFundraiserOrder {
  createdAt: number;
  participantId: number | null;
  itemIndex: number;
  quantity: number;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
}

export interface HistoryPlan {
  orders: PlannedOrder[];
  reservations: PlannedReservation[];
  fundraiserOrders: PlannedFundraiserOrder[];
  /** Per promo or VIP code id: the uses history made of it. */
  promoUses: Map<number, number>;
  vipUses: Map<number, number>;
  /** The first and last Guam day of the history (inclusive). */
  firstDay: string;
  lastDay: string;
}

const FIRST = ['Maria', 'Jose', 'Ana', 'Juan', 'Rosa', 'Vicente', 'Carmen', 'Jesse', 'Lourdes', 'Frank', 'Teresita', 'Joaquin', 'Yuki', 'Kenji', 'Min-jun', 'Ji-woo', 'Leilani', 'Keoni', 'Sakura', 'Pedro', 'Tasi', 'Noelani', 'Ramon', 'Aiko', 'Dolores', 'Ignacio', 'Bernadette', 'Kai', 'Mia', 'Tomas'];
const LAST = ['Cruz', 'Santos', 'Taitano', 'Perez', 'Blas', 'Quinata', 'Aguon', 'Camacho', 'Borja', 'Sablan', 'Mendiola', 'Flores', 'Reyes', 'Leon Guerrero', 'Quitugua', 'Tanaka', 'Sato', 'Kim', 'Park', 'Nakamura', 'San Nicolas', 'Duenas', 'Pangelinan', 'Aflague', 'Salas'];
const CARDS = [
  ['visa', '4242'],
  ['visa', '1881'],
  ['mastercard', '4444'],
  ['mastercard', '5100'],
  ['amex', '0005'],
  ['discover', '1117'],
] as const;
const REFUND_REASONS = ['Item was missing from the bag', 'Dish arrived cold', 'Wrong side dish', 'Guest changed their mind at pickup'];
const CANCEL_REASONS = ['Customer called to cancel', 'Kitchen ran out of an item', 'Customer could not pick up'];
/** How busy each weekday is (0 = Sunday): weekends and Friday nights fill up, midweek is quiet. */
const WEEKDAY_FACTOR = [1.25, 0.85, 0.8, 0.85, 0.95, 1.35, 1.45];
/** Orders on an average open day at scale 1, per restaurant id. */
const DAILY_ORDERS: Record<number, number> = { 1: 12, 2: 5 };
const DAILY_RESERVATIONS: Record<number, number> = { 1: 7, 2: 3 };

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

function weighted<T>(random: () => number, entries: readonly (readonly [T, number])[]): T {
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  let r = random() * total;
  for (const [value, w] of entries) {
    r -= w;
    if (r < 0) return value;
  }
  return entries[entries.length - 1]![0];
}

/** A normal draw (Box–Muller) from the generator. */
function normal(random: () => number, mean: number, sd: number): number {
  const u = Math.max(random(), 1e-9);
  return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** A minute of the day with lunch (around 12:15) and dinner (around 18:30) peaks, inside [open, close). */
function orderMinute(random: () => number, open: number, close: number): number {
  for (let attempt = 0; attempt < 8; attempt++) {
    const peak = random();
    const minute = peak < 0.42 ? normal(random, 12 * 60 + 15, 45) : peak < 0.9 ? normal(random, 18 * 60 + 30, 65) : open + random() * (close - open);
    if (minute >= open && minute < close - 10) return Math.floor(minute);
  }
  return open + Math.floor(random() * Math.max(1, close - open - 10));
}

/** Refund lines that share `amount` in proportion to their value, the last taking the rest (as the app splits a refund). */
function splitAmount(amount: number, lines: { gross: number }[]): number[] {
  const total = lines.reduce((s, l) => s + l.gross, 0);
  let given = 0;
  return lines.map((line, i) => {
    const share = i === lines.length - 1 ? amount - given : total === 0 ? 0 : Math.floor((amount * line.gross) / total);
    given += share;
    return share;
  });
}

export function planHistory(catalog: HistoryCatalog, options: HistoryOptions): HistoryPlan {
  const random = generator(options.seed ?? 2026);
  const scale = options.scale ?? 1;
  const days = options.days ?? 365;
  const today = restaurantDay(options.now).date;
  const nowMs = options.now.getTime();
  const firstDay = addDays(today, -days);
  const lastDay = addDays(today, -1);
  const orders: PlannedOrder[] = [];
  const reservations: PlannedReservation[] = [];
  const promoUses = new Map<number, number>();
  const vipUses = new Map<number, number>();
  const person = () => {
    const first = pick(random, FIRST);
    const last = pick(random, LAST);
    const n = Math.floor(random() * 9000) + 1000;
    return { name: `${first} ${last}`, email: `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '') + `${n % 100}@example.com`, phone: `+1671555${String(n).padStart(4, '0')}` };
  };

  for (let d = 0; d < days; d++) {
    const date = addDays(firstDay, d);
    const weekday = weekdayOf(date);
    // Guam keeps no daylight saving: the day's minutes from its midnight.
    const midnight = zonedInstant(date, 0);
    const at = (minute: number) => midnight + minute * 60_000;
    // The year's shape: a little growth, and a busy December.
    const month = Number(date.slice(5, 7));
    const season = (0.85 + (0.2 * d) / days) * (month === 12 ? 1.2 : 1);
    for (const r of catalog.restaurants) {
      const hours = r.hours[weekday];
      if (!hours || r.closedDates.includes(date)) continue;
      const close = hours.close <= hours.open ? hours.close + 24 * 60 : hours.close;
      const expected = (DAILY_ORDERS[r.id] ?? 10) * scale * WEEKDAY_FACTOR[weekday]! * season;
      const count = Math.max(0, Math.round(expected * (0.8 + random() * 0.4)));
      const times = Array.from({ length: count }, () => at(orderMinute(random, hours.open, Math.min(close, 24 * 60)))).sort((a, b) => a - b);
      for (const time of times) {
        if (time >= nowMs) continue;
        orders.push(planOrder(random, r, catalog, time, nowMs, person, promoUses, vipUses, d));
      }
      // Reservations: lunch and dinner sittings, booked days ahead.
      const booked = Math.round((DAILY_RESERVATIONS[r.id] ?? 3) * scale * WEEKDAY_FACTOR[weekday]! * (0.7 + random() * 0.6));
      for (let i = 0; i < booked && r.locations.length > 0; i++) {
        const dinner = random() < 0.7;
        const minute = dinner ? 17 * 60 + 30 * Math.floor(random() * 8) : 11 * 60 + 30 + 30 * Math.floor(random() * 4);
        if (minute < hours.open || minute + 60 > close) continue;
        const start = at(minute);
        if (start >= nowMs) continue;
        const guest = person();
        const source = random() < 0.7 ? 'public' : 'staff';
        reservations.push({
          restaurantId: r.id,
          locationId: pick(random, r.locations).id,
          startTime: start,
          partySize: weighted(random, [
            [2, 40],
            [3, 12],
            [4, 25],
            [5, 7],
            [6, 8],
            [8, 5],
            [10, 3],
          ]),
          contactName: guest.name,
          contactPhone: guest.phone,
          contactEmail: source === 'public' ? guest.email : null,
          status: weighted(random, [
            ['finished', 80],
            ['no_show', 7],
            ['canceled', 11],
            ['rejected', 2],
          ]),
          source,
          createdAt: start - Math.floor(1 + random() * 10) * 86_400_000 - Math.floor(random() * 600) * 60_000,
        });
      }
    }
  }

  const fundraiserOrders: PlannedFundraiserOrder[] = [];
  const f = catalog.fundraiser;
  if (f && f.items.length > 0) {
    for (let date = f.startDate; date <= f.endDate && date <= lastDay; date = addDays(date, 1)) {
      const count = Math.round((weekdayOf(date) === 6 || weekdayOf(date) === 0 ? 3 : 1.2) * scale * (0.5 + random()));
      for (let i = 0; i < count; i++) {
        const at = zonedInstant(date, 8 * 60 + Math.floor(random() * 13 * 60));
        if (at >= nowMs) continue;
        const guest = person();
        fundraiserOrders.push({
          createdAt: at,
          participantId: random() < 0.8 && f.participants.length > 0 ? pick(random, f.participants) : null,
          itemIndex: Math.floor(random() * f.items.length),
          quantity: weighted(random, [
            [1, 45],
            [2, 30],
            [3, 12],
            [4, 8],
            [6, 5],
          ]),
          customerName: guest.name,
          customerEmail: guest.email,
          customerPhone: guest.phone,
        });
      }
    }
    fundraiserOrders.sort((a, b) => a.createdAt - b.createdAt);
  }
  orders.sort((a, b) => a.createdAt - b.createdAt);
  reservations.sort((a, b) => a.startTime - b.startTime);
  return { orders, reservations, fundraiserOrders, promoUses, vipUses, firstDay, lastDay };
}

const weightsCache = new WeakMap<object, (readonly [HistoryCatalog['restaurants'][number]['dishes'][number], number])[]>();
/** Featured dishes sell about three times as often; the rest by a fixed popularity of their own. */
function dishWeights(r: HistoryCatalog['restaurants'][number]) {
  let weights = weightsCache.get(r);
  if (!weights) {
    weights = r.dishes.map((dish, i) => [dish, dish.featured ? 6 : 1 + ((i * 7) % 4)] as const);
    weightsCache.set(r, weights);
  }
  return weights;
}

function planOrder(
  random: () => number,
  r: HistoryCatalog['restaurants'][number],
  catalog: HistoryCatalog,
  at: number,
  nowMs: number,
  person: () => { name: string; email: string; phone: string },
  promoUses: Map<number, number>,
  vipUses: Map<number, number>,
  dayIndex: number,
): PlannedOrder {
  const isStaffOrder = r.staff.length > 0 && random() < 0.07;
  const merchandiseOnly = !isStaffOrder && r.merchandise.length > 0 && random() < 0.015;
  const lines: PlannedLine[] = [];
  if (!merchandiseOnly) {
    const count = weighted(random, [
      [1, 35],
      [2, 35],
      [3, 20],
      [4, 10],
    ]);
    const dishes = dishWeights(r);
    for (let i = 0; i < count; i++) {
      const dish = weighted(random, dishes);
      const selected: Record<number, number[]> = {};
      for (const group of dish.groups) {
        const want = Math.min(group.maxSelect, group.options.length, group.minSelect + (random() < 0.35 ? 1 : 0));
        const shuffled = [...group.options];
        for (let k = shuffled.length - 1; k > 0; k--) {
          const j = Math.floor(random() * (k + 1));
          [shuffled[k], shuffled[j]] = [shuffled[j]!, shuffled[k]!];
        }
        const chosen = shuffled.slice(0, want);
        if (chosen.length > 0) selected[group.id] = chosen.map((o) => o.id);
      }
      const priced = unitPrice(dish.priceCents, dish.groups, selected);
      const quantity = weighted(random, [
        [1, 70],
        [2, 22],
        [3, 8],
      ]);
      lines.push({
        itemType: 'food',
        menuItemId: dish.id,
        variantId: null,
        variantDetails: null,
        name: dish.name,
        unitPriceCents: priced.unitPriceCents,
        quantity,
        lineTotalCents: priced.unitPriceCents * quantity,
        customizations: priced.customizations,
        selectedOptionIds: Object.values(selected).flat(),
        refundedQuantity: 0,
      });
    }
  }
  if (merchandiseOnly || (!isStaffOrder && r.merchandise.length > 0 && random() < 0.04)) {
    const variant = pick(random, r.merchandise);
    const quantity = random() < 0.85 ? 1 : 2;
    lines.push({
      itemType: 'merchandise',
      menuItemId: null,
      variantId: variant.variantId,
      variantDetails: { size: variant.size, color: variant.color },
      name: variant.name,
      unitPriceCents: variant.priceCents,
      quantity,
      lineTotalCents: variant.priceCents * quantity,
      customizations: {},
      selectedOptionIds: [],
      refundedQuantity: 0,
    });
  }
  const food = lines.filter((l) => l.itemType === 'food').reduce((s, l) => s + l.lineTotalCents, 0);
  const merchandise = lines.filter((l) => l.itemType === 'merchandise').reduce((s, l) => s + l.lineTotalCents, 0);
  const subtotal = food + merchandise;

  let discount = 0;
  let promo: HistoryCatalog['restaurants'][number]['promos'][number] | null = null;
  let staffMember: { name: string; userId: number | null } | null = null;
  let staffDiscount: HistoryCatalog['restaurants'][number]['staffDiscounts'][number] | null = null;
  if (isStaffOrder) {
    staffMember = pick(random, r.staff);
    const choice = random();
    staffDiscount = choice < 0.6 ? (r.staffDiscounts.find((s) => s.isDefault) ?? null) : choice < 0.85 ? (r.staffDiscounts.find((s) => !s.isDefault) ?? null) : null;
    if (staffDiscount) discount = staffDiscountCents(subtotal, staffDiscount.basisPoints / 100);
  } else if (random() < 0.08) {
    const usable = r.promos.filter((p) => (p.validUntil === null || at < p.validUntil) && (p.maxUses === null || (promoUses.get(p.id) ?? 0) < p.maxUses));
    if (usable.length > 0) {
      promo = pick(random, usable);
      discount = promoDiscountCents({ discountType: promo.discountType, value: promo.value }, subtotal);
      promoUses.set(promo.id, (promoUses.get(promo.id) ?? 0) + 1);
    }
  }
  // A VIP-only restaurant: every online order came with a member's code (those with a fixed count of uses first).
  let vipCodeId: number | null = null;
  if (!isStaffOrder && r.vip.length > 0) {
    const limited = r.vip.find((v) => v.uses !== null && (vipUses.get(v.id) ?? 0) < v.uses && random() < 0.05);
    const code = limited ?? r.vip.find((v) => v.uses === null) ?? r.vip[0]!;
    vipCodeId = code.id;
    vipUses.set(code.id, (vipUses.get(code.id) ?? 0) + 1);
  }
  const total = subtotal - discount;

  // The demo customer ordered now and then (their account's history); otherwise a guest.
  const customer = catalog.customer && r.id === 1 && !isStaffOrder && dayIndex % 9 === 0 && random() < 0.1 ? catalog.customer : null;
  const guest = staffMember ? { name: staffMember.name, email: `${staffMember.name.toLowerCase().replace(/[^a-z]+/g, '.')}@kusina.test`, phone: '+16716464461' } : (customer ?? person());

  const refunds: PlannedRefund[] = [];
  let status: PlannedOrder['status'] = 'completed';
  const fate = random();
  const later = (minutes: number) => Math.min(nowMs - 60_000, at + minutes * 60_000);
  if (fate < 0.012) {
    status = 'cancelled';
    refunds.push({ at: later(8), amountCents: total, full: true, reason: pick(random, CANCEL_REASONS), lines: [] });
  } else if (fate < 0.022) {
    status = 'refunded';
    refunds.push({ at: later(60 * (2 + Math.floor(random() * 40))), amountCents: total, full: true, reason: pick(random, REFUND_REASONS), lines: [] });
  } else if (fate < 0.05) {
    // One unit of the dearest line, at the share of the total the app gives it.
    const index = lines.reduce((best, l, i) => (l.unitPriceCents > lines[best]!.unitPriceCents ? i : best), 0);
    const amount = refundAmountCents(
      { total_cents: total, subtotal_cents: subtotal, refunded_cents: 0, lines: lines.map((l, i) => ({ id: i, unit_price_cents: l.unitPriceCents, quantity: l.quantity, refunded_quantity: 0 })) },
      new Map([[index, 1]]),
    );
    const completes = lines.every((l, i) => (i === index ? 1 : 0) === l.quantity);
    if (completes) status = 'refunded';
    refunds.push({ at: later(60 * (1 + Math.floor(random() * 30))), amountCents: amount, full: completes, reason: pick(random, REFUND_REASONS), lines: [[index, 1, amount]] });
    lines[index]!.refundedQuantity = 1;
  }
  for (const refund of refunds) {
    if (refund.lines.length > 0) continue;
    const shares = splitAmount(refund.amountCents, lines.map((l) => ({ gross: l.unitPriceCents * l.quantity })));
    refund.lines = lines.map((l, i) => [i, l.quantity, shares[i]!]);
    for (const l of lines) l.refundedQuantity = l.quantity;
  }
  const card = r.processor === 'paypal' ? { brand: null, last4: null, method: 'paypal' } : (([brand, last4]) => ({ brand, last4, method: 'credit_card' }))(pick(random, CARDS));
  return {
    restaurantId: r.id,
    createdAt: at,
    status,
    userId: customer ? customer.id : (staffMember?.userId ?? null),
    contactName: guest.name,
    contactPhone: guest.phone,
    contactEmail: guest.email,
    foodSubtotalCents: food,
    merchandiseSubtotalCents: merchandise,
    subtotalCents: subtotal,
    discountCents: discount,
    totalCents: total,
    refundedCents: refunds.reduce((s, f) => s + f.amountCents, 0),
    promoCodeId: promo?.id ?? null,
    promoCode: promo?.code ?? null,
    vipCodeId,
    isStaffOrder,
    staffMemberName: staffMember?.name ?? null,
    staffDiscountId: staffDiscount?.id ?? null,
    staffDiscountName: staffDiscount?.name ?? null,
    staffDiscountBasisPoints: staffDiscount?.basisPoints ?? null,
    locationName: r.name,
    locationAddress: r.address,
    lines,
    refunds,
    processor: r.processor,
    card,
  };
}

// ── Reading the catalog ────────────────────────────────────────────────────────────────────────

const minutesOf = (time: string) => {
  const [h, m] = time.split(':').map(Number);
  return h! * 60 + m!;
};

export async function loadCatalog(db: DbOrTx): Promise<HistoryCatalog> {
  const rows = async <T>(query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];
  const restaurants = await rows<{ id: number; name: string; address: string | null; processor: string | null }>(
    sql`SELECT id, name, address, admin_settings #>> '{payment_gateway,payment_processor}' AS processor FROM restaurants WHERE id IN (1, 2) ORDER BY id`,
  );
  const hours = await rows<{ restaurant_id: number; day_of_week: number; open_time: string; close_time: string; closed: boolean }>(sql`SELECT restaurant_id, day_of_week, open_time::text, close_time::text, closed FROM operating_hours`);
  const closedDates = await rows<{ restaurant_id: number; event_date: string }>(sql`SELECT restaurant_id, event_date::text FROM special_events WHERE closed`);
  const dishes = await rows<{ restaurant_id: number; id: number; name: string; price_cents: number; featured: boolean; groups: { id: number; name: string; min: number; max: number; free: number; options: { id: number; name: string; price: number | null }[] }[] | null }>(sql`
    SELECT i.restaurant_id, i.id, i.name, i.price_cents, i.featured,
           (SELECT json_agg(json_build_object('id', g.id, 'name', g.name, 'min', g.min_select, 'max', g.max_select, 'free', g.free_option_count,
                     'options', (SELECT coalesce(json_agg(json_build_object('id', o.id, 'name', o.name, 'price', o.additional_price_cents) ORDER BY o.position, o.id), '[]') FROM options o WHERE o.option_group_id = g.id))
                   ORDER BY g.position, g.id)
              FROM option_groups g WHERE g.menu_item_id = i.id) AS groups
      FROM menu_items i WHERE i.restaurant_id IN (1, 2) AND i.advance_notice_hours = 0 ORDER BY i.restaurant_id, i.id`);
  const merchandise = await rows<{ restaurant_id: number; id: number; name: string; price: number; size: string | null; color: string | null }>(sql`
    SELECT m.restaurant_id, v.id, m.name, m.base_price_cents + v.price_adjustment_cents AS price, v.size, v.color
      FROM merchandise_variants v JOIN merchandise_items m ON m.id = v.merchandise_item_id
     WHERE v.archived_at IS NULL ORDER BY m.restaurant_id, v.id`);
  const promos = await rows<{ restaurant_id: number; id: number; code: string; discount_type: DiscountType; value: number; max_uses: number | null; valid_until: Date | string | null }>(
    sql`SELECT restaurant_id, id, code, discount_type, value, max_uses - current_uses AS max_uses, valid_until FROM promo_codes WHERE code IN ('ALOHA10', 'HAFA5', 'SUMMER25') ORDER BY restaurant_id, id`,
  );
  // Codes with a fixed count of uses (the team seed's) get as many orders as they count and have none for yet.
  const vip = await rows<{ restaurant_id: number; id: number; code: string; current_uses: number }>(sql`
    SELECT v.restaurant_id, v.id, v.code, v.current_uses - (SELECT count(*)::int FROM orders o WHERE o.vip_code_id = v.id) AS current_uses
      FROM vip_codes v WHERE v.code IN ('FOUNDERS', 'VIP-GUEST7K', 'MEMBERS') ORDER BY v.restaurant_id, v.id`);
  const staff = await rows<{ restaurant_id: number; name: string; user_id: number | null }>(sql`SELECT restaurant_id, name, user_id FROM staff_members WHERE is_active ORDER BY restaurant_id, id`);
  const discounts = await rows<{ restaurant_id: number; id: number; name: string; discount_basis_points: number; is_default: boolean }>(
    sql`SELECT restaurant_id, id, name, discount_basis_points, is_default FROM discount_configurations WHERE is_active ORDER BY restaurant_id, display_order, id`,
  );
  const locations = await rows<{ restaurant_id: number; id: number; capacity: number }>(sql`
    SELECT l.restaurant_id, l.id, coalesce(c.total_capacity, 20) AS capacity FROM locations l LEFT JOIN location_capacities c ON c.location_id = l.id WHERE l.is_active ORDER BY l.restaurant_id, l.id`);
  const staffUsers = await rows<{ restaurant_id: number; id: number }>(sql`SELECT DISTINCT ON (restaurant_id) restaurant_id, id FROM users WHERE role IN ('staff', 'admin') AND restaurant_id IN (1, 2) ORDER BY restaurant_id, (role = 'staff') DESC, id`);
  const [customer] = await rows<{ id: number; first_name: string; last_name: string; email: string; phone: string | null }>(sql`SELECT id, first_name, last_name, email, phone FROM users WHERE email = 'customer@kusina.test'`);
  const [fundraiser] = await rows<{ id: number; restaurant_id: number; start_date: string; end_date: string; pickup_starts_at: Date | string | null; pickup: string }>(sql`
    SELECT id, restaurant_id, start_date::text, end_date::text, pickup_starts_at, 'Pickup: ' || coalesce(pickup_display_name, '') || ', ' || coalesce(pickup_display_address, '') AS pickup
      FROM wholesale_fundraisers WHERE slug = 'hagatna-canoe-club'`);
  const participants = fundraiser ? await rows<{ id: number }>(sql`SELECT id FROM wholesale_participants WHERE fundraiser_id = ${fundraiser.id} ORDER BY position, id`) : [];
  const items = fundraiser
    ? await rows<{ id: number; name: string; description: string; sku: string | null; price_cents: number }>(sql`SELECT id, name, description, sku, price_cents FROM wholesale_items WHERE fundraiser_id = ${fundraiser.id} ORDER BY position, id`)
    : [];
  const time = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());

  return {
    restaurants: restaurants.map((r) => ({
      id: r.id,
      name: r.name,
      address: r.address ?? '',
      processor: r.processor === 'stripe' ? 'stripe' : 'paypal',
      hours: [0, 1, 2, 3, 4, 5, 6].map((day) => {
        const h = hours.find((x) => x.restaurant_id === r.id && x.day_of_week === day);
        return !h || h.closed ? null : { open: minutesOf(h.open_time), close: minutesOf(h.close_time) };
      }),
      closedDates: closedDates.filter((c) => c.restaurant_id === r.id).map((c) => c.event_date),
      dishes: dishes
        .filter((d) => d.restaurant_id === r.id)
        .map((d) => ({
          id: d.id,
          name: d.name,
          priceCents: d.price_cents,
          featured: d.featured,
          groups: (d.groups ?? []).map((g) => ({ id: g.id, name: g.name, minSelect: g.min, maxSelect: g.max, freeOptionCount: g.free, options: g.options.map((o) => ({ id: o.id, name: o.name, additionalPriceCents: o.price })) })),
        })),
      merchandise: merchandise.filter((m) => m.restaurant_id === r.id).map((m) => ({ variantId: m.id, name: m.name, priceCents: m.price, size: m.size, color: m.color })),
      promos: promos
        .filter((p) => p.restaurant_id === r.id)
        .map((p) => ({ id: p.id, code: p.code, discountType: p.discount_type, value: p.value, maxUses: p.max_uses, validUntil: time(p.valid_until) })),
      vip: vip.filter((v) => v.restaurant_id === r.id).map((v) => ({ id: v.id, uses: v.code === 'MEMBERS' ? null : v.current_uses })),
      staff: staff.filter((s) => s.restaurant_id === r.id).map((s) => ({ name: s.name, userId: s.user_id })),
      staffDiscounts: discounts.filter((s) => s.restaurant_id === r.id).map((s) => ({ id: s.id, name: s.name, basisPoints: s.discount_basis_points, isDefault: s.is_default })),
      locations: locations.filter((l) => l.restaurant_id === r.id).map((l) => ({ id: l.id, capacity: l.capacity })),
      staffUserId: staffUsers.find((u) => u.restaurant_id === r.id)?.id ?? null,
    })),
    customer: customer ? { id: customer.id, name: `${customer.first_name} ${customer.last_name}`, email: customer.email, phone: customer.phone ?? '+16715550103' } : null,
    fundraiser: fundraiser
      ? {
          id: fundraiser.id,
          restaurantId: fundraiser.restaurant_id,
          startDate: fundraiser.start_date,
          endDate: fundraiser.end_date,
          pickupAt: time(fundraiser.pickup_starts_at),
          pickup: fundraiser.pickup,
          participants: participants.map((p) => p.id),
          items: items.map((i) => ({ id: i.id, name: i.name, description: i.description, sku: i.sku, priceCents: i.price_cents })),
        }
      : null,
  };
}

// ── Writing the plan ───────────────────────────────────────────────────────────────────────────

const iso = (ms: number) => new Date(ms).toISOString();
const json = (value: unknown) => JSON.stringify(value);

/** Ids for `count` new rows of a serial column, taken from its sequence in one go. */
async function reserveIds(db: DbOrTx, table: string, count: number): Promise<number> {
  if (count === 0) return 0;
  const { rows } = await db.execute<{ first: string }>(sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), nextval(pg_get_serial_sequence(${table}, 'id')) + ${count - 1}) - ${count - 1} AS first`);
  return Number(rows[0]!.first);
}

export interface HistorySummary {
  orders: number;
  reservations: number;
  fundraiserOrders: number;
  refunds: number;
}

/** Writes a plan: orders with their lines, status events, payments and refunds; reservations; the fundraiser's orders and ledger. */
export async function writeHistory(db: DbOrTx, catalog: HistoryCatalog, plan: HistoryPlan, options: Pick<HistoryOptions, 'tag'> = {}): Promise<HistorySummary> {
  const tag = options.tag ?? 'demo';
  const staffUser = new Map(catalog.restaurants.map((r) => [r.id, r.staffUserId]));
  const CHUNK = 20_000;
  let refundCount = 0;
  for (let from = 0; from < plan.orders.length; from += CHUNK) {
    const chunk = plan.orders.slice(from, from + CHUNK);
    const firstOrder = await reserveIds(db, 'orders', chunk.length);
    const lineCount = chunk.reduce((s, o) => s + o.lines.length, 0);
    const firstLine = await reserveIds(db, 'order_items', lineCount);
    const refundTotal = chunk.reduce((s, o) => s + o.refunds.length, 0);
    const firstRefund = await reserveIds(db, 'refunds', refundTotal);
    const orderRows: unknown[] = [];
    const lineRows: unknown[] = [];
    const paymentRows: unknown[] = [];
    const refundRows: unknown[] = [];
    const refundLineRows: unknown[] = [];
    let lineId = firstLine;
    let refundId = firstRefund;
    chunk.forEach((o, i) => {
      const id = firstOrder + i;
      const n = from + i;
      const actor = staffUser.get(o.restaurantId) ?? null;
      const pickup = o.createdAt + 20 * 60_000;
      orderRows.push({
        id,
        restaurant_id: o.restaurantId,
        user_id: o.userId,
        status: o.status,
        food_subtotal_cents: o.foodSubtotalCents,
        merchandise_subtotal_cents: o.merchandiseSubtotalCents,
        subtotal_cents: o.subtotalCents,
        discount_cents: o.discountCents,
        total_cents: o.totalCents,
        promo_code_id: o.promoCodeId,
        promo_code: o.promoCode,
        vip_code_id: o.vipCodeId,
        contact_name: o.contactName,
        contact_phone: o.contactPhone,
        contact_email: o.contactEmail,
        estimated_pickup_time: iso(pickup),
        is_staff_order: o.isStaffOrder,
        staff_member_name: o.staffMemberName,
        staff_discount_id: o.staffDiscountId,
        staff_discount_name: o.staffDiscountName,
        staff_discount_basis_points: o.staffDiscountBasisPoints,
        location_name: o.locationName,
        location_address: o.locationAddress,
        access_token: randomBytes(24).toString('base64url'),
        idempotency_key: `history-${tag}-${n}`,
        acknowledged_at: iso(o.createdAt + 60_000),
        acknowledged_by: actor,
        refunded_cents: o.refundedCents,
        created_at: iso(o.createdAt),
        updated_at: iso(o.refunds.at(-1)?.at ?? o.createdAt + 25 * 60_000),
      });
      const lineIds = o.lines.map((l, position) => {
        const lid = lineId++;
        lineRows.push({
          id: lid,
          order_id: id,
          item_type: l.itemType,
          menu_item_id: l.menuItemId,
          variant_id: l.variantId,
          variant_details: l.variantDetails,
          name: l.name,
          unit_price_cents: l.unitPriceCents,
          quantity: l.quantity,
          line_total_cents: l.lineTotalCents,
          customizations: l.customizations,
          selected_option_ids: `{${l.selectedOptionIds.join(',')}}`,
          position,
          refunded_quantity: l.refundedQuantity,
        });
        return lid;
      });
      const paymentId = randomUUID();
      const stripe = o.processor === 'stripe';
      paymentRows.push({
        id: paymentId,
        restaurant_id: o.restaurantId,
        processor: o.processor,
        amount_cents: o.totalCents,
        status: o.refundedCents === o.totalCents && o.refunds.length > 0 ? 'refunded' : 'captured',
        transaction_id: stripe ? `ch_history_${tag}_${n}` : `HISTORYCAPTURE${tag.toUpperCase()}${n}`,
        payment_intent_id: stripe ? `pi_history_${tag}_${n}` : `HISTORYORDER${tag.toUpperCase()}${n}`,
        order_id: id,
        payment_method: o.card.method,
        card_brand: o.card.brand,
        card_last4: o.card.last4,
        quote_hash: `history:${tag}`,
        authorized_at: iso(o.createdAt - 30_000),
        captured_at: iso(o.createdAt),
        created_at: iso(o.createdAt - 60_000),
        updated_at: iso(o.refunds.at(-1)?.at ?? o.createdAt),
      });
      o.refunds.forEach((refund, k) => {
        const rid = refundId++;
        refundCount++;
        refundRows.push({
          id: rid,
          order_id: id,
          restaurant_id: o.restaurantId,
          payment_id: paymentId,
          processor: o.processor,
          processor_refund_id: refund.amountCents === 0 ? null : stripe ? `re_history_${tag}_${n}_${k}` : `HISTORYREFUND${tag.toUpperCase()}${n}R${k}`,
          amount_cents: refund.amountCents,
          full: refund.full,
          restock: 'damaged',
          reason: refund.reason,
          actor_user_id: actor,
          created_at: iso(refund.at),
        });
        for (const [index, quantity, cents] of refund.lines) {
          refundLineRows.push({ refund_id: rid, order_item_id: lineIds[index], quantity, amount_cents: cents, restock: 'damaged', restocked: false });
        }
      });
    });
    // Inserted in time order, so the order numbers (a sequence) rise with the dates.
    await db.execute(sql`
      INSERT INTO orders (id, restaurant_id, user_id, status, food_subtotal_cents, merchandise_subtotal_cents, subtotal_cents, discount_cents, total_cents,
                          promo_code_id, promo_code, vip_code_id, contact_name, contact_phone, contact_email, estimated_pickup_time, is_staff_order,
                          staff_member_name, staff_discount_id, staff_discount_name, staff_discount_basis_points, location_name, location_address,
                          access_token, idempotency_key, acknowledged_at, acknowledged_by, refunded_cents, created_at, updated_at)
      SELECT id, restaurant_id, user_id, status, food_subtotal_cents, merchandise_subtotal_cents, subtotal_cents, discount_cents, total_cents,
             promo_code_id, promo_code, vip_code_id, contact_name, contact_phone, contact_email, estimated_pickup_time, is_staff_order,
             staff_member_name, staff_discount_id, staff_discount_name, staff_discount_basis_points, location_name, location_address,
             access_token, idempotency_key, acknowledged_at, acknowledged_by, refunded_cents, created_at, updated_at
        FROM json_populate_recordset(NULL::orders, ${json(orderRows)}::json) ORDER BY id`);
    await db.execute(sql`
      INSERT INTO order_items (id, order_id, item_type, menu_item_id, variant_id, variant_details, name, unit_price_cents, quantity, line_total_cents,
                               customizations, selected_option_ids, position, refunded_quantity)
      SELECT id, order_id, item_type, menu_item_id, variant_id, variant_details, name, unit_price_cents, quantity, line_total_cents,
             customizations, selected_option_ids, position, refunded_quantity
        FROM json_populate_recordset(NULL::order_items, ${json(lineRows)}::json)`);
    await db.execute(sql`
      INSERT INTO payments (id, restaurant_id, processor, amount_cents, status, transaction_id, payment_intent_id, order_id, payment_method, card_brand, card_last4,
                            quote_hash, authorized_at, captured_at, created_at, updated_at)
      SELECT id, restaurant_id, processor, amount_cents, status, transaction_id, payment_intent_id, order_id, payment_method, card_brand, card_last4,
             quote_hash, authorized_at, captured_at, created_at, updated_at
        FROM json_populate_recordset(NULL::payments, ${json(paymentRows)}::json)`);
    if (refundRows.length > 0) {
      await db.execute(sql`
        INSERT INTO refunds (id, order_id, restaurant_id, payment_id, processor, processor_refund_id, amount_cents, "full", restock, reason, actor_user_id, created_at)
        SELECT id, order_id, restaurant_id, payment_id, processor, processor_refund_id, amount_cents, "full", restock, reason, actor_user_id, created_at
          FROM json_populate_recordset(NULL::refunds, ${json(refundRows)}::json)`);
      await db.execute(sql`
        INSERT INTO refund_lines (refund_id, order_item_id, quantity, amount_cents, restock, restocked)
        SELECT refund_id, order_item_id, quantity, amount_cents, restock, restocked FROM json_populate_recordset(NULL::refund_lines, ${json(refundLineRows)}::json)`);
    }
    // Each order's way through the kitchen, as staff moved it (a cancellation stops it early; a
    // refund of everything ends it), derived in SQL from the orders and refunds just written.
    await db.execute(sql`
      INSERT INTO order_status_events (order_id, from_status, to_status, actor_user_id, reason, created_at)
      SELECT o.id, e.from_status, e.to_status, CASE WHEN e.from_status IS NULL THEN o.user_id ELSE o.acknowledged_by END, e.reason, e.at
        FROM orders o
        LEFT JOIN LATERAL (SELECT r.created_at, r.reason FROM refunds r WHERE r.order_id = o.id ORDER BY r.id DESC LIMIT 1) r ON true
        CROSS JOIN LATERAL (VALUES
          (0, NULL::text, 'pending', o.created_at, NULL::text),
          (1, 'pending', 'cancelled', r.created_at, r.reason),
          (2, 'pending', 'preparing', o.created_at + interval '3 minutes', NULL),
          (3, 'preparing', 'ready', o.created_at + interval '18 minutes', NULL),
          (4, 'ready', 'completed', o.created_at + interval '25 minutes', NULL),
          (5, 'completed', 'refunded', r.created_at, r.reason)) AS e(step, from_status, to_status, at, reason)
       WHERE o.id BETWEEN ${firstOrder} AND ${firstOrder + chunk.length - 1}
         AND (e.step = 0 OR (e.step = 1 AND o.status = 'cancelled') OR (e.step BETWEEN 2 AND 4 AND o.status <> 'cancelled') OR (e.step = 5 AND o.status = 'refunded'))
       ORDER BY o.id, e.step`);
  }

  if (plan.reservations.length > 0) {
    const reservationRows = plan.reservations.map((r) => ({
      restaurant_id: r.restaurantId,
      location_id: r.locationId,
      start_time: iso(r.startTime),
      end_time: iso(r.startTime + 60 * 60_000),
      duration_minutes: 60,
      party_size: r.partySize,
      contact_name: r.contactName,
      contact_phone: r.contactPhone,
      contact_email: r.contactEmail,
      status: r.status,
      guest_token: randomBytes(32).toString('base64url'),
      source: r.source,
      created_by_user_id: r.source === 'staff' ? (staffUser.get(r.restaurantId) ?? null) : null,
      created_at: iso(r.createdAt),
      updated_at: iso(r.status === 'canceled' ? r.startTime - 3 * 3_600_000 : r.startTime + 60 * 60_000),
    }));
    await db.execute(sql`
      INSERT INTO reservations (restaurant_id, location_id, start_time, end_time, duration_minutes, party_size, contact_name, contact_phone, contact_email,
                                status, guest_token, source, created_by_user_id, created_at, updated_at)
      SELECT restaurant_id, location_id, start_time, end_time, duration_minutes, party_size, contact_name, contact_phone, contact_email,
             status, guest_token, source, created_by_user_id, created_at, updated_at
        FROM json_populate_recordset(NULL::reservations, ${json(reservationRows)}::json)`);
  }

  const f = catalog.fundraiser;
  if (f && plan.fundraiserOrders.length > 0) {
    const first = await reserveIds(db, 'wholesale_orders', plan.fundraiserOrders.length);
    const processor = catalog.restaurants.find((r) => r.id === f.restaurantId)?.processor ?? 'stripe';
    const orderRows: unknown[] = [];
    const itemRows: unknown[] = [];
    const creditRows: unknown[] = [];
    const eventRows: unknown[] = [];
    const paymentRows: unknown[] = [];
    plan.fundraiserOrders.forEach((o, i) => {
      const id = first + i;
      const item = f.items[o.itemIndex]!;
      const total = item.priceCents * o.quantity;
      orderRows.push({
        id,
        restaurant_id: f.restaurantId,
        fundraiser_id: f.id,
        participant_id: o.participantId,
        status: 'completed',
        payment_status: 'paid',
        total_cents: total,
        customer_name: o.customerName,
        customer_email: o.customerEmail,
        customer_phone: o.customerPhone,
        shipping_address: f.pickup,
        estimated_pickup_time: f.pickupAt === null ? null : iso(f.pickupAt),
        access_token: randomBytes(24).toString('base64url'),
        idempotency_key: `history-${tag}-w${i}`,
        created_at: iso(o.createdAt),
        updated_at: iso(o.createdAt),
      });
      itemRows.push({ order_id: id, item_id: item.id, name: item.name, description: item.description, sku: item.sku, unit_price_cents: item.priceCents, quantity: o.quantity, line_total_cents: total, position: 0 });
      eventRows.push({ order_id: id, from_status: null, to_status: 'confirmed', created_at: iso(o.createdAt) });
      eventRows.push({ order_id: id, from_status: 'confirmed', to_status: 'completed', created_at: iso(f.pickupAt ?? o.createdAt) });
      creditRows.push({ fundraiser_id: f.id, participant_id: o.participantId, order_id: id, kind: 'sale', amount_cents: total, created_at: iso(o.createdAt) });
      const stripe = processor === 'stripe';
      paymentRows.push({
        id: randomUUID(),
        restaurant_id: f.restaurantId,
        processor,
        amount_cents: total,
        status: 'captured',
        transaction_id: stripe ? `ch_history_${tag}_w${i}` : `HISTORYCAPTURE${tag.toUpperCase()}W${i}`,
        payment_intent_id: stripe ? `pi_history_${tag}_w${i}` : `HISTORYORDER${tag.toUpperCase()}W${i}`,
        wholesale_order_id: id,
        payment_method: stripe ? 'credit_card' : 'paypal',
        card_brand: stripe ? 'visa' : null,
        card_last4: stripe ? '4242' : null,
        quote_hash: `wholesale:history:${tag}`,
        authorized_at: iso(o.createdAt),
        captured_at: iso(o.createdAt),
        created_at: iso(o.createdAt),
        updated_at: iso(o.createdAt),
      });
    });
    await db.execute(sql`
      INSERT INTO wholesale_orders (id, restaurant_id, fundraiser_id, participant_id, status, payment_status, total_cents, customer_name, customer_email, customer_phone,
                                    shipping_address, estimated_pickup_time, access_token, idempotency_key, created_at, updated_at)
      SELECT id, restaurant_id, fundraiser_id, participant_id, status, payment_status, total_cents, customer_name, customer_email, customer_phone,
             shipping_address, estimated_pickup_time, access_token, idempotency_key, created_at, updated_at
        FROM json_populate_recordset(NULL::wholesale_orders, ${json(orderRows)}::json) ORDER BY id`);
    await db.execute(sql`
      INSERT INTO wholesale_order_items (order_id, item_id, name, description, sku, unit_price_cents, quantity, line_total_cents, position)
      SELECT order_id, item_id, name, description, sku, unit_price_cents, quantity, line_total_cents, position FROM json_populate_recordset(NULL::wholesale_order_items, ${json(itemRows)}::json)`);
    await db.execute(sql`
      INSERT INTO wholesale_order_status_events (order_id, from_status, to_status, created_at)
      SELECT order_id, from_status, to_status, created_at FROM json_populate_recordset(NULL::wholesale_order_status_events, ${json(eventRows)}::json)`);
    await db.execute(sql`
      INSERT INTO wholesale_participant_credits (fundraiser_id, participant_id, order_id, kind, amount_cents, created_at)
      SELECT fundraiser_id, participant_id, order_id, kind, amount_cents, created_at FROM json_populate_recordset(NULL::wholesale_participant_credits, ${json(creditRows)}::json)`);
    await db.execute(sql`
      INSERT INTO payments (id, restaurant_id, processor, amount_cents, status, transaction_id, payment_intent_id, wholesale_order_id, payment_method, card_brand, card_last4,
                            quote_hash, authorized_at, captured_at, created_at, updated_at)
      SELECT id, restaurant_id, processor, amount_cents, status, transaction_id, payment_intent_id, wholesale_order_id, payment_method, card_brand, card_last4,
             quote_hash, authorized_at, captured_at, created_at, updated_at
        FROM json_populate_recordset(NULL::payments, ${json(paymentRows)}::json)`);
  }

  // The codes' counts of uses are what history used (added to any a test or the bench made since).
  for (const [id, uses] of plan.promoUses) await db.execute(sql`UPDATE promo_codes SET current_uses = current_uses + ${uses} WHERE id = ${id}`);
  for (const [id, uses] of plan.vipUses) {
    const limited = catalog.restaurants.some((r) => r.vip.some((v) => v.id === id && v.uses !== null));
    // FOUNDERS and the single-use guest pass already count the uses the history gives them.
    if (!limited) await db.execute(sql`UPDATE vip_codes SET current_uses = current_uses + ${uses} WHERE id = ${id}`);
  }
  return { orders: plan.orders.length, reservations: plan.reservations.length, fundraiserOrders: plan.fundraiserOrders.length, refunds: refundCount };
}

/**
 * Visits for the Visits report before the four weeks seed/analytics.ts writes (days `days`..29
 * ago): sessions per Guam day with the week's rhythm, each a home and menu page view, some going on
 * to the cart, checkout and an order's confirmation. Set-based: generated in PostgreSQL from a
 * seeded random, so a year of them costs one statement.
 */
export async function writeHistoryVisits(db: DbOrTx, options: { now: Date; days?: number; scale?: number; seed?: number; tag?: string }): Promise<number> {
  const today = restaurantDay(options.now).date;
  const days = options.days ?? 365;
  const scale = options.scale ?? 1;
  const tag = options.tag ?? 'demo';
  // One connection for the seeded random and the statement that draws from it.
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT setseed(${((options.seed ?? 2026) % 1000) / 1000})`);
    const { rowCount } = await tx.execute(sql`
    WITH days AS (
      SELECT d, (${today}::date - d) AS day FROM generate_series(28, ${days}) AS d
    ), sessions AS (
      SELECT r.id AS restaurant_id, days.d, days.day, s,
             (days.day + time '00:00' + make_interval(mins => (CASE WHEN random() < 0.45 THEN 11 * 60 + floor(random() * 150) ELSE 17 * 60 + floor(random() * 210) END)::int))
               AT TIME ZONE 'Pacific/Guam' AS started,
             random() AS depth, floor(random() * 2000)::int AS visitor
        FROM (VALUES (1, 22), (2, 9)) AS r(id, daily)
        CROSS JOIN days
        CROSS JOIN LATERAL generate_series(1, round(r.daily * ${scale}::float8 * (ARRAY[1.25, 0.85, 0.8, 0.85, 0.95, 1.35, 1.45])[extract(dow FROM days.day)::int + 1] * (0.8 + random() * 0.4))::int) AS s
    )
    INSERT INTO analytics_events (restaurant_id, session_id, anonymous_id, type, path, occurred_at, received_at)
    SELECT restaurant_id, 'history-' || ${tag} || '-' || restaurant_id || '-' || d || '-' || s, 'history-visitor-' || restaurant_id || '-' || visitor, 'page_view', p.path,
           started + p.step * interval '90 seconds', started + p.step * interval '90 seconds'
      FROM sessions
      CROSS JOIN LATERAL (VALUES (0, '/', 0.0), (1, '/menu', 0.0), (2, '/cart', 0.65), (3, '/checkout', 0.76), (4, '/order-confirmation/' || (10000 + s), 0.82)) AS p(step, path, above)
     WHERE depth >= p.above`);
    return rowCount ?? 0;
  });
}

/** The demo's history (seed/demo.ts): a year before the seed's clock, at scale 1. */
export async function seedHistory(db: DbOrTx, now: Date = new Date()): Promise<HistorySummary & { visits: number }> {
  // Barrigada (VIP-only at checkout) takes orders with its members' code: history's uses are its uses.
  await db.execute(sql`
    INSERT INTO vip_codes (restaurant_id, code, name, max_uses, expires_at)
    VALUES (2, 'MEMBERS', 'Barrigada members'' card', NULL, ${iso(now.getTime() + 365 * 86_400_000)})`);
  const catalog = await loadCatalog(db);
  const plan = planHistory(catalog, { now });
  const summary = await writeHistory(db, catalog, plan);
  const visits = await writeHistoryVisits(db, { now });
  return { ...summary, visits };
}
