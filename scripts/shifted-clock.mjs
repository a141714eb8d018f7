// `npm run test:shifted-clock`: runs the date-sensitive tests with the host clock moved to each day
// of the week, at 00:40 and at 21:30 in Guam (decision 0087), and prints a table of the results.
// Not part of `npm test`: it runs the same specs up to fourteen times.
//
//   node scripts/shifted-clock.mjs                          API specs (+ web unit tests) under all 14 clocks
//   node scripts/shifted-clock.mjs --e2e                    … and the date-sensitive e2e specs too
//   node scripts/shifted-clock.mjs --only=api,web,e2e       choose the suites
//   node scripts/shifted-clock.mjs --clocks=sat-0040,sun-2130   only these clocks (day-HHMM, Guam)
//   node scripts/shifted-clock.mjs --only=e2e --specs=all   the whole e2e suite (or a comma list of tests/x.spec.ts)
//   node scripts/shifted-clock.mjs --only=web --web=date-sensitive   the domain tests and the web test files that read the
//                                                           clock (WEB_DATE_FILES), not all of `web` (a quarter of its time)
//   node scripts/shifted-clock.mjs --week=2026-11-29        the Sunday (Guam) whose week is used (default: the coming one)
//   node scripts/shifted-clock.mjs --out=docs/testing/x.md  also append the table to a file
//
// How the clock moves: libfaketime (Debian's `faketime` package) is preloaded into every process the
// run starts, and is inherited by each child: Vitest's workers, the embedded PostgreSQL, the e2e
// server and Chromium. FAKETIME is an offset ("+3600s"), not a start time ("@2026-…"): a start time
// is taken per process, so PostgreSQL and Chromium, started seconds later, would each begin at that
// instant again and disagree with the server; an offset keeps all of them on one running clock.
// The monotonic clock is shifted by the same offset (libfaketime's default). Leaving it alone
// (FAKETIME_DONT_FAKE_MONOTONIC=1) suits Node and PostgreSQL, but Chromium then hangs: pages never
// finish loading and the browser never closes. The production build is made once, on the real
// clock, before the e2e runs.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const LIBFAKETIME = process.env.LIBFAKETIME ?? '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';
const GUAM_OFFSET_HOURS = 10; // Pacific/Guam has no daylight saving time: always UTC+10.
const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const HOURS = ['0040', '2130'];

/**
 * The API specs whose outcome could depend on the day or hour: they read the clock, "today", the
 * demo's week (seeded relative to the day) or opening hours. Reservations, waitlist and floor;
 * pickup hours, menu days and order ETAs; wholesale order dates.
 */
const API_SPECS = [
  'apps/api/src/modules/reservations',
  'apps/api/src/modules/seating/seat-allocations.test.ts',
  ...['checkout', 'merchandise', 'order-read', 'order-write', 'pickup'].map((name) => `apps/api/src/modules/orders/${name}.test.ts`),
  ...['realtime', 'status', 'timeline'].map((name) => `apps/api/src/modules/order-management/${name}.test.ts`),
  'apps/api/src/modules/wholesale/orders.test.ts',
  'apps/api/src/modules/wholesale/admin.test.ts',
  ...['admin', 'cache', 'routes'].map((name) => `apps/api/src/modules/menu/${name}.test.ts`),
];
const WEB_PROJECTS = ['domain', 'web'];
/**
 * With --web=date-sensitive: the domain project whole, and the web test files that pick or show a
 * day or an hour (today's reservations, waitlist waits, order ages and ETAs, opening hours on the
 * storefront, the wholesale checkout of issue #33) or that run timers against the clock.
 */
const WEB_DATE_FILES = [
  'packages/domain/',
  'apps/web/src/app/layouts/header.test.tsx',
  'apps/web/src/app/use-restaurant-realtime.test.tsx',
  'apps/web/src/entry-server.test.tsx',
  ...['order-card', 'order-detail-dialog'].map((name) => `apps/web/src/features/orders/components/${name}.test.tsx`),
  'apps/web/src/features/orders/routes/',
  'apps/web/src/features/orders/api/use-live-order.test.tsx',
  'apps/web/src/features/reservations/',
  'apps/web/src/features/floor/',
  'apps/web/src/features/waitlist/',
  'apps/web/src/features/cart-checkout/routes/',
  ...['home-page', 'menu-page'].map((name) => `apps/web/src/features/menu/routes/${name}.test.tsx`),
  'apps/web/src/features/merchandise/routes/merchandise-page.test.tsx',
  'apps/web/src/features/wholesale/routes/',
  'apps/web/src/lib/after-load.test.ts',
  'apps/web/src/lib/throttle.test.ts',
];
/**
 * Specs that pick a day or read the demo's "today" (its floor, tonight's waitlist, today's hours).
 * The ones that order "as soon as possible" open the restaurant all day while they run
 * (openAllDayDuringSpec) and so do not depend on the hour; `--specs=all` runs them too.
 */
const E2E_SPECS = ['tests/seat-preferences.spec.ts', 'tests/reservations.spec.ts', 'tests/opening-hours.spec.ts', 'tests/floor-manager.spec.ts', 'tests/waitlist.spec.ts'];

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key, value ?? 'true'];
  }),
);
const suites = (args.only ?? (args.e2e ? 'api,web,e2e' : 'api,web')).split(',');

if (!existsSync(LIBFAKETIME)) {
  console.error(`libfaketime not found at ${LIBFAKETIME}: apt-get install faketime (or set LIBFAKETIME).`);
  process.exit(1);
}

/** The Sunday (a Guam date) that starts the week of clocks: the given one, or the coming one. */
function weekStart() {
  if (args.week) return new Date(`${args.week}T00:00:00Z`);
  const guamNow = new Date(Date.now() + GUAM_OFFSET_HOURS * 3_600_000);
  const sunday = Date.UTC(guamNow.getUTCFullYear(), guamNow.getUTCMonth(), guamNow.getUTCDate() + 7 - guamNow.getUTCDay());
  return new Date(sunday);
}

/** Every clock: { name: 'sat-0040', guam: '2026-12-05 00:40', utc: Date }. */
function clocks() {
  const sunday = weekStart();
  const all = [];
  for (let day = 0; day < 7; day += 1) {
    for (const hhmm of HOURS) {
      const guamMidnight = Date.UTC(sunday.getUTCFullYear(), sunday.getUTCMonth(), sunday.getUTCDate() + day);
      const utc = new Date(guamMidnight + (Number(hhmm.slice(0, 2)) - GUAM_OFFSET_HOURS) * 3_600_000 + Number(hhmm.slice(2)) * 60_000);
      const guamDate = new Date(guamMidnight).toISOString().slice(0, 10);
      all.push({ name: `${DAYS[day]}-${hhmm}`, guam: `${guamDate} ${hhmm.slice(0, 2)}:${hhmm.slice(2)}`, utc });
    }
  }
  const wanted = args.clocks?.split(',');
  return wanted ? wanted.map((name) => all.find((c) => c.name === name) ?? fail(`unknown clock ${name} (day-HHMM, e.g. sat-0040)`)) : all;
}

function fail(message) {
  console.error(message);
  process.exit(1);
}

/** The environment that moves the clock of a command and all its children to `clock.utc`, from now on. */
function shifted(clock, extra = {}) {
  const offsetSeconds = Math.round((clock.utc.getTime() - Date.now()) / 1000);
  return {
    ...process.env,
    ...extra,
    TZ: 'UTC',
    LD_PRELOAD: [LIBFAKETIME, process.env.LD_PRELOAD].filter(Boolean).join(':'),
    FAKETIME: `${offsetSeconds >= 0 ? '+' : ''}${offsetSeconds}s`,
  };
}

const reports = path.join(root, 'node_modules/.cache/kusina-shifted-clock');
// Not emptied first: two runs at once (say API and e2e) keep each other's reports (one file per suite and clock).
mkdirSync(reports, { recursive: true });
/** A report's path, its last run's file removed so a run that writes none is not read as passing. */
function freshReport(name) {
  const file = path.join(reports, name);
  rmSync(file, { force: true });
  return file;
}

function run(label, cmd, cmdArgs, options) {
  const started = Date.now();
  const result = spawnSync(cmd, cmdArgs, { stdio: args.quiet ? 'ignore' : 'inherit', ...options });
  return { ok: result.status === 0, seconds: (Date.now() - started) / 1000, label };
}

// A run passes when its command exits 0 and its report counts no failure: the report is the
// stricter of the two (a Vitest run was seen exiting 0 with a failed test in its JSON report).
function vitestCounts(file) {
  if (!existsSync(file)) return { failed: true, text: 'no report' };
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return { failed: report.numFailedTests > 0 || !report.success, text: `${report.numPassedTests} passed, ${report.numFailedTests} failed` };
}

function playwrightCounts(file) {
  if (!existsSync(file)) return { failed: true, text: 'no report' };
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  return { failed: stats.unexpected > 0, text: `${stats.expected + stats.flaky} passed, ${stats.unexpected} failed${stats.skipped ? `, ${stats.skipped} skipped` : ''}${stats.flaky ? ` (${stats.flaky} flaky)` : ''}` };
}

const header = ['| Clock | Guam time | UTC | Suite | Specs | Result | Tests | Seconds |', '|---|---|---|---|---|---|---|---|'];
const line = (r) => `| ${r.clock.name} | ${r.clock.guam} | ${r.clock.utc.toISOString().slice(0, 16).replace('T', ' ')} | ${r.suite} | ${r.specs} | ${r.ok ? 'pass' : 'FAIL'} | ${r.counts} | ${r.seconds.toFixed(0)} |`;
const rows = [];
/** Rows go to --out as each run ends: a long run stopped midway keeps what it found. */
function record(row) {
  rows.push(row);
  if (!args.out) return;
  const file = path.resolve(root, args.out);
  if (rows.length === 1) appendFileSync(file, `${header.join('\n')}\n`);
  appendFileSync(file, `${line(row)}\n`);
}
const outcome = (result, counts) => ({ ok: result.ok && !counts.failed, counts: counts.text, seconds: result.seconds });
const selected = clocks();

if (suites.includes('e2e')) {
  // Once, on the real clock: the same build is served under every shifted one.
  const built = run('build', 'npm', ['run', 'build'], { cwd: root, env: process.env });
  if (!built.ok) fail('npm run build failed');
}

for (const clock of selected) {
  console.log(`\n▶ ${clock.name}: ${clock.guam} Guam (${clock.utc.toISOString()} UTC)`);
  if (suites.includes('api')) {
    const out = freshReport(`api-${clock.name}.json`);
    const result = run('api', 'npx', ['vitest', 'run', '--project', 'api', '--reporter=dot', '--reporter=json', `--outputFile.json=${out}`, ...API_SPECS], { cwd: root, env: shifted(clock) });
    record({ clock, suite: 'API', specs: 'date-sensitive API specs', ...outcome(result, vitestCounts(out)) });
  }
  if (suites.includes('web')) {
    const out = freshReport(`web-${clock.name}.json`);
    const dateOnly = args.web === 'date-sensitive';
    const files = dateOnly ? WEB_DATE_FILES : [];
    const result = run('web', 'npx', ['vitest', 'run', ...WEB_PROJECTS.flatMap((p) => ['--project', p]), '--reporter=dot', '--reporter=json', `--outputFile.json=${out}`, ...files], { cwd: root, env: shifted(clock) });
    record({ clock, suite: 'unit', specs: dateOnly ? 'domain, date-sensitive web files' : WEB_PROJECTS.join(', '), ...outcome(result, vitestCounts(out)) });
  }
  if (suites.includes('e2e')) {
    const out = freshReport(`e2e-${clock.name}.json`);
    // --specs=all: the whole e2e suite.
    const specs = args.specs === 'all' ? [] : args.specs ? args.specs.split(',') : E2E_SPECS;
    const result = run('e2e', 'npx', ['playwright', 'test', '--reporter=list,json', ...specs], {
      cwd: path.join(root, 'e2e'),
      env: shifted(clock, { PLAYWRIGHT_JSON_OUTPUT_NAME: out }),
    });
    record({ clock, suite: 'e2e', specs: specs.length ? specs.map((s) => s.replace('tests/', '')).join(', ') : 'all', ...outcome(result, playwrightCounts(out)) });
  }
}

console.log(`\n${[...header, ...rows.map(line)].join('\n')}`);
process.exit(rows.every((r) => r.ok) ? 0 : 1);
