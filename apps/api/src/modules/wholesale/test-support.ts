import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { generateVariants, type WholesaleInventoryMode } from '@kusina/domain/wholesale';
import type { Database } from '../../db/client.ts';
import {
  wholesaleFundraisers,
  wholesaleItems,
  wholesaleItemVariants,
  wholesaleOptionGroups,
  wholesaleOptions,
  wholesaleParticipants,
} from '../../db/schema/index.ts';
import { request } from '../../test/build.ts';
import { TEST_CARDS } from '../payments/test-processor.ts';

export interface TestItemSpec {
  name?: string;
  priceCents: number;
  mode?: WholesaleInventoryMode;
  stock?: number;
  active?: boolean;
  groups?: { name: string; min?: number; max?: number; tracked?: boolean; options: { name: string; price?: number; stock?: number; available?: boolean }[] }[];
  /** Variant mode: stock per variant name ('M / Red'); unnamed combinations get 0. */
  variantStock?: Record<string, number>;
}

interface TestItem {
  id: number;
  name: string;
  groups: { id: number; name: string; options: { id: number; name: string }[] }[];
  variants: { id: number; variantKey: string; variantName: string }[];
}

export interface TestFundraiser {
  fundraiserId: number;
  slug: string;
  participants: { id: number; name: string }[];
  items: TestItem[];
}

/** A fundraiser with participants and items, inserted directly (independent of the demo seed). */
export async function createTestFundraiser(
  db: Database,
  spec: { status?: 'draft' | 'current' | 'ended'; restaurantId?: number; endDate?: string | null; participants?: { name: string; goalCents?: number | null }[]; items: TestItemSpec[] },
): Promise<TestFundraiser> {
  const slug = `test-${randomBytes(4).toString('hex')}`;
  const [f] = await db
    .insert(wholesaleFundraisers)
    .values({
      restaurantId: spec.restaurantId ?? 1,
      name: `Fundraiser ${slug}`,
      slug,
      status: spec.status ?? 'current',
      // No end date unless asked: a test never depends on the day it runs (an end date closes sales, decision 0110).
      startDate: '2026-11-01',
      endDate: spec.endDate ?? null,
      pickupDisplayName: 'Gym',
      pickupDisplayAddress: 'Tamuning',
    })
    .returning();
  const participants = spec.participants?.length
    ? await db
        .insert(wholesaleParticipants)
        .values(spec.participants.map((p, position) => ({ fundraiserId: f!.id, name: p.name, goalCents: p.goalCents ?? null, position })))
        .returning()
    : [];
  const items: TestItem[] = [];
  for (const [position, itemSpec] of spec.items.entries()) {
    const name = itemSpec.name ?? `Item ${randomBytes(3).toString('hex')}`;
    const [item] = await db
      .insert(wholesaleItems)
      .values({
        fundraiserId: f!.id,
        name,
        sku: `SKU-${position}`,
        priceCents: itemSpec.priceCents,
        inventoryMode: itemSpec.mode ?? 'none',
        stockQuantity: itemSpec.stock ?? 0,
        active: itemSpec.active ?? true,
        position,
      })
      .returning();
    const groups: TestItem['groups'] = [];
    for (const [gPos, g] of (itemSpec.groups ?? []).entries()) {
      const [group] = await db
        .insert(wholesaleOptionGroups)
        .values({ itemId: item!.id, name: g.name, minSelect: g.min ?? 1, maxSelect: g.max ?? 1, enableInventoryTracking: g.tracked ?? false, position: gPos })
        .returning();
      const options = await db
        .insert(wholesaleOptions)
        .values(g.options.map((o, oPos) => ({ optionGroupId: group!.id, name: o.name, additionalPriceCents: o.price ?? 0, stockQuantity: o.stock ?? 0, available: o.available ?? true, position: oPos })))
        .returning();
      groups.push({ id: group!.id, name: group!.name, options: options.map((o) => ({ id: o.id, name: o.name })) });
    }
    let variants: TestItem['variants'] = [];
    if (itemSpec.mode === 'variant') {
      const generated = generateVariants(groups.map((g) => ({ options: g.options })));
      variants = await db
        .insert(wholesaleItemVariants)
        .values(generated.map((v) => ({ itemId: item!.id, variantKey: v.variantKey, variantName: v.variantName, stockQuantity: itemSpec.variantStock?.[v.variantName] ?? 0 })))
        .returning();
    }
    items.push({ id: item!.id, name, groups, variants });
  }
  return { fundraiserId: f!.id, slug, participants: participants.map((p) => ({ id: p.id, name: p.name })), items };
}

export async function setFundraiserStatus(db: Database, id: number, status: 'draft' | 'current' | 'ended'): Promise<void> {
  await db.update(wholesaleFundraisers).set({ status }).where(eq(wholesaleFundraisers.id, id));
}

export interface Line {
  item_id: number;
  quantity: number;
  fundraiser_id?: number;
  price_cents?: number;
  line_total_cents?: number;
  selected_options?: Record<string, number[]>;
}

export const customer = {
  customerName: 'Maria Cruz',
  customerEmail: 'maria@example.com',
  customerPhone: '+16715551234',
  shippingAddress: 'Pickup: Gym, Tamuning',
};

/** Opens a payment for a cart and pays it with a test card; returns its id. */
export async function payFor(app: FastifyInstance, fundraiserId: number, lines: Line[], card: string = TEST_CARDS.success): Promise<string> {
  const opened = await request(app, { method: 'POST', url: '/api/v1/wholesale/payments', payload: { fundraiser_id: fundraiserId, cart_items: lines } });
  expect(opened.statusCode, opened.body).toBe(201);
  const paymentId: string = opened.json().data.payment_id;
  const confirmed = await request(app, { method: 'POST', url: `/api/v1/payments/${paymentId}/confirm`, payload: { card: { number: card, exp_month: 12, exp_year: 2035, cvc: '123' } } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return paymentId;
}

export function placeOrder(
  app: FastifyInstance,
  paymentId: string,
  fundraiserId: number,
  lines: Line[],
  options: { token?: string; key?: string; participantId?: number | null; order?: Record<string, unknown> } = {},
): Promise<LightMyRequestResponse> {
  return request(app, {
    method: 'POST',
    url: '/api/v1/wholesale/orders',
    token: options.token,
    headers: { 'idempotency-key': options.key ?? randomUUID() },
    payload: {
      order: { ...customer, ...(options.participantId !== undefined ? { participantId: options.participantId } : {}), ...options.order },
      fundraiser_id: fundraiserId,
      cart_items: lines,
      payment_id: paymentId,
    },
  });
}

/** Pays and places an order; expects 201 and returns the order. */
export async function buy(app: FastifyInstance, shop: TestFundraiser, lines: Line[], options: { token?: string; participantId?: number | null } = {}) {
  const paymentId = await payFor(app, shop.fundraiserId, lines);
  const response = await placeOrder(app, paymentId, shop.fundraiserId, lines, options);
  expect(response.statusCode, response.body).toBe(201);
  return { ...response.json().data.order, paymentId } as { id: number; access_token: string; totalCents: number; paymentId: string; status: string };
}
