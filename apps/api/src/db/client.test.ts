import { beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase } from '../test/build.ts';
import { createPool } from './client.ts';

describe('database pool', () => {
  let url: string;
  beforeAll(async () => {
    url = await createTestDatabase();
  });

  it('survives the server ending an idle connection (restart, failover) and reconnects', async () => {
    const lost: Error[] = [];
    const pool = createPool(url, 2, (error) => lost.push(error));
    const { rows } = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const pid = rows[0]!.pid;

    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    await admin.end();

    // Without the pool's error listener this event would crash the test process.
    await expect.poll(() => lost.length).toBe(1);
    expect(lost[0]?.message).toMatch(/terminat/i);
    const again = await pool.query<{ ok: number }>('SELECT 1 AS ok');
    expect(again.rows[0]?.ok).toBe(1);
    await pool.end();
  });

});
