// `npm run three-nodes` (issue #38): three nodes of the production build on one PostgreSQL, as an
// operator scales Kusina out on one machine. All three start at the same moment on an empty database
// (migrations and the demo seed under the advisory lock, decision 0089). A staff board (a Socket.IO
// client, as the SPA's: order_created adds a card; catch_up and a reconnect refetch the board) is
// open on each node. Orders are placed round-robin through the nodes at a steady rate, each paid
// with the test processor's card 4242…; an order the node cannot take (503, connection refused) is
// sent again, with the same Idempotency-Key, to the next node, as a client behind a load balancer
// would. Along the way PostgreSQL is restarted and one node is killed (SIGKILL); that node's board
// then moves to another node, as its browser would. At the end it prints the orders placed, the
// orders on every board, the duplicates, the lost and the worst delay between an order's answer
// and its card on a board, and each node's log lines about the outage.
//
// Environment: NODES_RATE (orders a second, default 8), NODES_DURATION (s of ordering, default 40),
// NODES_RESTART_AT (s, PostgreSQL restarted, default 10), NODES_DOWN_MS (how long it stays stopped,
// default 3000), NODES_KILL_AT (s, the third node killed, default 25), NODES_SERVER (another build,
// default apps/api/dist/main.js). Run it with `npm run build` first (npm run three-nodes does).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { io } from 'socket.io-client';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded.ts';

const root = path.resolve(import.meta.dirname, '..');
const RATE = Number(process.env.NODES_RATE ?? 8);
const DURATION_S = Number(process.env.NODES_DURATION ?? 40);
const RESTART_AT_S = Number(process.env.NODES_RESTART_AT ?? 10);
const DOWN_MS = Number(process.env.NODES_DOWN_MS ?? 3000);
const KILL_AT_S = Number(process.env.NODES_KILL_AT ?? 25);
const serverEntry = path.resolve(root, process.env.NODES_SERVER ?? 'apps/api/dist/main.js');
const CARD_4242 = { number: '4242424242424242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123' };
const contact = { name: 'Three Nodes', email: 'three-nodes@example.com', phone: '+16715551234' };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
const started = Date.now();
const at = () => `${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s`;
const say = (what) => console.log(`[${at()}] ${what}`);

// ── PostgreSQL: one server, restarted along the way ─────────────────────────────────────────
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kusina-three-nodes-'));
const pgPort = await freePort();
const pgLog = pino({ level: 'warn' });
let database = await startEmbeddedPostgres({ dataDir, port: pgPort, persistent: true, log: pgLog });
const databaseUrl = database.url;
const jwtSecret = randomBytes(32).toString('hex');

// ── Three nodes, started at once on the empty database ──────────────────────────────────────
/** @type {{ name: string, base: string, process: import('node:child_process').ChildProcess, alive: boolean, lines: object[] }[]} */
const nodes = [];
for (const name of ['node-1', 'node-2', 'node-3']) {
  const port = await freePort();
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), `kusina-${name}-`)),
      JWT_SECRET: jwtSecret,
      LOG_LEVEL: 'info',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      // Production on an external database fails closed (decision 0086): this run is a staging copy
      // that asks for the demo (its staff account and menu), test cards and the outbox explicitly.
      SEED_DEMO: 'true',
      SEED_DEMO_IN_PRODUCTION: 'true',
      ALLOW_TEST_PAYMENTS: 'true',
      MESSAGES_OUTBOX_ONLY: 'true',
    },
  });
  const node = { name, base: `http://127.0.0.1:${port}`, process: child, alive: true, lines: [], exit: null };
  let buffered = '';
  child.stdout.on('data', (chunk) => {
    buffered += chunk;
    const parts = buffered.split('\n');
    buffered = parts.pop();
    for (const line of parts) {
      try {
        node.lines.push({ at: Date.now(), ...JSON.parse(line) });
      } catch {
        node.lines.push({ at: Date.now(), msg: line });
      }
    }
  });
  child.stderr.on('data', (chunk) => process.stderr.write(`[${name}] ${chunk}`));
  child.on('exit', (code, signal) => {
    node.alive = false;
    node.exit = signal ?? code;
  });
  nodes.push(node);
}
const shutdown = async () => {
  for (const node of nodes) if (node.alive) node.process.kill('SIGTERM');
  await Promise.all(nodes.map((node) => (node.alive ? new Promise((resolve) => node.process.once('exit', resolve)) : null)));
  await database?.stop();
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('SIGINT', async () => {
  await shutdown();
  process.exit(130);
});

async function call(base, method, url, body, headers = {}) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const readyDeadline = Date.now() + 90_000;
for (const node of nodes) {
  for (;;) {
    if (!node.alive) throw new Error(`${node.name} exited during start (${node.exit}): ${JSON.stringify(node.lines.slice(-3))}`);
    const ready = await call(node.base, 'GET', '/health/ready').catch(() => null);
    if (ready?.status === 200) break;
    if (Date.now() > readyDeadline) throw new Error(`${node.name} never became ready`);
    await sleep(200);
  }
}
say(`three nodes up on one empty database (started together): ${nodes.map((n) => n.name).join(', ')}`);

// Open all day (ordering follows the opening hours, issue #23), as bench.mjs does.
{
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`UPDATE operating_hours SET open_time = '00:00', close_time = '00:00', closed = false WHERE restaurant_id = 1`);
  await client.query('DELETE FROM special_events WHERE restaurant_id = 1');
  await client.end();
}
const { body: menu } = await call(nodes[0].base, 'GET', '/api/v1/menu?restaurant_id=1');
const untracked = menu.items.filter((item) => item.is_available && !item.enable_stock_tracking && item.option_groups.every((g) => g.min_select === 0));
if (untracked.length === 0) throw new Error('the demo menu has no untracked item to order');
const cart = [{ menu_item_id: untracked[0].id, quantity: 1, selected_options: {} }];
const { body: login } = await call(nodes[0].base, 'POST', '/api/v1/auth/login', { email: 'staff@kusina.test', password: 'HafaAdai!2026' });
const staffToken = login.jwt;

// ── A staff board on each node ───────────────────────────────────────────────────────────────
class Board {
  constructor(home) {
    this.home = home;
    /** order number → when it first appeared (event or refetch) */
    this.seen = new Map();
    this.events = 0;
    this.duplicateEvents = 0;
    this.catchUps = 0;
    this.moves = 0;
    this.connect(home);
  }
  connect(node) {
    this.node = node;
    const socket = io(node.base, { path: '/socket.io', transports: ['websocket'], auth: { token: staffToken }, reconnectionDelay: 300, reconnectionDelayMax: 1000 });
    this.socket = socket;
    socket.on('connect', () => {
      socket.emit('subscribe', { channel: 'staff', restaurant_id: 1 }, (ack) => {
        if (ack?.ok) void this.refetch();
      });
    });
    socket.on('order_created', (event) => {
      this.events++;
      const number = event.order.order_number;
      if (this.seen.has(number) && this.seen.get(number).by === 'event') this.duplicateEvents++;
      if (!this.seen.has(number)) this.seen.set(number, { at: Date.now(), by: 'event' });
    });
    socket.on('catch_up', () => {
      this.catchUps++;
      void this.refetch();
    });
    // A handshake refused while the database is away (its token cannot be checked) is not retried
    // by socket.io-client: the SPA polls meanwhile and connects again; so does this board.
    socket.on('connect_error', () => {
      setTimeout(() => {
        if (this.socket !== socket || socket.connected) return;
        socket.close();
        this.connect(this.node.alive ? this.node : (nodes.find((n) => n.alive) ?? this.node));
      }, 1000);
    });
    socket.on('disconnect', () => {
      // Its node is gone for good: the browser lands on another node (a load balancer's choice).
      setTimeout(() => {
        if (!this.node.alive && this.socket === socket) {
          socket.close();
          const next = nodes.find((n) => n.alive);
          if (next) {
            this.moves++;
            this.connect(next);
          }
        }
      }, 500);
    });
  }
  /** The board's list fetched again, every page of it (orders retried after the outage arrive in a flood). */
  async refetch() {
    for (let page = 1, attempt = 0; attempt < 40; ) {
      const response = await call(this.node.base, 'GET', `/api/v1/admin/orders?restaurant_id=1&per_page=100&page=${page}`, undefined, { authorization: `Bearer ${staffToken}` }).catch(() => null);
      if (response?.status !== 200) {
        attempt++;
        await sleep(500);
        continue;
      }
      for (const order of response.body.orders) if (!this.seen.has(order.order_number)) this.seen.set(order.order_number, { at: Date.now(), by: 'refetch' });
      if (page >= response.body.total_pages) return;
      page++;
    }
  }
  close() {
    this.socket.close();
  }
}
const boards = nodes.map((node) => new Board(node));
await sleep(6_000); // the nodes hear each other (heartbeats every 5 s)

// ── Orders, round-robin at a steady rate ─────────────────────────────────────────────────────
/** @type {Map<string, { number: string, answeredAt: number, node: string, attempts: number }>} */
const placed = new Map();
const numbersByKey = new Map();
let duplicateAnswers = 0;
let failedAttempts = 0;
let next = 0;
async function placeOne(key) {
  for (let attempt = 1; attempt <= 200; attempt++) {
    const alive = nodes.filter((n) => n.alive);
    const node = alive[next++ % alive.length];
    try {
      const payment = await call(node.base, 'POST', '/api/v1/payments', { restaurant_id: 1, items: cart });
      if (payment.status !== 201) throw new Error(`payment ${payment.status}`);
      const confirmed = await call(node.base, 'POST', `/api/v1/payments/${payment.body.payment_id}/confirm`, { card: CARD_4242 });
      if (confirmed.status !== 200) throw new Error(`confirm ${confirmed.status}`);
      // One Idempotency-Key per order for all its attempts: a retry never makes a second order.
      const order = await call(node.base, 'POST', '/api/v1/orders', { restaurant_id: 1, items: cart, contact, payment_id: payment.body.payment_id }, { 'idempotency-key': key });
      if (order.status !== 201 && order.status !== 200) throw new Error(`order ${order.status}`);
      const number = order.body.order_number;
      if (numbersByKey.has(key) && numbersByKey.get(key) !== number) duplicateAnswers++;
      numbersByKey.set(key, number);
      placed.set(key, { number, answeredAt: Date.now(), node: node.name, attempts: attempt });
      return;
    } catch {
      failedAttempts++;
      await sleep(250);
    }
  }
  console.error(`order ${key} never placed`);
}
const inFlight = [];
let stoppedAt = 0;
let databaseBackAt = 0;
const events = [
  {
    at: RESTART_AT_S,
    run: async () => {
      say('PostgreSQL stopping');
      stoppedAt = Date.now();
      const stopped = database;
      database = null;
      await stopped.stop();
      await sleep(DOWN_MS);
      database = await startEmbeddedPostgres({ dataDir, port: pgPort, persistent: true, log: pgLog });
      databaseBackAt = Date.now();
      say(`PostgreSQL started again (stopped for ${DOWN_MS} ms; away ${databaseBackAt - stoppedAt} ms with its stop and start)`);
    },
  },
  {
    at: KILL_AT_S,
    run: async () => {
      nodes[2].process.kill('SIGKILL');
      say(`${nodes[2].name} killed (SIGKILL)`);
    },
  },
];
const scripted = events.map((event) => sleep(event.at * 1000).then(event.run));
say(`placing ${RATE} orders a second for ${DURATION_S} s round-robin; PostgreSQL restarted at ${RESTART_AT_S} s, ${nodes[2].name} killed at ${KILL_AT_S} s`);
const ordersStart = Date.now();
for (let i = 0; i < RATE * DURATION_S; i++) {
  const due = ordersStart + (i * 1000) / RATE;
  if (due > Date.now()) await sleep(due - Date.now());
  inFlight.push(placeOne(`three-nodes-${i}-${randomBytes(4).toString('hex')}`));
}
await Promise.all(inFlight);
await Promise.all(scripted);
say(`${placed.size} orders placed; waiting for the boards`);

// ── The boards: every order, by event or catch-up ───────────────────────────────────────────
const liveBoards = () => boards;
const deadline = Date.now() + 15_000;
while (Date.now() < deadline && !liveBoards().every((board) => [...placed.values()].every((order) => board.seen.has(order.number)))) await sleep(200);

const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const { rows } = await client.query('SELECT count(*)::int AS orders, count(DISTINCT order_number)::int AS numbers FROM orders WHERE contact_email = $1', [contact.email]);
await client.end();

const report = [];
let worst = 0;
let worstSinceBack = 0;
let lostTotal = 0;
for (const board of boards) {
  const lost = [...placed.values()].filter((order) => !board.seen.has(order.number));
  lostTotal += lost.length;
  const relTime = (t) => `${((t - ordersStart) / 1000).toFixed(1)} s`;
  if (lost.length) report.push(`    lost: ${lost.slice(0, 12).map((order) => `${order.number} (${order.node} at ${relTime(order.answeredAt)})`).join(', ')}`);
  const delays = [...placed.values()].filter((order) => board.seen.has(order.number)).map((order) => Math.max(0, board.seen.get(order.number).at - order.answeredAt));
  const boardWorst = Math.max(0, ...delays);
  worst = Math.max(worst, boardWorst);
  // An order whose event was lost to the outage (answered while PostgreSQL went away, or just
  // before, its NOTIFY not yet out) can reach no board before PostgreSQL is back: for such an order
  // (answered before the return, on the board after the stop) the delay counted from the return too.
  const sinceBack = [...placed.values()]
    .filter((order) => board.seen.has(order.number))
    .map((order) => {
      const seenAt = board.seen.get(order.number).at;
      const hitByOutage = seenAt > stoppedAt && order.answeredAt < databaseBackAt;
      return Math.max(0, seenAt - (hitByOutage ? Math.max(order.answeredAt, databaseBackAt) : order.answeredAt));
    });
  worstSinceBack = Math.max(worstSinceBack, ...sinceBack);
  const byRefetch = [...placed.values()].filter((order) => board.seen.get(order.number)?.by === 'refetch').length;
  const slowest = [...placed.values()].filter((order) => board.seen.has(order.number)).sort((x, y) => board.seen.get(y.number).at - y.answeredAt - (board.seen.get(x.number).at - x.answeredAt))[0];
  const rel = (t) => `${((t - ordersStart) / 1000).toFixed(1)} s`;
  const slowestText = slowest ? ` (${slowest.number}, answered by ${slowest.node} at ${rel(slowest.answeredAt)}, on the board by ${board.seen.get(slowest.number).by} at ${rel(board.seen.get(slowest.number).at)})` : '';
  report.push(
    `  board opened on ${board.home.name}${board.moves ? ` (moved to ${board.node.name} when its node died)` : ''}: ${placed.size - lost.length}/${placed.size} orders, ` +
      `${byRefetch} of them by catch-up/refetch, ${board.catchUps} catch_up event(s), ${board.duplicateEvents} duplicate order_created, lost ${lost.length}, worst delay ${boardWorst} ms${slowestText}`,
  );
}
const outageLines = (node) =>
  node.lines.filter((line) => line.at >= ordersStart && line.msg !== 'incoming request' && line.msg !== 'request completed' && !String(line.msg).startsWith('outbox ') && (line.level ?? 30) >= 30);
console.log('');
console.log(`Three nodes, one PostgreSQL — ${new Date().toISOString()}`);
console.log(`  orders placed (answered 201/200): ${placed.size} of ${RATE * DURATION_S} sent (${failedAttempts} attempts refused or cut and sent again to the next node)`);
console.log(`  orders in the database for the run: ${rows[0].orders} (distinct numbers ${rows[0].numbers}); duplicates: ${rows[0].orders - placed.size + duplicateAnswers}`);
for (const line of report) console.log(line);
console.log(`  lost (placed, missing from a board): ${lostTotal}`);
console.log(`  worst delay from an order's answer to its card on a board: ${worst} ms`);
console.log(`  the same, counted from PostgreSQL's return for an order answered before it and on a board after the stop: ${worstSinceBack} ms`);
for (const node of nodes) {
  const lines = outageLines(node);
  console.log(`  ${node.name} (${node.alive ? 'alive' : `ended by ${node.exit}`}): ${lines.length} log lines besides the access log while ordering${lines.length ? ':' : ''}`);
  for (const line of lines) console.log(`      ${new Date(line.at).toISOString().slice(11, 23)} ${String(line.msg).split('\n')[0]}${line.outage ? ` ${JSON.stringify(line.outage)}` : ''}${line.gapMs !== undefined ? ` (gap ${line.gapMs} ms)` : ''}`);
}

for (const board of boards) board.close();
await shutdown();
process.exit(lostTotal === 0 && rows[0].orders - placed.size + duplicateAnswers === 0 ? 0 : 1);
