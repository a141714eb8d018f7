import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PromotionMessages, VipMessages } from '@kusina/domain/promotions';
import { promoCodes, vipCodes } from '../../db/schema/index.ts';
import { build, request, tokenFor, type TestContext } from '../../test/build.ts';
import { createItem, openAllDay, pay, placeOrder } from '../orders/test-support.ts';

/** The Promo Codes and VIP Access Codes screens' API (issue #37, decision 0114). */
describe('promo and VIP code administration', () => {
  let t: TestContext;
  let superAdmin: string;
  let admin: string;
  let admin2: string;
  let staff: string;
  let customer: string;
  beforeAll(async () => {
    t = await build({ CODE_CHECK_RATE_LIMIT_PER_MINUTE: '10000' });
    await openAllDay(t.db);
    [superAdmin, admin, admin2, staff, customer] = await Promise.all(
      ['super@kusina.test', 'admin@kusina.test', 'admin2@kusina.test', 'staff@kusina.test', 'customer@kusina.test'].map((email) => tokenFor(t.app, t.db, email)),
    ) as [string, string, string, string, string];
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string | undefined, payload?: Record<string, unknown>) =>
    request(t.app, { method, url: `/api/v1${url}`, token, ...(payload ? { payload } : {}) });
  const audit = async (token: string) => (await call('GET', '/audit_log', token)).json().entries as { action: string; target: string; summary: string; actor: string }[];

  it('role matrix: customers, staff and admins of another restaurant are refused every new route', async () => {
    const [vip] = (await call('POST', '/vip_codes', admin2, { name: 'Matrix', maxUses: 1 })).json();
    for (const [method, url, payload] of [
      ['GET', '/vip_codes?restaurant_id=2', undefined],
      ['POST', '/vip_codes', { name: 'Nope', maxUses: 1, restaurant_id: 2 }],
      ['POST', `/vip_codes/${vip.id}/revoke?restaurant_id=2`, undefined],
      ['GET', `/vip_codes/${vip.id}/uses?restaurant_id=2`, undefined],
      ['POST', '/promo_codes/ALOHA10/expire?restaurant_id=2', undefined],
    ] as const) {
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url} signed out`).toBe(401);
      for (const token of [customer, staff, admin]) expect((await call(method, url, token, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    // Without restaurant_id, admin acts in their own restaurant: restaurant 2's code is not found there.
    expect((await call('POST', `/vip_codes/${vip.id}/revoke`, admin)).statusCode).toBe(404);
    const [row] = await t.db.select().from(vipCodes).where(eq(vipCodes.id, vip.id));
    expect(row).toMatchObject({ active: true, revokedAt: null });
    const [promo] = await t.db.select().from(promoCodes).where(and(eq(promoCodes.code, 'ALOHA10'), eq(promoCodes.restaurantId, 2)));
    expect(promo!.validUntil!.getTime()).toBeGreaterThan(Date.now());
    // The super admin picks the restaurant.
    expect((await call('GET', '/vip_codes?restaurant_id=2', superAdmin)).json().map((v: { id: number }) => v.id)).toContain(vip.id);
  });

  it('promo codes show status and remaining uses; expire ends a code now; every change is audited', async () => {
    const created = await call('POST', '/promo_codes', admin, { code: 'fiesta15', discountType: 'percent', discountValue: 15, maxUses: 3 });
    expect(created.json()).toMatchObject({ code: 'FIESTA15', currentUses: 0, remainingUses: 3, status: 'active' });
    const listed = (await call('GET', '/promo_codes', admin)).json() as { code: string; status: string; remainingUses: number | null }[];
    expect(listed.find((p) => p.code === 'SUMMER25')).toMatchObject({ status: 'expired' });
    expect(listed.find((p) => p.code === 'WELCOME')).toMatchObject({ status: 'used_up', remainingUses: 0 });
    expect(listed.find((p) => p.code === 'ALOHA10')).toMatchObject({ status: 'active', remainingUses: null });

    // A customer uses it at checkout: one use counted, two left.
    const item = await createItem(t.db, { priceCents: 2000, stock: 50 });
    const items = [{ menu_item_id: item.id, quantity: 1 }];
    const placed = await placeOrder(t.app, await pay(t.app, { items, promo_code: 'FIESTA15' }), { items, promo_code: 'FIESTA15' });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await call('GET', '/promo_codes', admin)).json().find((p: { code: string }) => p.code === 'FIESTA15')).toMatchObject({ currentUses: 1, remainingUses: 2 });

    const edited = await call('PATCH', '/promo_codes/FIESTA15', admin, { discountValue: 20, maxUses: 5 });
    expect(edited.json()).toMatchObject({ discountValue: 20, maxUses: 5, remainingUses: 4 });
    const expired = await call('POST', '/promo_codes/FIESTA15/expire', admin);
    expect(expired.json()).toMatchObject({ status: 'expired', currentUses: 1 });
    const apply = await call('POST', '/promo_codes/apply', undefined, { code: 'FIESTA15', total: 20 });
    expect(apply.statusCode).toBe(422);
    expect(apply.json().error.message).toBe(PromotionMessages.invalidPromo);
    expect((await call('POST', '/promo_codes/NOSUCH/expire', admin)).statusCode).toBe(404);

    const entries = (await audit(admin)).filter((e) => e.target === 'FIESTA15');
    expect(entries.map((e) => e.action)).toEqual(['promo.expire', 'promo.update', 'promo.create']);
    expect(entries[1]!.summary).toBe('Changed promo code FIESTA15: discount 15% off → 20% off, max uses 3 → 5');
    expect(entries[2]).toMatchObject({ actor: 'Ana Admin (admin@kusina.test)', summary: 'Created promo code FIESTA15 (15% off)' });
  });

  it('max uses is judged against uses committed meanwhile: never a 500, never below the count', async () => {
    await call('POST', '/promo_codes', admin, { code: 'RACE', discountType: 'amount', discountValue: 100, maxUses: 10 });
    const item = await createItem(t.db, { priceCents: 1500, stock: 100 });
    const items = [{ menu_item_id: item.id, quantity: 1 }];
    const paid: string[] = [];
    for (let i = 0; i < 4; i++) paid.push(await pay(t.app, { items, promo_code: 'RACE' }));
    const [edit, ...orders] = await Promise.all([
      call('PATCH', '/promo_codes/RACE', admin, { maxUses: 2 }),
      ...paid.map((id) => placeOrder(t.app, id, { items, promo_code: 'RACE' })),
    ]);
    expect([200, 422]).toContain(edit!.statusCode);
    expect(orders.every((o) => o.statusCode === 201 || o.statusCode === 422)).toBe(true);
    const [row] = await t.db.select().from(promoCodes).where(and(eq(promoCodes.code, 'RACE'), eq(promoCodes.restaurantId, 1)));
    expect(row!.currentUses).toBe(orders.filter((o) => o.statusCode === 201).length);
    expect(row!.maxUses === null || row!.currentUses <= row!.maxUses).toBe(true);
  });

  it('issues single- and multi-use VIP codes, lists their uses and revokes them', async () => {
    const batch = await call('POST', '/vip_codes', admin2, { name: 'Opening night', maxUses: 1, quantity: 5 });
    expect(batch.statusCode, batch.body).toBe(201);
    const codes = batch.json() as { id: number; code: string; maxUses: number; status: string }[];
    expect(codes).toHaveLength(5);
    expect(new Set(codes.map((c) => c.code)).size).toBe(5);
    for (const c of codes) expect(c).toMatchObject({ maxUses: 1, status: 'active', code: expect.stringMatching(/^VIP-[A-HJ-NP-Z2-9]{8}$/) });

    const own = await call('POST', '/vip_codes', admin2, { name: 'Chef table', code: 'chefs-table', maxUses: 20 });
    expect(own.json()[0]).toMatchObject({ code: 'CHEFS-TABLE', maxUses: 20, remainingUses: 20 });
    expect((await call('POST', '/vip_codes', admin2, { name: 'Chef table', code: 'CHEFS-TABLE', maxUses: 20 })).statusCode).toBe(409);
    const mixed = await call('POST', '/vip_codes', admin2, { name: 'x', code: 'ABC', maxUses: 1, quantity: 3 });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().error.details.fields.quantity).toBe(VipMessages.codeWithQuantity);
    expect((await call('POST', '/vip_codes', admin2, { name: '', maxUses: 1 })).statusCode).toBe(400);

    // Used at checkout (restaurant 2 is VIP-only): the use lists the order.
    const item = await createItem(t.db, { restaurantId: 2, priceCents: 1500, stock: 100 });
    const items = [{ menu_item_id: item.id, quantity: 1 }];
    const placed = await placeOrder(t.app, await pay(t.app, { restaurantId: 2, items, vip_code: codes[0]!.code }), { restaurantId: 2, items, vip_code: codes[0]!.code });
    expect(placed.statusCode, placed.body).toBe(201);
    const uses = (await call('GET', `/vip_codes/${codes[0]!.id}/uses`, admin2)).json();
    expect(uses).toEqual([expect.objectContaining({ order_id: placed.json().id, order_number: placed.json().order_number })]);
    expect((await call('GET', '/vip_codes', admin2)).json().find((v: { id: number }) => v.id === codes[0]!.id)).toMatchObject({ currentUses: 1, remainingUses: 0, status: 'used_up' });

    // Revoked: the checkout refuses it; a second revoke is a clear 409.
    const revoked = await call('POST', `/vip_codes/${codes[1]!.id}/revoke`, admin2);
    expect(revoked.json()).toMatchObject({ active: false, status: 'paused', revokedAt: expect.any(String) });
    expect((await call('POST', `/vip_codes/${codes[1]!.id}/revoke`, admin2)).statusCode).toBe(409);
    expect((await call('POST', '/restaurants/2/vip_access/validate_code', undefined, { code: codes[1]!.code })).statusCode).toBe(401);

    const entries = await audit(admin2);
    expect(entries.find((e) => e.action === 'vip.revoke')).toMatchObject({ target: codes[1]!.code, actor: 'Leilani Blue (admin2@kusina.test)' });
    expect(entries.find((e) => e.action === 'vip.issue' && e.target === '5 codes')?.summary).toBe('Issued 5 single-use VIP codes for "Opening night"');
  });

  it('the database holds a single-use VIP code to one use under concurrency', async () => {
    const [code] = (await call('POST', '/vip_codes', admin2, { name: 'One guest', maxUses: 1 })).json();
    const item = await createItem(t.db, { restaurantId: 2, priceCents: 1200, stock: 100 });
    const items = [{ menu_item_id: item.id, quantity: 1 }];
    const paid: string[] = [];
    for (let i = 0; i < 8; i++) paid.push(await pay(t.app, { restaurantId: 2, items, vip_code: code.code }));
    const responses = await Promise.all(paid.map((id) => placeOrder(t.app, id, { restaurantId: 2, items, vip_code: code.code })));
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 422 && r.json().error.message === PromotionMessages.vipRequired)).toHaveLength(7);
    expect((await call('GET', `/vip_codes/${code.id}/uses`, admin2)).json()).toHaveLength(1);

    // Even a writer that skips the service's conditions cannot count a second use: the CHECK refuses it.
    const racers = await Promise.allSettled(
      Array.from({ length: 4 }, () => t.pool.query('UPDATE vip_codes SET current_uses = current_uses + 1 WHERE id = $1', [code.id])),
    );
    expect(racers.every((r) => r.status === 'rejected' && /vip_codes_uses_check/.test(String(r.reason)))).toBe(true);
    const [row] = await t.db.select({ uses: vipCodes.currentUses }).from(vipCodes).where(eq(vipCodes.id, code.id));
    expect(row!.uses).toBe(1);
  });
});
