import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './db/seed/demo-accounts.ts';
import { createTestDatabase } from './test/build.ts';

/*
 * The server's real entry point (src/main.ts, through tsx, as `npm run dev` runs it) started in
 * production on an external, empty database: what it seeds and what it logs (issue #33, decision 0086).
 */
const mainEntry = fileURLToPath(new URL('./main.ts', import.meta.url));
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

interface Run {
  code: number | null;
  output: string;
}

/**
 * Starts main.ts with `env`, waits for its "running" line (or its exit) and stops it with SIGTERM
 * (tsx's loader answers that with exit code 143, so a started run's code says nothing).
 */
function runServer(env: Record<string, string>, cwd: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', tsxLoader, mainEntry], {
      cwd,
      // Only what a deployment would set: nothing of the test runner's environment leaks in.
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? cwd, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', DATA_DIR: path.join(cwd, 'data'), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server neither started nor exited in time:\n${output}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Kusina is running at/.test(output) && child.exitCode === null && !child.killed) child.kill('SIGTERM');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('a production start on an external database', () => {
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'kusina-main-'));
  const emptyDatabase = () => createTestDatabase({ empty: true });

  async function countUsers(url: string): Promise<number> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0]!.n;
    } finally {
      await client.end();
    }
  }

  const production = (databaseUrl: string) => ({
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: randomBytes(32).toString('hex'),
    MESSAGES_OUTBOX_ONLY: 'true',
  });

  afterAll(async () => {
    rmSync(cwd, { recursive: true, force: true });
  });

  it('migrates, seeds no demo accounts and logs no password', async () => {
    const url = await emptyDatabase();
    const run = await runServer(production(url), cwd);
    expect(run.output).toMatch(/Kusina is running at/);
    expect(await countUsers(url)).toBe(0);
    expect(run.output).not.toContain(DEMO_PASSWORD);
    expect(run.output).not.toMatch(/demo data seeded|kusina\.test/);
  }, 90_000);

  it('refuses SEED_DEMO=true without the acknowledgement, naming the variable, and writes nothing', async () => {
    const url = await emptyDatabase();
    const run = await runServer({ ...production(url), SEED_DEMO: 'true' }, cwd);
    expect(run.code).toBe(1);
    expect(run.output).toMatch(/SEED_DEMO: seeding the demo in production/);
    expect(run.output).toContain('SEED_DEMO_IN_PRODUCTION=true');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    // Refused before migrating: not even the tables exist.
    expect((await client.query("SELECT to_regclass('public.users') AS t")).rows[0].t).toBeNull();
    await client.end();
  }, 90_000);

  it('refuses customers\' messages left in the outbox unless MESSAGES_OUTBOX_ONLY says so', async () => {
    const url = await emptyDatabase();
    const { MESSAGES_OUTBOX_ONLY: _chosen, ...env } = production(url);
    const run = await runServer({ ...env, SMTP_URL: 'smtp://mail.invalid:25' }, cwd);
    expect(run.code).toBe(1);
    expect(run.output).toMatch(/MESSAGES_OUTBOX_ONLY: without SMS_API_URL customers' texts stay in the outbox/);
  }, 90_000);

  it('seeds the demo when acknowledged (a staging copy), still without printing the password', async () => {
    const url = await emptyDatabase();
    const run = await runServer({ ...production(url), SEED_DEMO: 'true', SEED_DEMO_IN_PRODUCTION: 'true' }, cwd);
    expect(run.output).toMatch(/Kusina is running at/);
    expect(await countUsers(url)).toBeGreaterThan(0);
    expect(run.output).toMatch(/demo data seeded/);
    expect(run.output).not.toContain(DEMO_PASSWORD);
  }, 90_000);
});
