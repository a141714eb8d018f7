import pg from 'pg';
import pino from 'pino';
import { afterAll, expect, it } from 'vitest';
import { createTestDatabase } from '../test/build.ts';
import { startJobs } from './jobs.ts';

const stops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const stop of stops) await stop();
});

it("logs a connection the server ended as a warning, without the connection's internals", async () => {
  const url = await createTestDatabase();
  const lines: { level: number; msg: string; code?: string; err?: unknown }[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  const boss = await startJobs(url, log, { poolSize: 2 });
  stops.push(() => boss.stop({ graceful: false, wait: true }));
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  stops.push(() => admin.end());

  // Make sure pg-boss has a pooled connection, then end it from the server side.
  await boss.getQueues();
  await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'kusina-jobs'`);
  await expect.poll(() => lines.filter((l) => l.code === '57P01').length, { timeout: 5000 }).toBeGreaterThan(0);
  const ended = lines.filter((l) => l.code === '57P01');
  expect(ended.every((l) => l.level === 40 && l.msg === 'job queue connection ended by the server; it will reconnect' && l.err === undefined)).toBe(true);
  expect(lines.filter((l) => l.level >= 50)).toEqual([]);
});
