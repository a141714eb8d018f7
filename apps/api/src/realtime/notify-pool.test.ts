import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../db/client.ts';
import { build, createTestDatabase, type TestContext } from '../test/build.ts';
import { notifyCoalescingPool } from './notify-pool.ts';
import { rooms } from './socket.ts';

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the pool the Socket.IO adapter publishes through', () => {
  let pool: pg.Pool;
  let listener: pg.Client;
  const heard: string[] = [];
  let statements = 0;
  let counted: pg.Pool;
  beforeAll(async () => {
    const url = await createTestDatabase();
    pool = createPool(url, 3);
    listener = new pg.Client({ connectionString: url });
    await listener.connect();
    listener.on('notification', (message) => heard.push(`${message.channel}:${message.payload}`));
    await listener.query('LISTEN "kusina-a"');
    await listener.query('LISTEN "kusina-b"');
    // The real pool, counting the statements it is asked to run.
    counted = new Proxy(pool, {
      get(target, property) {
        if (property === 'query') {
          return (...args: Parameters<pg.Pool['query']>) => {
            statements++;
            return (target.query as (...a: unknown[]) => unknown)(...args);
          };
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  });
  afterAll(async () => {
    await listener.end();
    await pool.end();
  });

  it('sends the notifications of one turn of the event loop as ONE statement, in order', async () => {
    const wrapped = notifyCoalescingPool(counted);
    const sent = ['a', 'b', 'a', 'a', 'b'].map((channel, i) => wrapped.query('SELECT pg_notify($1, $2)', [`kusina-${channel}`, `m${i}`]));
    await Promise.all(sent);
    expect(statements).toBe(1);
    await until(() => heard.length === 5, 'five notifications');
    expect(heard).toEqual(['kusina-a:m0', 'kusina-b:m1', 'kusina-a:m2', 'kusina-a:m3', 'kusina-b:m4']);
  });

  it('passes every other query and connection through untouched', async () => {
    const wrapped = notifyCoalescingPool(counted);
    const before = statements;
    const { rows } = await wrapped.query<{ one: number }>('SELECT 1 AS one');
    expect(rows).toEqual([{ one: 1 }]);
    expect(statements).toBe(before + 1);
    const client = await wrapped.connect();
    expect((await client.query<{ two: number }>('SELECT 2 AS two')).rows).toEqual([{ two: 2 }]);
    client.release();
    // A statement PostgreSQL refuses fails every caller that shared it.
    await expect(wrapped.query('SELECT pg_notify($1, $2)', ['', 'x'])).rejects.toThrow(/channel name cannot be empty/);
  });
});

describe('realtime across nodes', () => {
  let a: TestContext;
  let b: TestContext | undefined;
  let listener: pg.Client;
  /** The broadcasts published through PostgreSQL (the adapter's channel for the "/" namespace), by event name. */
  const published: string[] = [];
  const sockets: Socket[] = [];
  const serverCount = (node: TestContext) => node.app.realtime.io.of('/').adapter.serverCount();

  async function listen(node: TestContext): Promise<Socket> {
    const socket = connect(`http://127.0.0.1:${(node.app.server.address() as AddressInfo).port}`, { transports: ['websocket'], forceNew: true });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const joined = await new Promise<{ ok: boolean }>((resolve) => socket.emit('subscribe', { channel: 'restaurant', restaurant_id: 1 }, resolve));
    expect(joined.ok).toBe(true);
    return socket;
  }

  /** Every notification on the channel sent before this call has been heard when it returns. */
  async function heardSoFar(): Promise<void> {
    const marker = `marker-${published.length}-${Math.random()}`;
    await a.pool.query('SELECT pg_notify($1, $2)', ['socket.io#/', marker]);
    await until(() => published.includes(marker), 'the marker notification');
  }

  beforeAll(async () => {
    a = await build({}, { crossNode: true });
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    listener = new pg.Client({ connectionString: a.databaseUrl });
    await listener.connect();
    listener.on('notification', (message) => {
      const payload = message.payload ?? '';
      published.push(payload.startsWith('marker-') ? payload : String((JSON.parse(payload) as { data?: { packet?: { data?: unknown[] } } }).data?.packet?.data?.[0]));
    });
    await listener.query('LISTEN "socket.io#/"');
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await listener.end();
    await b?.close();
    await a.close();
  });

  it('a node that knows no other keeps its broadcasts to its own sockets: nothing goes through PostgreSQL', async () => {
    expect(await serverCount(a)).toBe(1);
    const socket = await listen(a);
    const received: number[] = [];
    socket.on('menu_changed', (payload: { n: number }) => received.push(payload.n));
    for (let n = 0; n < 3; n++) a.app.realtime.emit(rooms.restaurant(1), 'menu_changed', { n });
    await until(() => received.length === 3, 'three events on the same node');
    expect(received).toEqual([0, 1, 2]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await heardSoFar();
    expect(published.filter((event) => event === 'menu_changed')).toEqual([]);
  });

  it("once another node has said hello, a burst of events emitted on one node reaches the other node's sockets, all of them, in order", async () => {
    b = await build({}, { databaseUrl: a.databaseUrl, crossNode: true });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    const other = b;
    await until(async () => (await serverCount(a)) === 2 && (await serverCount(other)) === 2, 'the two nodes to know each other');
    const socket = await listen(other);
    const before = published.filter((event) => event === 'menu_changed').length;
    const received: number[] = [];
    socket.on('menu_changed', (payload: { n: number }) => received.push(payload.n));
    // Many emits in one turn.
    for (let n = 0; n < 20; n++) a.app.realtime.emit(rooms.restaurant(1), 'menu_changed', { n });
    await until(() => received.length === 20, 'twenty events on the other node');
    expect(received).toEqual(Array.from({ length: 20 }, (_, n) => n));
    await heardSoFar();
    expect(published.filter((event) => event === 'menu_changed')).toHaveLength(before + 20);
  });

  it('when the other node closes, the one left stops publishing again', async () => {
    await b!.close();
    b = undefined;
    await until(async () => (await serverCount(a)) === 1, 'the node left to forget the other');
    const before = published.filter((event) => event === 'menu_changed').length;
    a.app.realtime.emit(rooms.restaurant(1), 'menu_changed', { n: 99 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await heardSoFar();
    expect(published.filter((event) => event === 'menu_changed')).toHaveLength(before);
  });
});
