import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import { request, tokenFor } from '../../test/build.ts';
import { checkout, createItem, type CheckoutOptions } from '../orders/test-support.ts';

export interface PlacedOrder {
  id: number;
  order_number: string;
  access_token: string;
  restaurant_id: number;
  total: number;
  status: string;
  estimated_pickup_time: string;
}

/** Pays and places an order the way the SPA does; fails the test unless it is created. */
export async function placeOrder(app: FastifyInstance, options: CheckoutOptions): Promise<PlacedOrder> {
  const response = await checkout(app, options);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** An order of one fresh item at `priceCents` (untracked stock). */
export async function simpleOrder(app: FastifyInstance, db: Database, priceCents = 1200, options: Partial<CheckoutOptions> = {}): Promise<PlacedOrder> {
  const item = await createItem(db, { priceCents, restaurantId: options.restaurantId ?? 1 });
  return placeOrder(app, { ...options, items: [{ menu_item_id: item.id, quantity: 1 }] });
}

export interface Tokens {
  customer: string;
  staff: string;
  admin: string;
  superAdmin: string;
  otherAdmin: string;
}

export async function demoTokens(app: FastifyInstance, db: Database): Promise<Tokens> {
  const [customer, staff, admin, superAdmin, otherAdmin] = await Promise.all(
    ['customer@kusina.test', 'staff@kusina.test', 'admin@kusina.test', 'super@kusina.test', 'admin2@kusina.test'].map((email) => tokenFor(app, db, email)),
  );
  return { customer: customer!, staff: staff!, admin: admin!, superAdmin: superAdmin!, otherAdmin: otherAdmin! };
}

export function api(app: FastifyInstance) {
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: unknown): Promise<LightMyRequestResponse> =>
    request(app, { method, url: `/api/v1${url}`, token, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  return {
    get: (url: string, token?: string) => call('GET', url, token),
    post: (url: string, token?: string, payload?: unknown) => call('POST', url, token, payload),
    patch: (url: string, token?: string, payload?: unknown) => call('PATCH', url, token, payload),
    delete: (url: string, token?: string) => call('DELETE', url, token),
  };
}

/** Outbox rows of one template to one recipient, oldest first. */
export async function outbox(db: Database, template: string, recipients: string[]) {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.template, template), inArray(notifications.recipient, recipients)))
    .orderBy(asc(notifications.id));
}
