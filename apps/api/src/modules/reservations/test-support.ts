import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { locations, notifications } from '../../db/schema/index.ts';
import { request, tokenFor } from '../../test/build.ts';

/** 2030-06-04 is a Tuesday: Kusina (1) is open 11:00–21:00 in the demo; Mondays are closed. */
export const OPEN_DAY = '2030-06-04';
export const CLOSED_DAY = '2030-06-03';

export interface Tokens {
  customer: string;
  staff: string;
  admin: string;
  otherAdmin: string;
  superAdmin: string;
}

export async function demoTokens(app: FastifyInstance, db: Database): Promise<Tokens> {
  return {
    customer: await tokenFor(app, db, 'customer@kusina.test'),
    staff: await tokenFor(app, db, 'staff@kusina.test'),
    admin: await tokenFor(app, db, 'admin@kusina.test'),
    otherAdmin: await tokenFor(app, db, 'admin2@kusina.test'),
    superAdmin: await tokenFor(app, db, 'super@kusina.test'),
  };
}

/** JSON calls under /api/v1 with an optional token. */
export function api(app: FastifyInstance) {
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown, token?: string) =>
    request(app, { method, url: `/api/v1${url}`, ...(body === undefined ? {} : { payload: body as Record<string, unknown> }), token });
  return {
    get: (url: string, token?: string) => call('GET', url, undefined, token),
    post: (url: string, body: unknown, token?: string) => call('POST', url, body, token),
    patch: (url: string, body: unknown, token?: string) => call('PATCH', url, body, token),
    put: (url: string, body: unknown, token?: string) => call('PUT', url, body, token),
    delete: (url: string, token?: string) => call('DELETE', url, undefined, token),
  };
}

/** The demo locations of restaurant 1: the default Tamuning room and the Tumon lanai. */
export async function demoLocations(db: Database): Promise<{ tamuning: number; tumon: number; barrigada: number }> {
  const rows = await db.select().from(locations);
  const id = (name: string) => rows.find((l) => l.name.startsWith(name))!.id;
  return { tamuning: id('Tamuning'), tumon: id('Tumon'), barrigada: id('Barrigada') };
}

export function guestBooking(overrides: Record<string, unknown> = {}) {
  return {
    restaurant_id: 1,
    start_time: `${OPEN_DAY}T18:00:00`,
    party_size: 2,
    contact_name: 'Kenji Sato',
    contact_phone: '+81 90 1234 5678',
    contact_email: 'kenji@example.jp',
    special_requests: 'Window seat, please',
    ...overrides,
  };
}

/**
 * The messages to a recipient in the order they were written. Ordered by id: without an ORDER BY,
 * PostgreSQL returns rows as they lie on disk, and the delivery job's update (status sent) moves a
 * row behind the later ones, so the order depended on when the job ran (seen under load, 0087).
 */
export async function messagesTo(db: Database, recipient: string) {
  return db.select().from(notifications).where(eq(notifications.recipient, recipient)).orderBy(asc(notifications.id));
}
