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
});
