// Starts the production build for the e2e tests on a fresh embedded database in a temporary
// DATA_DIR, and removes it afterwards.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kusina-e2e-'));
const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  // Every e2e test comes from one address and reuses the demo's numbers and addresses, so the
  // per-client and per-destination limits are raised (the API tests cover them); 127.0.0.1 serves restaurant 2 (blue, VIP-only) while localhost serves restaurant 1.
  env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', SEED_DEMO: 'true', AUTH_RATE_LIMIT_PER_MINUTE: '1000', CODE_CHECK_RATE_LIMIT_PER_MINUTE: '1000', MESSAGES_PER_DESTINATION_PER_HOUR: '100000', MESSAGES_PER_DESTINATION_PER_DAY: '100000', RESTAURANT_HOSTS: '127.0.0.1=2' },
});
const stop = (signal) => child.kill(signal);
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
