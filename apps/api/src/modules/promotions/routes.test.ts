import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoCodes, vipCodes } from '../../db/schema/index.ts';
import { build, request, type TestContext } from '../../test/build.ts';
import { tokenFor } from '../../test/build.ts';

describe('promo and VIP codes', () => {
  let t: TestContext;
  let admin: string;
  let admin2: string;
  let staff: string;
  let superAdmin: string;
  beforeAll(async () => {
    t = await build({ CODE_CHECK_RATE_LIMIT_PER_MINUTE: '8' });
    [admin, admin2, staff, superAdmin] = await Promise.all([
      tokenFor(t.app, t.db, 'admin@kusina.test'),
      tokenFor(t.app, t.db, 'admin2@kusina.test'),
      tokenFor(t.app, t.db, 'staff@kusina.test'),
      tokenFor(t.app, t.db, 'super@kusina.test'),
    ]);
  });
  afterAll(() => t.close());

  const apply = (payload: Record<string, unknown>) => request(t.app, { method: 'POST', url: '/api/v1/promo_codes/apply', payload });
  const uses = async (code: string, restaurantId = 1) =>
    (await t.db.select().from(promoCodes).where(and(eq(promoCodes.code, code), eq(promoCodes.restaurantId, restaurantId))))[0]!.currentUses;

  describe('POST /promo_codes/apply', () => {
    it('answers the new total for percent and amount codes, case-insensitively, without counting a use', async () => {
      const before = await uses('ALOHA10');
      expect((await apply({ code: 'aloha10', total: 24.99 })).json()).toEqual({ newTotal: 22.49, codeUsed: 'ALOHA10', discount: 2.5, discountType: 'percent', discountValue: 10 });
      expect((await apply({ code: 'HAFA5', total: 24.99 })).json()).toMatchObject({ newTotal: 19.99, codeUsed: 'HAFA5', discount: 5 });
      expect((await apply({ code: 'HAFA5', total: 3 })).json()).toMatchObject({ newTotal: 0, discount: 3 });
      expect(await uses('ALOHA10')).toBe(before);
    });

    it("refuses expired, used-up, inactive and unknown codes with 'Invalid or expired promo code'", async () => {
      await t.db.insert(promoCodes).values({ restaurantId: 1, code: 'PAUSED', discountType: 'percent', value: 5, active: false });
      for (const code of ['SUMMER25', 'WELCOME', 'PAUSED', 'NOSUCH']) {
        const response = await apply({ code, total: 20 });
        expect(response.statusCode, code).toBe(422);
        expect(response.json()).toEqual({ error: { code: 'INVALID_PROMO_CODE', message: 'Invalid or expired promo code' } });
      }
    });

    it('limits guesses per client', async () => {
      let last = 0;
      for (let i = 0; i < 10; i++) last = (await apply({ code: `GUESS${i}`, total: 10 })).statusCode;
      expect(last).toBe(429);
    });
  });

  describe('POST /restaurants/:id/vip_access/validate_code', () => {
    it('accepts a valid code and answers 401 in the error shape otherwise', async () => {
      const fresh = await build({ CODE_CHECK_RATE_LIMIT_PER_MINUTE: '100' });
      try {
        const ok = await request(fresh.app, { method: 'POST', url: '/api/v1/restaurants/2/vip_access/validate_code', payload: { code: 'vip2026' } });
        expect(ok.statusCode).toBe(200);
        expect(ok.json()).toEqual({ valid: true, message: 'VIP code accepted' });
        await fresh.db.insert(vipCodes).values({ restaurantId: 2, code: 'OLDVIP', expiresAt: new Date(Date.now() - 1000) });
        for (const [restaurant, code] of [
          [2, 'WRONG'],
          [2, 'OLDVIP'],
          [1, 'VIP2026'],
        ] as const) {
          const bad = await request(fresh.app, { method: 'POST', url: `/api/v1/restaurants/${restaurant}/vip_access/validate_code`, payload: { code } });
          expect(bad.statusCode).toBe(401);
          expect(bad.json()).toEqual({ error: { code: 'INVALID_VIP_CODE', message: 'Invalid VIP code', details: { valid: false } } });
        }
        // Validating counts nothing: uses are counted when an order is placed.
        const [vip] = await fresh.db.select().from(vipCodes).where(eq(vipCodes.code, 'VIP2026'));
        expect(vip!.currentUses).toBe(0);
      } finally {
        await fresh.close();
      }
    });
  });

  describe('admin CRUD', () => {
    const crud = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, token: string | undefined, payload?: Record<string, unknown>) =>
      request(t.app, { method, url: `/api/v1${path}`, token, ...(payload ? { payload } : {}) });

    it('lets an admin create, list, change and delete codes of their restaurant', async () => {
      const created = await crud('POST', '/promo_codes', admin, { code: 'luau20', discountType: 'percent', discountValue: 20, maxUses: 50, validUntil: '2030-01-01T00:00:00Z' });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({ code: 'LUAU20', restaurant_id: 1, discountType: 'percent', discountValue: 20, maxUses: 50, currentUses: 0, active: true, validUntil: '2030-01-01T00:00:00.000Z' });
      expect((await crud('POST', '/promo_codes', admin, { code: 'LUAU20', discountType: 'amount', discountValue: 100 })).statusCode).toBe(409);

      const list = (await crud('GET', '/promo_codes', admin)).json();
      expect(list.map((p: { code: string }) => p.code)).toEqual(expect.arrayContaining(['ALOHA10', 'HAFA5', 'LUAU20']));
      expect(list.every((p: { restaurant_id: number }) => p.restaurant_id === 1)).toBe(true);

      const patched = await crud('PATCH', '/promo_codes/luau20', admin, { discountType: 'amount', discountValue: 750, maxUses: null, active: false });
      expect(patched.json()).toMatchObject({ code: 'LUAU20', discountType: 'amount', discountValue: 750, maxUses: null, active: false });
      expect((await crud('PATCH', '/promo_codes/LUAU20', admin, { discountType: 'percent', discountValue: 750 })).statusCode).toBe(400);
      // A percent type alone over the stored amount (750) is caught by the service.
      expect((await crud('PATCH', '/promo_codes/LUAU20', admin, { discountType: 'percent' })).statusCode).toBe(422);

      expect((await crud('DELETE', '/promo_codes/LUAU20', admin)).statusCode).toBe(204);
      expect((await crud('DELETE', '/promo_codes/LUAU20', admin)).statusCode).toBe(404);
    });

    it('validates the discount and refuses max uses below the uses already made', async () => {
      const over = await crud('POST', '/promo_codes', admin, { code: 'TOOMUCH', discountType: 'percent', discountValue: 120 });
      expect(over.statusCode).toBe(400);
      expect(over.json().error.details.fields).toHaveProperty('discountValue');
      await t.db.update(promoCodes).set({ currentUses: 3 }).where(and(eq(promoCodes.code, 'HAFA5'), eq(promoCodes.restaurantId, 1)));
      const below = await crud('PATCH', '/promo_codes/HAFA5', admin, { maxUses: 2 });
      expect(below.statusCode).toBe(422);
    });

    it("keeps staff, customers and other restaurants' admins out", async () => {
      expect((await crud('GET', '/promo_codes', undefined)).statusCode).toBe(401);
      expect((await crud('GET', '/promo_codes', staff)).statusCode).toBe(403);
      expect((await crud('GET', '/promo_codes?restaurant_id=1', admin2)).statusCode).toBe(403);
      expect((await crud('PATCH', '/promo_codes/ALOHA10?restaurant_id=1', admin2, { active: false })).statusCode).toBe(403);
      // admin2 edits its own restaurant's ALOHA10; restaurant 1's is untouched.
      expect((await crud('PATCH', '/promo_codes/ALOHA10', admin2, { active: false })).json()).toMatchObject({ restaurant_id: 2, active: false });
      const [one] = await t.db.select().from(promoCodes).where(and(eq(promoCodes.code, 'ALOHA10'), eq(promoCodes.restaurantId, 1)));
      expect(one!.active).toBe(true);
      // A super admin picks the restaurant.
      const list = (await crud('GET', '/promo_codes?restaurant_id=2', superAdmin)).json();
      expect(list.every((p: { restaurant_id: number }) => p.restaurant_id === 2)).toBe(true);
    });
  });
});
