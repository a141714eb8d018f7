import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createItem } from '../modules/orders/test-support.ts';
import { LOGIN_FREE_FAILURES, loginWaitSeconds } from '../modules/accounts/service.ts';
import { build, DEMO_PASSWORD, request, type TestContext } from '../test/build.ts';

/**
 * Issue #33 item 4: the limits are kept in PostgreSQL, so two nodes on one database count together,
 * and every path that checks a promo or VIP code counts toward the code-guessing limit.
 */
describe('limits kept in PostgreSQL', () => {
  describe('code guesses on every path', () => {
    let t: TestContext;
    let itemId: number;
    beforeAll(async () => {
      // The default limit (30 a minute per client).
      t = await build({ CODE_CHECK_RATE_LIMIT_PER_MINUTE: '' });
      itemId = (await createItem(t.db, { priceCents: 1200 })).id;
    });
    afterAll(() => t.close());

    const quote = (ip: string, promo?: string) =>
      request(t.app, {
        method: 'POST',
        url: '/api/v1/checkout/quote',
        remoteAddress: ip,
        payload: { restaurant_id: 1, items: [{ menu_item_id: itemId, quantity: 1 }], ...(promo ? { promo_code: promo } : {}) },
      });

    it('40 bad codes through /checkout/quote meet 429, with when to retry', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) statuses.push((await quote('10.1.0.1', `GUESS${i}`)).statusCode);
      expect(statuses.slice(0, 30).every((s) => s === 422)).toBe(true);
      expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
      const refused = await quote('10.1.0.1', 'ALOHA10');
      // Once limited, even a right code is refused: the guesser learns nothing more.
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      // A quote without a code is not a guess: it is never limited.
      expect((await quote('10.1.0.1')).statusCode).toBe(200);
    });

    it('one count per client across quote, payments, orders, /promo_codes/apply and the VIP check', async () => {
      const ip = '10.1.0.2';
      const calls = [
        () => quote(ip, 'NOPE1'),
        () => request(t.app, { method: 'POST', url: '/api/v1/payments', remoteAddress: ip, payload: { restaurant_id: 1, items: [{ menu_item_id: itemId, quantity: 1 }], promo_code: 'NOPE2' } }),
        () => request(t.app, { method: 'POST', url: '/api/v1/promo_codes/apply', remoteAddress: ip, payload: { code: 'NOPE3', total: 10 } }),
        () => request(t.app, { method: 'POST', url: '/api/v1/restaurants/2/vip_access/validate_code', remoteAddress: ip, payload: { code: 'NOPE4' } }),
        () =>
          request(t.app, {
            method: 'POST',
            url: '/api/v1/orders',
            remoteAddress: ip,
            headers: { 'idempotency-key': 'key-limits-0000000001' },
            payload: { restaurant_id: 1, items: [{ menu_item_id: itemId, quantity: 1 }], contact: { name: 'A B', email: 'a@example.com', phone: '+16715551234' }, payment_id: '00000000-0000-4000-8000-000000000000', promo_code: 'NOPE5' },
          }),
      ];
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push((await calls[i % calls.length]!()).statusCode);
      expect(statuses).not.toContain(429);
      for (const call of calls) expect((await call()).statusCode).toBe(429);
    });

    it('counts per code too: one code tried from many addresses meets a wall', async () => {
      const statuses: number[] = [];
      // Ten times the per-client limit, each try from its own address.
      for (let i = 0; i < 301; i++) statuses.push((await quote(`10.2.${Math.floor(i / 250)}.${i % 250}`, 'SAMEGUESS')).statusCode);
      expect(statuses.filter((s) => s === 429)).toEqual([429]);
      expect(statuses.at(-1)).toBe(429);
      // Another code from a fresh address is untouched.
      expect((await quote('10.3.0.1', 'OTHERGUESS')).statusCode).toBe(422);
    });
  });

  describe('two nodes on one database', () => {
    let a: TestContext;
    let b: TestContext;
    let now = new Date('2026-06-01T00:00:00Z');
    beforeAll(async () => {
      a = await build({ AUTH_RATE_LIMIT_PER_MINUTE: '4' }, { now: () => now });
      b = await build({ AUTH_RATE_LIMIT_PER_MINUTE: '4' }, { databaseUrl: a.databaseUrl, now: () => now });
    });
    afterAll(async () => {
      await b.close();
      await a.close();
    });

    const login = (node: TestContext, ip: string, email: string, password: string) =>
      request(node.app, { method: 'POST', url: '/api/v1/auth/login', remoteAddress: ip, payload: { email, password } });

    it('share one per-client sign-in limit', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await login(i % 2 === 0 ? a : b, '10.9.0.1', 'customer@kusina.test', DEMO_PASSWORD)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200]);
      // Each node alone has seen two: an in-memory count would let both of these through.
      expect((await login(a, '10.9.0.1', 'customer@kusina.test', DEMO_PASSWORD)).statusCode).toBe(429);
      const onB = await login(b, '10.9.0.1', 'customer@kusina.test', DEMO_PASSWORD);
      expect(onB.statusCode).toBe(429);
      expect(onB.headers['retry-after']).toBeDefined();
    });

    it('share one per-account back-off, whatever the client, and a sign-in clears it', async () => {
      const email = 'admin@kusina.test';
      // Every failure from its own address and alternating nodes: only the account links them.
      for (let i = 0; i < LOGIN_FREE_FAILURES; i++) {
        expect((await login(i % 2 === 0 ? a : b, `10.9.1.${i}`, email, 'wrong password')).statusCode).toBe(401);
      }
      const waiting = await login(b, '10.9.1.100', email, DEMO_PASSWORD);
      expect(waiting.statusCode).toBe(429);
      const wait = loginWaitSeconds(LOGIN_FREE_FAILURES);
      expect(waiting.headers['retry-after']).toBe(String(wait));
      expect(waiting.json().error.message).toBe('Too many failed sign-ins for this account. Please try again in 1 minute, or reset your password.');

      // After the wait one more try is allowed; failing it doubles the wait.
      now = new Date(now.getTime() + wait * 1000);
      expect((await login(a, '10.9.1.101', email, 'wrong again')).statusCode).toBe(401);
      const longer = await login(b, '10.9.1.102', email, DEMO_PASSWORD);
      expect(longer.statusCode).toBe(429);
      expect(Number(longer.headers['retry-after'])).toBe(loginWaitSeconds(LOGIN_FREE_FAILURES + 1));

      // The right password after the wait signs in and forgets the failures.
      now = new Date(now.getTime() + loginWaitSeconds(LOGIN_FREE_FAILURES + 1) * 1000);
      expect((await login(b, '10.9.1.103', email, DEMO_PASSWORD)).statusCode).toBe(200);
      expect((await login(a, '10.9.1.104', email, 'one slip')).statusCode).toBe(401);
      expect((await login(a, '10.9.1.105', email, DEMO_PASSWORD)).statusCode).toBe(200);
    });
  });

  it('a guarded route answers 503 while the database is away, like every other route', async () => {
    const t = await build();
    await t.pool.end();
    try {
      const response = await request(t.app, { method: 'POST', url: '/api/v1/auth/login', payload: { email: 'customer@kusina.test', password: 'x' } });
      expect(response.statusCode).toBe(503);
      expect(response.json().error.code).toBe('SERVICE_UNAVAILABLE');
      const guess = await request(t.app, { method: 'POST', url: '/api/v1/promo_codes/apply', payload: { code: 'X', total: 1 } });
      expect(guess.statusCode).toBe(503);
    } finally {
      // The pool is already ended; closing the rest is all that is left.
      await t.close().catch(() => undefined);
    }
  });
});
