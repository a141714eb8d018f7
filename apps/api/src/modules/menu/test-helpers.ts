import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MenuOutput } from '@kusina/domain/menu';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { createSession } from '../accounts/sessions.ts';

/** A bearer token for a demo account, made directly from a session (no password hashing per test). */
export async function tokenFor(app: FastifyInstance, db: Database, email: string): Promise<string> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (!user) throw new Error(`no demo user ${email}`);
  const session = await createSession(db, { userId: user.id, ttlHours: 24 * 365 * 2 });
  return app.tokens.sign({ sessionId: session.id, userId: user.id, expiresAt: session.expiresAt });
}

/** GET /api/v1/menu, parsed and checked against the contract. */
export async function readMenu(app: FastifyInstance, query = ''): Promise<MenuOutput> {
  const response = await app.inject({ url: `/api/v1/menu${query}` });
  if (response.statusCode !== 200) throw new Error(`GET /menu${query}: ${response.statusCode} ${response.body}`);
  return MenuOutput.parse(response.json());
}

export function itemNamed(menu: MenuOutput, name: string): MenuOutput['items'][number] {
  const item = menu.items.find((i) => i.name === name);
  if (!item) throw new Error(`no item ${name}`);
  return item;
}
