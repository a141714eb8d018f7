import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { CATCH_UP_EVENT } from '@kusina/domain/realtime';
import { createDatabase, createPool } from '../db/client.ts';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { createItem, openAllDay, pay, placeOrder } from '../modules/orders/test-support.ts';
import { build, request, tokenFor, type TestContext } from './build.ts';
import { listen, realtimeClients } from './realtime.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(check: () => Promise<T | null | false | undefined> | T | null | false | undefined, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await Promise.resolve()
      .then(check)
      .catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** A PostgreSQL of the test's own (migrated, seeded) that it can stop and start again on the same port. */
async function restartableDatabase(cleanups: (() => Promise<void>)[]) {
  const log = pino({ level: 'silent' });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kusina-nodes-'));
  const port = await freePort();
  let server: EmbeddedDatabase | null = await startEmbeddedPostgres({ dataDir, port, persistent: true, log });
  cleanups.push(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const url = server.url;
  const setup = createPool(url, 2);
  await prepareDatabase(url, createDatabase(setup), { seedDemo: true, log });
  await setup.end();
  return {
    url,
    async stop() {
      await server?.stop();
      server = null;
    },
    async start() {
      server = await startEmbeddedPostgres({ dataDir, port, persistent: true, log });
    },
  };
}

/** Node-to-node: each app's adapter has heard the other. */
async function knowEachOther(...nodes: TestContext[]): Promise<void> {
  await until(async () => {
    for (const node of nodes) if ((await node.app.realtime.io.of('/').adapter.serverCount()) !== nodes.length) return false;
    return true;
  }, 'the nodes to know each other');
}

describe('many nodes on one PostgreSQL (issue #38)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  });

  it('a board on node A sees every order placed on node B across a PostgreSQL restart, by event or by catch-up', { timeout: 120_000 }, async () => {
    const database = await restartableDatabase(cleanups);
    const a = await build({}, { databaseUrl: database.url, crossNode: true });
    cleanups.push(() => a.close());
    const b = await build({}, { databaseUrl: database.url, crossNode: true });
    cleanups.push(() => b.close());
    await openAllDay(a.db);
    const item = await createItem(a.db, { name: 'Kelaguen for the board', priceCents: 1300 });
    const staffToken = await tokenFor(a.app, a.db, 'staff@kusina.test');

    // The board on A, as the SPA's: order_created adds a card; catch_up refetches the list.
    const clients = realtimeClients(await listen(a));
    cleanups.push(async () => clients.closeAll());
    const socket = await clients.open(staffToken);
    const onBoard = new Map<string, number>();
    socket.on('order_created', (event: { order: { order_number: string } }) => {
      if (!onBoard.has(event.order.order_number)) onBoard.set(event.order.order_number, Date.now());
    });
    const catchUps: unknown[] = [];
    socket.on(CATCH_UP_EVENT, (payload: unknown) => {
      catchUps.push(payload);
      void request(a.app, { url: '/api/v1/admin/orders?restaurant_id=1&per_page=100', token: staffToken }).then((response) => {
        if (response.statusCode !== 200) return;
        for (const order of (response.json() as { orders: { order_number: string }[] }).orders) if (!onBoard.has(order.order_number)) onBoard.set(order.order_number, Date.now());
      });
    });
    expect((await clients.subscribe(socket, { channel: 'staff', restaurant_id: 1 })).ok).toBe(true);
    await knowEachOther(a, b);

    // Orders placed on B, one after another, before, during and after the restart.
    const placed = new Map<string, number>();
    let placing = true;
    const traffic = (async () => {
      const items = [{ menu_item_id: item.id, quantity: 1 }];
      while (placing) {
        const response = await pay(b.app, { items })
          .then((paymentId) => placeOrder(b.app, paymentId, { items }))
          .catch(() => null);
        if (response?.statusCode === 201) placed.set((response.json() as { order_number: string }).order_number, Date.now());
        else await sleep(100);
      }
    })();
    await until(() => placed.size >= 3, 'orders before the restart');
    await database.stop();
    await sleep(1_500);
    await database.start();
    const back = placed.size;
    await until(() => placed.size >= back + 20, 'orders after the restart');
    placing = false;
    await traffic;

    await until(() => [...placed.keys()].every((number) => onBoard.has(number)), 'every order on the board', 10_000).catch(() => undefined);
    expect([...placed.keys()].filter((number) => !onBoard.has(number))).toEqual([]);
    // Each within a few seconds of its 201.
    const worst = Math.max(...[...placed].map(([number, at]) => onBoard.get(number)! - at));
    expect(worst).toBeLessThan(5_000);
    expect(catchUps.length).toBeGreaterThanOrEqual(1);
  });

  it('a node that goes silent without its goodbye (killed) makes the others tell their clients to catch up; one that closes cleanly does not, and leaves their sockets connected', { timeout: 120_000 }, async () => {
    const a = await build({}, { crossNode: true });
    cleanups.push(() => a.close());
    const b = await build({}, { databaseUrl: a.databaseUrl, crossNode: true });
    cleanups.push(() => b.close());
    const c = await build({}, { databaseUrl: a.databaseUrl, crossNode: true });
    let cClosed = false;
    cleanups.push(async () => void (cClosed || (await c.close())));
    const clients = realtimeClients(await listen(a));
    cleanups.push(async () => clients.closeAll());
    const socket = await clients.open(await tokenFor(a.app, a.db, 'staff@kusina.test'));
    const catchUps: unknown[] = [];
    socket.on(CATCH_UP_EVENT, (payload: unknown) => catchUps.push(payload));
    const disconnects: string[] = [];
    socket.on('disconnect', (reason: string) => disconnects.push(reason));
    await knowEachOther(a, b, c);

    // C closes as SIGTERM does: its goodbye (ADAPTER_CLOSE) reaches A, which forgets it at once.
    await c.close();
    cClosed = true;
    await until(async () => (await a.app.realtime.io.of('/').adapter.serverCount()) === 2, 'A to forget C');
    expect(catchUps).toEqual([]);
    // Its leaving closed its own sockets only, not A's (a rolling deploy keeps every other board connected).
    expect(disconnects).toEqual([]);
    expect(socket.connected).toBe(true);

    // B falls silent as a killed process does: no goodbye, no heartbeat (its adapter publishes nothing more).
    (b.app.realtime.io.of('/').adapter as unknown as { doPublish: () => Promise<string> }).doPublish = async () => '';
    await until(() => catchUps.length > 0, 'a catch-up once B is forgotten', 20_000);
    expect(catchUps).toEqual([{ gap_ms: 0 }]);
    expect(await a.app.realtime.io.of('/').adapter.serverCount()).toBe(1);
  });

  it('one outage of several seconds under steady requests writes a handful of log lines, none with SQL or a stack', { timeout: 120_000 }, async () => {
    const database = await restartableDatabase(cleanups);
    const lines: { level: number; msg: string; text: string }[] = [];
    const logStream = {
      write(line: string) {
        const entry = JSON.parse(line) as { level: number; msg: string };
        lines.push({ level: entry.level, msg: entry.msg, text: line });
      },
    };
    const t = await build({ LOG_LEVEL: 'info' }, { databaseUrl: database.url, logStream });
    cleanups.push(() => t.close());
    await until(async () => t.app.menuCache.isListening, 'the menu cache listening');
    // Fastify's access log (a line as each request comes and goes) is not the outage's business.
    const outageLines = () => lines.filter((line) => line.msg !== 'incoming request' && line.msg !== 'request completed');
    const before = outageLines().length;

    await database.stop();
    const stoppedAt = Date.now();
    const statuses: number[] = [];
    while (Date.now() - stoppedAt < 7_000) {
      for (const url of ['/api/info', '/health/ready', '/api/v1/menu_categories?restaurant_id=2']) statuses.push((await request(t.app, { url })).statusCode);
      statuses.push((await request(t.app, { method: 'POST', url: '/api/v1/checkout/quote', payload: { restaurant_id: 1, items: [{ menu_item_id: 1, quantity: 1 }] } })).statusCode);
      await sleep(50);
    }
    await database.start();
    await until(() => outageLines().some((line) => line.msg === 'database reachable again'), 'the outage over in the log');

    expect(statuses.filter((status) => status === 503).length).toBeGreaterThan(100);
    const written = outageLines().slice(before);
    // Begins, one or two summaries, ends; each cache's LISTEN (the menu's, the fundraiser list's) lost and back.
    expect(written.length, written.map((line) => line.msg).join('\n')).toBeLessThanOrEqual(8);
    expect(written.map((line) => line.msg)).toEqual(expect.arrayContaining([expect.stringMatching(/^database unreachable/), 'database reachable again']));
    for (const line of written) {
      expect(line.text).not.toMatch(/SELECT|INSERT|"stack"/);
      expect(line.text.length).toBeLessThan(600);
    }
    const end = JSON.parse(written.find((line) => line.msg === 'database reachable again')!.text) as { outage: { durationMs: number; request: number; readiness: number } };
    expect(end.outage.durationMs).toBeGreaterThan(5_000);
    expect(end.outage.request + end.outage.readiness).toBeGreaterThan(100);
  });

  it('read-only grace: the menu, the restaurant and its hours answer 200 from memory, marked stale, during a short outage; writes still 503', { timeout: 120_000 }, async () => {
    const database = await restartableDatabase(cleanups);
    const t = await build({ READ_GRACE_SECONDS: '3' }, { databaseUrl: database.url });
    cleanups.push(() => t.close());
    const reads = ['/api/v1/menu?restaurant_id=1', '/api/v1/restaurants/1', '/api/v1/public/restaurant_schedule/1', '/api/v1/wholesale/fundraisers', '/api/v1/wholesale/fundraisers?search=a'];
    const served = new Map<string, string>();
    for (const url of reads) {
      const response = await request(t.app, { url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['x-kusina-stale']).toBeUndefined();
      served.set(url, response.body);
    }
    // The browser's gzip copy of the menu is kept too.
    const gzipMenu = await request(t.app, { url: '/api/v1/menu?restaurant_id=1', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipMenu.headers['content-encoding']).toBe('gzip');
    const servedAt = Date.now();

    await database.stop();
    for (const url of reads) {
      const response = await request(t.app, { url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['x-kusina-stale'], url).toBe('1');
      expect(response.headers.warning).toBe('110 - "Response is Stale"');
      expect(response.body).toBe(served.get(url));
    }
    const gzipStale = await request(t.app, { url: '/api/v1/menu?restaurant_id=1', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipStale.statusCode).toBe(200);
    expect(gzipStale.headers['content-encoding']).toBe('gzip');
    expect(gzipStale.rawPayload.equals(gzipMenu.rawPayload)).toBe(true);
    // A read not served before, and every write: the 503 they answer today.
    const unavailable = { error: { code: 'SERVICE_UNAVAILABLE', message: 'Kusina is briefly unavailable. Please try again in a moment.' } };
    const other = await request(t.app, { url: '/api/v1/menu?restaurant_id=2' });
    expect([other.statusCode, other.json()]).toEqual([503, unavailable]);
    const quote = await request(t.app, { method: 'POST', url: '/api/v1/checkout/quote', payload: { restaurant_id: 1, items: [{ menu_item_id: 1, quantity: 1 }] } });
    expect([quote.statusCode, quote.json()]).toEqual([503, unavailable]);

    // Past READ_GRACE_SECONDS the kept answer is no longer served.
    await sleep(Math.max(0, servedAt + 3_200 - Date.now()));
    const late = await request(t.app, { url: '/api/v1/menu?restaurant_id=1' });
    expect(late.statusCode).toBe(503);

    await database.start();
    const fresh = await until(async () => {
      const response = await request(t.app, { url: '/api/v1/menu?restaurant_id=1' });
      return response.statusCode === 200 ? response : null;
    }, 'the menu from the database again');
    expect(fresh.headers['x-kusina-stale']).toBeUndefined();
  });
});
