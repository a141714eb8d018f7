// Starts the production build for the e2e tests on a fresh embedded database in a temporary
// DATA_DIR, and removes it afterwards. The server's log (info and up) goes to e2e/tests/fixtures.ts's
// serverLogFile: the tests read phone codes and reset links there, as a person trying the demo reads
// them in the server log (the outbox in the app hides them, decision 0086). The console gets the
// lines at LOG_LEVEL (default warn) and up.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kusina-e2e-'));
const port = process.env.PORT ?? '3210';
// The same name as fixtures.ts's serverLogFile (one per port, so parallel runs on other ports never share it).
const logFile = path.join(os.tmpdir(), `kusina-e2e-server-${port}.log`);
const levels = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };
const consoleLevel = levels[process.env.LOG_LEVEL ?? 'warn'] ?? levels.warn;

const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/main.js')], {
  cwd: root,
  stdio: ['inherit', 'pipe', 'inherit'],
  // Every e2e test comes from one address and reuses the demo's numbers and addresses, so the
  // per-client and per-destination limits are raised (the API tests cover them); 127.0.0.1 serves
  // restaurant 2 (blue, VIP-only) while localhost serves restaurant 1.
  env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'info', SEED_DEMO: 'true', AUTH_RATE_LIMIT_PER_MINUTE: '1000', CODE_CHECK_RATE_LIMIT_PER_MINUTE: '1000', MESSAGES_PER_DESTINATION_PER_HOUR: '100000', MESSAGES_PER_DESTINATION_PER_DAY: '100000', RESTAURANT_HOSTS: '127.0.0.1=2' },
});
const log = createWriteStream(logFile, { flags: 'w' });
createInterface({ input: child.stdout }).on('line', (line) => {
  log.write(`${line}\n`);
  let level = Infinity;
  try {
    level = JSON.parse(line).level ?? Infinity;
  } catch {
    // Not a pino line (a crash's stack): always shown.
  }
  if (level >= consoleLevel) process.stdout.write(`${line}\n`);
});
const stop = (signal) => child.kill(signal);
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  log.end(() => {
    rmSync(logFile, { force: true });
    process.exit(code ?? 0);
  });
});
