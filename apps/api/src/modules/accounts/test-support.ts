import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { AuthOutput } from '@kusina/domain/accounts';
import type { Database } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import { request } from '../../test/build.ts';

export const PASSWORD = 'Sunset-Beach-9';

export function uniqueEmail(prefix = 'guest'): string {
  return `${prefix}.${randomBytes(4).toString('hex')}@example.com`;
}

export function signupBody(overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Lani',
    last_name: 'Santos',
    email: uniqueEmail(),
    phone: '+16715551234',
    password: PASSWORD,
    password_confirmation: PASSWORD,
    ...overrides,
  };
}

/** Signs a new customer up through the API and returns the answer. */
export async function signUp(app: FastifyInstance, overrides: Record<string, unknown> = {}): Promise<AuthOutput> {
  const response = await request(app, { method: 'POST', url: '/api/v1/auth/signup', payload: signupBody(overrides) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** The newest message of a template to a user, read straight from the outbox table. */
export async function latestMessage(db: Database, userId: number, template: string) {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.template, template)))
    .orderBy(desc(notifications.id))
    .limit(1);
  if (!row) throw new Error(`no ${template} message for user ${userId}`);
  return row;
}

export async function latestCode(db: Database, userId: number): Promise<string> {
  const row = await latestMessage(db, userId, 'phone_code');
  const code = /code is (\d{6})/.exec(row.body)?.[1];
  if (!code) throw new Error(`no code in "${row.body}"`);
  return code;
}

export async function latestResetLink(db: Database, userId: number): Promise<URL> {
  const row = await latestMessage(db, userId, 'password_reset');
  const link = /https?:\/\/\S+/.exec(row.body)?.[0];
  if (!link) throw new Error(`no link in "${row.body}"`);
  return new URL(link);
}

/** Polls until `check` returns a value, or fails after `timeoutMs`. */
export async function waitFor<T>(check: () => Promise<T | null | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function loginAs(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await request(app, { method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().jwt;
}
