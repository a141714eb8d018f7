import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { createTestDatabase } from '../test/build.ts';
import { createPool } from './client.ts';
import { transaction } from './transaction.ts';

/** BEGIN travels with the transaction's first statement (pipelined connections, see client.ts). */
describe('transaction', () => {
  let pool: pg.Pool;
  beforeAll(async () => {
    pool = createPool(await createTestDatabase(), 1);
    await pool.query('CREATE TABLE tx_probe (note text NOT NULL)');
  });
  afterAll(() => pool.end());

  const notes = async () => (await pool.query<{ note: string }>('SELECT note FROM tx_probe ORDER BY note')).rows.map((r) => r.note);

  it('runs the first statement inside the transaction: a throw rolls it back, a return commits it', async () => {
    await expect(
      transaction(pool, async ({ client }) => {
        await client.query("INSERT INTO tx_probe VALUES ('rolled back')");
        expect(client.getTransactionStatus()).toBe('T');
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await notes()).toEqual([]);

    await transaction(pool, async ({ client }) => {
      await client.query("INSERT INTO tx_probe VALUES ('first')");
      await client.query("INSERT INTO tx_probe VALUES ('second')");
    });
    expect(await notes()).toEqual(['first', 'second']);
  });

  it('when BEGIN fails, nothing sent after it runs outside a transaction and the connection is dropped', async () => {
    // A connection handed back in a failed transaction: there even BEGIN is refused.
    const leaked = await pool.connect();
    await leaked.query('BEGIN');
    await leaked.query('SELECT 1 / 0').catch(() => undefined);
    leaked.release();

    let second: unknown;
    await expect(
      transaction(pool, async ({ client }) => {
        await client.query("INSERT INTO tx_probe VALUES ('first after failed begin')").catch(() => undefined);
        second = await client.query("INSERT INTO tx_probe VALUES ('second after failed begin')").catch((error: Error) => error);
      }),
    ).rejects.toThrow(/aborted/);
    expect(second).toBeInstanceOf(Error);
    expect((second as Error).message).toMatch(/not queryable/);
    expect(await notes()).toEqual(['first', 'second']);

    // The pool replaced that connection: the next transaction works.
    await transaction(pool, ({ client }) => client.query("INSERT INTO tx_probe VALUES ('third')"));
    expect(await notes()).toEqual(['first', 'second', 'third']);
  });
});
