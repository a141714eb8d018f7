import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../db/client.ts';
import { build, createTestDatabase, type TestContext } from '../test/build.ts';
import { notifyCoalescingPool } from './notify-pool.ts';
import { rooms } from './socket.ts';

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!check()) {
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
  let b: TestContext;
  let socket: Socket;
  beforeAll(async () => {
    a = await build({}, { crossNode: true });
    b = await build({}, { databaseUrl: a.databaseUrl, crossNode: true });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    socket = connect(`http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`, { transports: ['websocket'], forceNew: true });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  });
  afterAll(async () => {
    socket.disconnect();
    await b.close();
    await a.close();
  });

  it("a burst of events emitted on one node reaches the other node's sockets, all of them, in order", async () => {
    const joined = await new Promise<{ ok: boolean }>((resolve) => socket.emit('subscribe', { channel: 'restaurant', restaurant_id: 1 }, resolve));
    expect(joined.ok).toBe(true);
    const received: number[] = [];
    socket.on('menu_changed', (payload: { n: number }) => received.push(payload.n));
    // As a batch of orders does: many emits in one turn.
    for (let n = 0; n < 20; n++) a.app.realtime.emit(rooms.restaurant(1), 'menu_changed', { n });
    await until(() => received.length === 20, 'twenty events on the other node');
    expect(received).toEqual(Array.from({ length: 20 }, (_, n) => n));
  });
});
