import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { FirstRunError, runFirstRun } from './first-run.ts';
import { build, createTestDatabase } from './test/build.ts';

/* The operator's first-run setup (decision 0091) on brand-new, empty databases. */
const setupEntry = fileURLToPath(new URL('./setup.ts', import.meta.url));
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const cwd = mkdtempSync(path.join(os.tmpdir(), 'kusina-setup-'));
const quiet = { info: () => undefined };

const emptyDatabase = () => createTestDatabase({ empty: true });

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

async function loginStatus(url: string, email: string, password: string): Promise<number> {
  const ctx = await build({}, { databaseUrl: url });
  try {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });
    return res.statusCode;
  } finally {
    await ctx.close();
  }
}

function runCommand(args: string[], env: Record<string, string>, stdin: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', tsxLoader, setupEntry, ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? cwd, DATA_DIR: path.join(cwd, 'data'), ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => resolve({ code, output }));
    child.stdin.end(stdin);
  });
}

/** The command on a real terminal: util-linux `script` gives it a pty; the password is typed once the prompt shows. */
function runInTerminal(args: string[], env: Record<string, string>, typed: string): Promise<{ code: number | null; output: string }> {
  const quote = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;
  const command = [process.execPath, '--import', tsxLoader, setupEntry, ...args].map(quote).join(' ');
  return new Promise((resolve) => {
    const child = spawn('script', ['-qec', command, '/dev/null'], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? cwd, DATA_DIR: path.join(cwd, 'data'), TERM: 'dumb', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    let sent = false;
    const seen = (c: Buffer) => {
      output += c.toString();
      if (!sent && output.includes('Password (not shown as you type): ')) {
        sent = true;
        child.stdin.write(typed);
      }
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

afterAll(async () => {
  rmSync(cwd, { recursive: true, force: true });
});

describe('first-run setup', () => {
  it('makes restaurant 1 and a super admin who signs in; a second run changes the password and creates no restaurant', async () => {
    const url = await emptyDatabase();
    const first = await runFirstRun(url, { email: 'Owner@Example.com', password: 'first-pass-123', restaurantName: 'Hale Kusina' }, quiet);
    expect(first.restaurant).toEqual({ id: 1, name: 'Hale Kusina', created: true });
    expect(first.user.created).toBe(true);
    const rows = await query<{ id: number; settings: { payment_gateway: { test_mode: boolean } } }>(url, 'SELECT id, admin_settings AS settings FROM restaurants');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.settings.payment_gateway.test_mode).toBe(true);
    expect(await query(url, "SELECT email, role, restaurant_id FROM users")).toEqual([{ email: 'owner@example.com', role: 'super_admin', restaurant_id: 1 }]);
    expect(await loginStatus(url, 'owner@example.com', 'first-pass-123')).toBe(200);

    const second = await runFirstRun(url, { email: 'owner@example.com', password: 'second-pass-456', restaurantName: 'Another' }, quiet);
    expect(second.restaurant.created).toBe(false);
    expect(second.user).toMatchObject({ id: first.user.id, created: false });
    expect(await query(url, 'SELECT count(*)::int AS n FROM restaurants')).toEqual([{ n: 1 }]);
    // The first login's session is ended by the new password.
    expect(await query(url, 'SELECT count(*)::int AS n FROM sessions WHERE revoked_at IS NULL')).toEqual([{ n: 0 }]);
    expect(await loginStatus(url, 'owner@example.com', 'first-pass-123')).toBe(401);
    expect(await loginStatus(url, 'owner@example.com', 'second-pass-456')).toBe(200);
  }, 60_000);

  it('refuses a weak password or a bad e-mail with the policy\'s words and writes nothing', async () => {
    const url = await emptyDatabase();
    await expect(runFirstRun(url, { email: 'owner@example.com', password: 'short', restaurantName: 'K' }, quiet)).rejects.toThrow('password: Password must be at least 8 characters');
    await expect(runFirstRun(url, { email: 'not-an-email', password: 'long-enough-1', restaurantName: 'K' }, quiet)).rejects.toThrow(FirstRunError);
    expect(await query(url, "SELECT to_regclass('public.users') AS t")).toEqual([{ t: null }]);
  });

  it('the command reads the password from standard input and never prints it', async () => {
    const url = await emptyDatabase();
    const password = 'Stdin-Secret-789';
    const env = { NODE_ENV: 'production', DATABASE_URL: url, JWT_SECRET: randomBytes(32).toString('hex'), MESSAGES_OUTBOX_ONLY: 'true' };
    const run = await runCommand(['--email', 'chef@example.com', '--restaurant-name', 'Kusina Guam'], env, `${password}\n`);
    expect(run.output).toMatch(/Created restaurant 1, "Kusina Guam"/);
    expect(run.code).toBe(0);
    expect(run.output).not.toContain(password);
    expect(await loginStatus(url, 'chef@example.com', password)).toBe(200);

    const weak = await runCommand(['--email', 'chef@example.com'], env, 'weak\n');
    expect(weak.code).toBe(1);
    expect(weak.output).toContain('Password must be at least 8 characters');
    expect(weak.output).not.toContain('weak\n');
    const refused = await runCommand(['--email', 'chef@example.com', '--password', password], env, '');
    expect(refused.code).toBe(2);
    expect(refused.output).toContain('--password: not accepted');
  }, 90_000);

  it.skipIf(!existsSync('/usr/bin/script'))('on a terminal the password typed is not echoed, and the account signs in with it', async () => {
    const url = await emptyDatabase();
    const password = 'Typed-Secret-456';
    const env = { NODE_ENV: 'production', DATABASE_URL: url, JWT_SECRET: randomBytes(32).toString('hex'), MESSAGES_OUTBOX_ONLY: 'true' };
    // Typed with a slip corrected by Backspace, then Enter.
    const run = await runInTerminal(['--email', 'owner@example.com', '--restaurant-name', 'Kusina Guam'], env, `${password}x\u007f\r`);
    expect(run.output).toContain('Password (not shown as you type): ');
    expect(run.output).toMatch(/Created restaurant 1, "Kusina Guam"/);
    expect(run.code).toBe(0);
    expect(run.output).not.toContain(password);
    expect(run.output).not.toContain('Typed-');
    expect(await loginStatus(url, 'owner@example.com', password)).toBe(200);
  }, 90_000);

  it('names DATABASE_URL when there is neither one nor an embedded database', async () => {
    const run = await runCommand(['--email', 'chef@example.com'], { DATA_DIR: path.join(cwd, 'nothing-here') }, 'long-enough-1\n');
    expect(run.code).toBe(1);
    expect(run.output).toContain('DATABASE_URL: not set, and there is no embedded database under DATA_DIR');
  }, 60_000);
});
