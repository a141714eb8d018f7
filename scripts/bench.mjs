// `npm run bench`: autocannon against the production build (started here on a fresh embedded
// database with the demo data). Prints req/s and p99 per endpoint, each as a ratio of the bare
// /health route measured in the same run, and checks the targets of issue #3:
//   - menu listing ≥ 0.5× the /health rate
//   - order placement p99 < 50 ms at 50 concurrent clients
// Exits 1 when a target is missed. See docs/decisions/0013-bench-and-order-latency.md.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 800);
/** Orders a second in the paced run: 90,000 an hour, far beyond any restaurant's peak. */
const ORDER_RATE = Number(process.env.BENCH_ORDER_RATE ?? 25);

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kusina-bench-'));
const server = spawn(process.execPath, [path.join(root, 'apps/api/dist/main.js')], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_PER_MINUTE: '100000' },
});
const stopServer = async () => {
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('SIGINT', async () => {
  await stopServer();
  process.exit(130);
});

async function json(method, url, body, headers = {}) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${method} ${url} → ${response.status} ${JSON.stringify(payload)}`);
  return payload;
}

function run(title, options) {
  return new Promise((resolve, reject) => {
    // A fixed number of requests (amount) replaces the fixed duration.
    const limits = options.amount ? {} : { duration: DURATION_S };
    autocannon({ connections: CONNECTIONS, ...limits, ...options }, (error, result) => {
      if (error) return reject(error);
      const non2xx = result.non2xx + result.errors;
      resolve({ title, rps: result.requests.average, p99: result.latency.p99, total: result.requests.total, non2xx });
    });
  });
}

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (i > 300) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }

  // Warm up: JIT, caches, connection pool.
  await run('warm-up', { url: `${base}/api/v1/menu`, duration: 2, headers: { 'accept-encoding': 'gzip' } });

  const health = await run('GET /health', { url: `${base}/health` });
  // As a browser asks for it (every browser accepts gzip; a revalidation would get a 304 instead).
  const menu = await run('GET /api/v1/menu', { url: `${base}/api/v1/menu`, headers: { 'accept-encoding': 'gzip, deflate, br' } });

  // Order placement: one authorized test-card payment per order, made before the clock starts, so
  // the run measures POST /orders alone. Items without tracked stock, so no order is refused.
  const { items } = await json('GET', '/api/v1/menu');
  const untracked = items.filter((item) => item.is_available && !item.enable_stock_tracking && item.option_groups.every((g) => g.min_select === 0));
  if (untracked.length < 2) throw new Error('the demo menu has too few untracked items to bench orders');
  const cart = [
    { menu_item_id: untracked[0].id, quantity: 2, selected_options: {} },
    { menu_item_id: untracked[1].id, quantity: 1, selected_options: {} },
  ];
  const authorizedPayments = async (count) => {
    const ids = [];
    for (let start = 0; start < count; start += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, count - start) }, async () => {
          const payment = await json('POST', '/api/v1/payments', { items: cart });
          await json('POST', `/api/v1/payments/${payment.payment_id}/confirm`, {
            card: { number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' },
          });
          return payment.payment_id;
        }),
      );
      ids.push(...batch);
    }
    return ids;
  };
  const placeOrders = (title, payments, limits) => {
    let next = 0;
    return run(title, {
      url: `${base}/api/v1/orders`,
      method: 'POST',
      amount: payments.length,
      ...limits,
      requests: [
        {
          setupRequest: (request) => {
            const paymentId = payments[next++ % payments.length];
            return {
              ...request,
              headers: { 'content-type': 'application/json', 'idempotency-key': `bench-${paymentId}` },
              body: JSON.stringify({
                items: cart,
                contact: { name: 'Bench Customer', email: 'bench@kusina.test', phone: '+16715550199' },
                payment_id: paymentId,
              }),
            };
          },
        },
      ],
    });
  };
  // The target: 50 concurrent clients, each placing its next order as soon as the last returns.
  // For information, the same 50 clients paced at ORDER_RATE orders/s.
  const paced = await placeOrders(`POST /orders ${ORDER_RATE}/s`, await authorizedPayments(ORDER_RATE * DURATION_S), { overallRate: ORDER_RATE });
  const orders = await placeOrders('POST /orders max', await authorizedPayments(ORDERS), {});

  const rows = [health, menu, paced, orders];
  console.log(`\nKusina bench — ${CONNECTIONS} connections, ${DURATION_S} s per endpoint; orders: ${ORDER_RATE}/s paced, then ${ORDERS} unpaced\n`);
  console.log('endpoint'.padEnd(24), 'req/s'.padStart(10), 'p99 ms'.padStart(8), '× /health'.padStart(10), 'non-2xx'.padStart(8));
  for (const row of rows) {
    console.log(
      row.title.padEnd(24),
      row.rps.toFixed(0).padStart(10),
      String(row.p99).padStart(8),
      (row.rps / health.rps).toFixed(2).padStart(10),
      String(row.non2xx).padStart(8),
    );
  }
  const checks = [
    [`menu listing ≥ 0.5× /health (${(menu.rps / health.rps).toFixed(2)}×)`, menu.rps >= 0.5 * health.rps && menu.non2xx === 0],
    [`order placement p99 < 50 ms at ${CONNECTIONS} concurrent clients (${orders.p99} ms at ${orders.rps.toFixed(0)} orders/s)`, orders.p99 < 50 && orders.non2xx === 0],
  ];
  console.log(`\nFor information: ${CONNECTIONS} clients paced at ${ORDER_RATE} orders/s → p99 ${paced.p99} ms, ${paced.non2xx} errors.`);
  console.log('');
  for (const [label, ok] of checks) console.log(`${ok ? 'PASS' : 'FAIL'}  ${label}`);
  await stopServer();
  process.exit(checks.every(([, ok]) => ok) ? 0 : 1);
} catch (error) {
  console.error(error);
  await stopServer();
  process.exit(1);
}
