import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, createPool } from '../db/client.ts';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded.ts';
import { runMigrations } from '../db/migrate.ts';
import { notifications } from '../db/schema/index.ts';
import { seedDemo } from '../db/seed/demo.ts';
import { simpleOrder } from '../modules/order-management/test-support.ts';
import { createItem, pay, placeOrder, openAllDay } from '../modules/orders/test-support.ts';
import { build, request, tokenFor, type TestContext } from './build.ts';
import { listen, realtimeClients } from './realtime.ts';

/**
 * The database goes away under a running app — every connection cut (pg_terminate_backend), or
 * the server stopped and started again. The process stays up (an 'error' nobody listens to would
 * end it, and Vitest fails a run on any uncaught error), answers 503 with a clear message while the
 * database is away (never 500), says so on /health/ready while /health stays 200, and afterwards
 * places orders, serves the menu (its cache listening again) and delivers realtime events and
 * messages without a restart.
 */
describe('the app survives its database', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  });

  async function until<T>(check: () => Promise<T | null | false | undefined>, what: string, timeoutMs = 20_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await check().catch(() => null);
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** A staff member's board on `base`, subscribed to restaurant 1: the new orders' numbers it hears. */
  async function board(base: string, token: string): Promise<string[]> {
    const clients = realtimeClients(base);
    cleanups.push(async () => clients.closeAll());
    const socket = await clients.open(token);
    const heard: string[] = [];
    socket.on('order_created', (event: { order: { order_number: string } }) => heard.push(event.order.order_number));
    expect((await clients.subscribe(socket, { channel: 'staff', restaurant_id: 1 })).ok).toBe(true);
    return heard;
  }

  /** Requests that need the database, while it is away: each a 503 in the error shape, or served. */
  async function probe(t: TestContext, statuses: number[]): Promise<void> {
    for (const url of ['/api/v1/menu', '/api/v1/restaurants/1', '/api/info']) {
      const response = await request(t.app, { url });
      statuses.push(response.statusCode);
      if (response.statusCode === 503) {
        expect(response.json()).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: 'Kusina is briefly unavailable. Please try again in a moment.' } });
      }
    }
    const quote = await request(t.app, { method: 'POST', url: '/api/v1/checkout/quote', payload: { restaurant_id: 1, items: [{ menu_item_id: 1, quantity: 1 }] } });
    statuses.push(quote.statusCode);
  }

  /** Everything works again: ready, an order placed (heard live on `heard`), its messages delivered, the menu cached and fresh. */
  async function worksAgain(t: TestContext, heard: string[]): Promise<void> {
    await until(async () => (await request(t.app, { url: '/health/ready' })).statusCode === 200, 'readiness');
    await until(async () => t.app.menuCache.isListening, 'the menu cache listening again');

    const item = await until(() => createItem(t.db, { name: 'Kelaguen after the outage', priceCents: 1300 }), 'a write');
    const placed = await until(async () => {
      const response = await placeOrder(t.app, await pay(t.app, { items: [{ menu_item_id: item.id, quantity: 1 }] }), { items: [{ menu_item_id: item.id, quantity: 1 }] });
      return response.statusCode === 201 ? (response.json() as { id: number; order_number: string }) : null;
    }, 'an order');
    await until(async () => heard.includes(placed.order_number), 'the order heard live on the board');
    // Its confirmation text and e-mail delivered: the job queue works again.
    await until(async () => {
      const rows = await t.db.select().from(notifications).where(eq(notifications.template, 'order_confirmation'));
      return rows.filter((row) => row.body.includes(placed.order_number) && row.status === 'sent').length === 2;
    }, 'the order messages delivered');

    // The menu: served, cached, and fresh after a change made straight in the database (its NOTIFY).
    const readMenu = async () => (await request(t.app, { url: '/api/v1/menu' })).json() as { items: { id: number; price_cents: number }[] };
    const [first] = (await readMenu()).items;
    const hits = t.app.menuCache.stats.hits;
    expect((await readMenu()).items[0]).toEqual(first);
    expect(t.app.menuCache.stats.hits).toBe(hits + 1);
    await t.pool.query('UPDATE menu_items SET price_cents = price_cents + 100 WHERE id = $1', [first!.id]);
    await until(async () => (await readMenu()).items.find((i) => i.id === first!.id)?.price_cents === first!.price_cents + 100, 'the menu change seen');
  }

  it('every connection of two app nodes cut with pg_terminate_backend: 503 or served meanwhile, then orders, menu and cross-node events again', { timeout: 120_000 }, async () => {
    const a = await build({}, { crossNode: true });
    cleanups.push(() => a.close());
    await openAllDay(a.db);
    const b = await build({}, { databaseUrl: a.databaseUrl, crossNode: true });
    cleanups.push(() => b.close());
    const heard = await board(await listen(b), await tokenFor(b.app, b.db, 'staff@kusina.test'));
    await until(async () => a.app.menuCache.isListening && b.app.menuCache.isListening, 'the menu caches listening');
    const serverCount = (node: TestContext) => node.app.realtime.io.of('/').adapter.serverCount();
    await until(async () => (await serverCount(a)) === 2 && (await serverCount(b)) === 2, 'the two nodes to know each other');
    expect((await request(a.app, { url: '/api/v1/menu' })).statusCode).toBe(200);
    // Before: an order placed on one node is heard on the other's board.
    const before = await simpleOrder(a.app, a.db);
    await until(async () => heard.includes(before.order_number), 'an order heard on the other node');

    const admin = new pg.Client({ connectionString: a.databaseUrl });
    await admin.connect();
    cleanups.push(() => admin.end());
    const { rows } = await admin.query<{ n: number }>(
      'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    // Both pools, both job queues, both adapters' and both menu caches' LISTEN connections.
    expect(rows[0]!.n).toBeGreaterThanOrEqual(6);

    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) await probe(a, statuses);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect((await request(a.app, { url: '/health' })).statusCode).toBe(200);

    // The adapters LISTEN again (they reconnect 1-3 s after the loss; @socket.io/postgres-adapter's
    // PubSubClient holds its connection as `client` once listening) and know each other.
    const listening = (node: TestContext) => (node.app.realtime.io.of('/').adapter as unknown as { client: { client?: unknown } }).client.client !== undefined;
    await until(async () => listening(a) && listening(b) && (await serverCount(a)) === 2 && (await serverCount(b)) === 2, 'the two nodes listening again');
    await worksAgain(a, heard);
  });

  it('the embedded PostgreSQL stopped and started again under requests: 503 during the gap, then everything again', { timeout: 180_000 }, async () => {
    const log = pino({ level: 'silent' });
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kusina-outage-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    let server: EmbeddedDatabase | null = await startEmbeddedPostgres({ dataDir, port, persistent: true, log });
    cleanups.push(async () => void (await server?.stop()));
    const setup = createPool(server.url, 2);
    await runMigrations(createDatabase(setup));
    await seedDemo(createDatabase(setup));
    await setup.end();

    const t = await build({}, { databaseUrl: server.url, crossNode: true });
    cleanups.push(() => t.close());
    await openAllDay(t.db);
    const heard = await board(await listen(t), await tokenFor(t.app, t.db, 'staff@kusina.test'));
    await until(async () => t.app.menuCache.isListening, 'the menu cache listening');

    // Requests keep coming while the server stops, stays down, and starts again.
    const statuses: number[] = [];
    let load = true;
    const traffic = (async () => {
      while (load) await probe(t, statuses);
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await server.stop();
    server = null;
    const during: number[] = [];
    for (let i = 0; i < 3; i++) await probe(t, during);
    // The menu and the restaurant, just served, come from memory (read-only grace, decision 0088);
    // /api/info and the quote need the database: 503.
    expect(during.filter((_, i) => i % 4 < 2).every((s) => s === 200)).toBe(true);
    expect(during.filter((_, i) => i % 4 >= 2).every((s) => s === 503)).toBe(true);
    expect((await request(t.app, { url: '/health' })).statusCode).toBe(200);
    const ready = await request(t.app, { url: '/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', database: { status: 'unreachable' } });
    expect(t.app.menuCache.isListening).toBe(false);

    server = await startEmbeddedPostgres({ dataDir, port, persistent: true, log });
    await worksAgain(t, heard);
    load = false;
    await traffic;
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(statuses).toContain(503);
  });
});
