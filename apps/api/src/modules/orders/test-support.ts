import { randomBytes } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../db/client.ts';
import { menuItems, menus, merchandiseItems, merchandiseStockEvents, merchandiseVariants, operatingHours, optionGroups, options, restaurants, specialEvents, users } from '../../db/schema/index.ts';
import { request } from '../../test/build.ts';
import { OrderCreateOutput } from '@kusina/domain/orders';
import { TEST_CARDS } from '../payments/test-processor.ts';

export async function userId(db: Database, email: string): Promise<number> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (!user) throw new Error(`no demo user ${email}`);
  return user.id;
}

interface OptionSpec {
  name: string;
  /** null: the $2 default. */
  price?: number | null;
  available?: boolean;
  stock?: number;
  damaged?: number;
}

interface GroupSpec {
  name: string;
  min?: number;
  max?: number;
  free?: number;
  tracked?: boolean;
  options: OptionSpec[];
}

export interface ItemSpec {
  restaurantId?: number;
  name?: string;
  priceCents: number;
  tracked?: boolean;
  stock?: number;
  damaged?: number;
  available?: boolean;
  advanceNoticeHours?: number;
  availableDays?: number[];
  availableUntil?: string | null;
  groups?: GroupSpec[];
}

export interface CreatedItem {
  id: number;
  name: string;
  groups: { id: number; name: string; options: { id: number; name: string }[] }[];
}

const menuByRestaurant = new WeakMap<Database, Map<number, number>>();

/** Inserts a menu item (and its option groups) with Drizzle, independent of the demo catalog. */
export async function createItem(db: Database, spec: ItemSpec): Promise<CreatedItem> {
  const restaurantId = spec.restaurantId ?? 1;
  let byRestaurant = menuByRestaurant.get(db);
  if (!byRestaurant) menuByRestaurant.set(db, (byRestaurant = new Map()));
  let menuId = byRestaurant.get(restaurantId);
  if (menuId === undefined) {
    const [menu] = await db.insert(menus).values({ restaurantId, name: 'Checkout tests', active: false }).returning();
    if (!menu) throw new Error('menu insert failed');
    menuId = menu.id;
    byRestaurant.set(restaurantId, menuId);
  }
  const name = spec.name ?? `Test item ${randomBytes(3).toString('hex')}`;
  const [item] = await db
    .insert(menuItems)
    .values({
      restaurantId,
      menuId,
      name,
      priceCents: spec.priceCents,
      enableStockTracking: spec.tracked ?? spec.stock !== undefined,
      stockQuantity: spec.stock ?? 0,
      damagedQuantity: spec.damaged ?? 0,
      available: spec.available ?? true,
      advanceNoticeHours: spec.advanceNoticeHours ?? 0,
      ...(spec.availableDays ? { availableDays: spec.availableDays } : {}),
      availableUntil: spec.availableUntil ?? null,
    })
    .returning();
  if (!item) throw new Error('item insert failed');
  const groups: CreatedItem['groups'] = [];
  for (const [position, g] of (spec.groups ?? []).entries()) {
    const [group] = await db
      .insert(optionGroups)
      .values({
        menuItemId: item.id,
        name: g.name,
        minSelect: g.min ?? 0,
        maxSelect: g.max ?? 1,
        freeOptionCount: g.free ?? 0,
        enableInventoryTracking: g.tracked ?? false,
        position,
      })
      .returning();
    if (!group) throw new Error('group insert failed');
    const rows = await db
      .insert(options)
      .values(
        g.options.map((o, i) => ({
          optionGroupId: group.id,
          name: o.name,
          additionalPriceCents: o.price === undefined ? 0 : o.price,
          available: o.available ?? true,
          stockQuantity: o.stock ?? 0,
          damagedQuantity: o.damaged ?? 0,
          position: i,
        })),
      )
      .returning({ id: options.id, name: options.name });
    groups.push({ id: group.id, name: group.name, options: rows });
  }
  return { id: item.id, name, groups };
}

export async function itemStock(db: Database, id: number): Promise<number> {
  const [row] = await db.select({ stock: menuItems.stockQuantity }).from(menuItems).where(eq(menuItems.id, id));
  if (!row) throw new Error(`no item ${id}`);
  return row.stock;
}

export async function optionStock(db: Database, id: number): Promise<number> {
  const [row] = await db.select({ stock: options.stockQuantity }).from(options).where(eq(options.id, id));
  if (!row) throw new Error(`no option ${id}`);
  return row.stock;
}

interface VariantSpec {
  size?: string | null;
  color?: string | null;
  adjustmentCents?: number;
  stock?: number;
  damaged?: number;
}

export interface MerchandiseSpec {
  restaurantId?: number;
  name?: string;
  basePriceCents: number;
  /** Stock tracking (on unless false). */
  tracked?: boolean;
  hidden?: boolean;
  /** One variant with neither size nor colour when left out. */
  variants?: VariantSpec[];
}

export interface CreatedMerchandise {
  id: number;
  name: string;
  variants: { id: number; size: string | null; color: string | null }[];
}

/** Inserts a merchandise item and its variants with Drizzle, independent of the demo shop. */
export async function createMerchandise(db: Database, spec: MerchandiseSpec): Promise<CreatedMerchandise> {
  const name = spec.name ?? `Test tee ${randomBytes(3).toString('hex')}`;
  const [item] = await db
    .insert(merchandiseItems)
    .values({
      restaurantId: spec.restaurantId ?? 1,
      name,
      basePriceCents: spec.basePriceCents,
      enableStockTracking: spec.tracked ?? true,
      hidden: spec.hidden ?? false,
    })
    .returning();
  if (!item) throw new Error('merchandise insert failed');
  const variants = await db
    .insert(merchandiseVariants)
    .values(
      (spec.variants ?? [{}]).map((v, position) => ({
        merchandiseItemId: item.id,
        size: v.size ?? null,
        color: v.color ?? null,
        priceAdjustmentCents: v.adjustmentCents ?? 0,
        stockQuantity: v.stock ?? 0,
        damagedQuantity: v.damaged ?? 0,
        position,
      })),
    )
    .returning({ id: merchandiseVariants.id, size: merchandiseVariants.size, color: merchandiseVariants.color });
  return { id: item.id, name, variants };
}

export async function variantStock(db: Database, id: number): Promise<{ stock: number; damaged: number }> {
  const [row] = await db
    .select({ stock: merchandiseVariants.stockQuantity, damaged: merchandiseVariants.damagedQuantity })
    .from(merchandiseVariants)
    .where(eq(merchandiseVariants.id, id));
  if (!row) throw new Error(`no variant ${id}`);
  return row;
}

/** A variant's audit trail, oldest first. */
export async function stockEventsOf(db: Database, variantId: number) {
  return db.select().from(merchandiseStockEvents).where(eq(merchandiseStockEvents.merchandiseVariantId, variantId)).orderBy(asc(merchandiseStockEvents.id));
}

interface FoodLine {
  type?: 'food';
  menu_item_id: number;
  quantity: number;
  selected_options?: Record<string, number[]>;
  notes?: string;
}

export interface MerchandiseLine {
  type: 'merchandise';
  variant_id: number;
  quantity: number;
  notes?: string;
}

export type Line = FoodLine | MerchandiseLine;

/** A merchandise cart line. */
export function merch(variantId: number, quantity: number, notes?: string): MerchandiseLine {
  return { type: 'merchandise', variant_id: variantId, quantity, ...(notes === undefined ? {} : { notes }) };
}

export const contact = { name: 'Maria Cruz', email: 'maria@example.com', phone: '+16715551234' };

export function newKey(): string {
  return `key-${randomBytes(8).toString('hex')}`;
}

export const card = (number: string = TEST_CARDS.success) => ({ number, exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123' });

export interface CheckoutOptions {
  restaurantId?: number;
  items: Line[];
  promo_code?: string;
  vip_code?: string;
  /** A staff order's discount configuration (sent to /payments and /orders). */
  staff_discount_id?: number;
  token?: string;
  cardNumber?: string;
  key?: string;
  extra?: Record<string, unknown>;
}

/** POST /payments then /payments/:id/confirm (test cards); returns the payment id. */
export async function pay(app: FastifyInstance, options: CheckoutOptions): Promise<string> {
  const created = await request(app, {
    method: 'POST',
    url: '/api/v1/payments',
    token: options.token,
    payload: {
      restaurant_id: options.restaurantId ?? 1,
      items: options.items,
      ...(options.promo_code ? { promo_code: options.promo_code } : {}),
      ...(options.vip_code ? { vip_code: options.vip_code } : {}),
      ...(options.staff_discount_id ? { staff_discount_id: options.staff_discount_id } : {}),
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const paymentId: string = created.json().payment_id;
  const confirmed = await request(app, { method: 'POST', url: `/api/v1/payments/${paymentId}/confirm`, payload: { card: card(options.cardNumber) } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return paymentId;
}

/**
 * POST /orders for a payment. An order's answer (200 or 201) must be exactly what OrderCreateOutput
 * describes — nothing zod would strip, refuse or change; and a new order's answer, built from the rows its transaction wrote
 * rather than read back after the commit (service.ts placeOrder), must be exactly what the database now
 * holds: GET /orders/:id's answer. Every test that places an order through here checks both.
 */
export async function placeOrder(app: FastifyInstance, paymentId: string, options: CheckoutOptions): Promise<LightMyRequestResponse> {
  const response = await request(app, {
    method: 'POST',
    url: '/api/v1/orders',
    token: options.token,
    headers: { 'idempotency-key': options.key ?? newKey() },
    payload: {
      restaurant_id: options.restaurantId ?? 1,
      items: options.items,
      contact,
      payment_id: paymentId,
      ...(options.promo_code ? { promo_code: options.promo_code } : {}),
      ...(options.vip_code ? { vip_code: options.vip_code } : {}),
      ...(options.staff_discount_id ? { staff_discount_id: options.staff_discount_id } : {}),
      ...options.extra,
    },
  });
  if (response.statusCode === 200 || response.statusCode === 201) {
    const answer: unknown = response.json();
    expect(answer).toStrictEqual(OrderCreateOutput.parse(answer));
  }
  if (response.statusCode === 201) {
    const { access_token: token, ...placed } = response.json();
    const stored = await request(app, { method: 'GET', url: `/api/v1/orders/${placed.id}?token=${token}` });
    expect(stored.statusCode, stored.body).toBe(200);
    expect(placed).toStrictEqual(stored.json());
  }
  return response;
}

/** Pay and place: the whole SPA flow. */
export async function checkout(app: FastifyInstance, options: CheckoutOptions): Promise<LightMyRequestResponse> {
  return placeOrder(app, await pay(app, options), options);
}

/**
 * Opening hours decide ordering (issue #23): tests that place "as soon as possible" orders open
 * the restaurant (every restaurant when none is named) all day, every day, so they pass at any hour
 * in Guam; the hours themselves are tested in pickup.test.ts with a fixed clock.
 */
export async function openAllDay(db: Database, restaurantId?: number): Promise<void> {
  const ids = restaurantId === undefined ? (await db.select({ id: restaurants.id }).from(restaurants)).map((r) => r.id) : [restaurantId];
  const rows = ids.flatMap((id) => [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ restaurantId: id, dayOfWeek, openTime: '00:00', closeTime: '00:00', closed: false })));
  await db
    .insert(operatingHours)
    .values(rows)
    .onConflictDoUpdate({ target: [operatingHours.restaurantId, operatingHours.dayOfWeek], set: { openTime: '00:00', closeTime: '00:00', closed: false } });
  await db.delete(specialEvents).where(inArray(specialEvents.restaurantId, ids));
}
