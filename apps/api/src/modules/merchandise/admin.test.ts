import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MerchandiseItemOutput } from '@kusina/domain/merchandise';
import { build, request, type TestContext } from '../../test/build.ts';
import { tokenFor } from '../../test/build.ts';
import { imageOf, listShop, multipart, named } from './test-helpers.ts';

type Who = 'guest' | 'customer' | 'staff' | 'admin2' | 'admin' | 'super';
const WHO: Who[] = ['guest', 'customer', 'staff', 'admin2', 'admin', 'super'];
/** What each role gets from an admin call on restaurant 1's merchandise. */
const EXPECTED: Record<Who, 'denied-401' | 'denied-403' | 'allowed'> = {
  guest: 'denied-401',
  customer: 'denied-403',
  staff: 'denied-403',
  admin2: 'denied-403',
  admin: 'allowed',
  super: 'allowed',
};

describe('merchandise admin role matrix', () => {
  let t: TestContext;
  const tokens: Record<Who, string | undefined> = { guest: undefined, customer: '', staff: '', admin2: '', admin: '', super: '' };
  let items: MerchandiseItemOutput[];
  const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'kusina-uploads-'));

  beforeAll(async () => {
    t = await build({ UPLOADS_DIR: uploadsDir });
    tokens.customer = await tokenFor(t.app, t.db, 'customer@kusina.test');
    tokens.staff = await tokenFor(t.app, t.db, 'staff@kusina.test');
    tokens.admin = await tokenFor(t.app, t.db, 'admin@kusina.test');
    tokens.admin2 = await tokenFor(t.app, t.db, 'admin2@kusina.test');
    tokens.super = await tokenFor(t.app, t.db, 'super@kusina.test');
    items = await listShop(t.app, '?show_all=true', tokens.admin);
  });
  afterAll(async () => {
    await t.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  });

  async function counts(): Promise<string> {
    const { rows } = await t.pool.query<{ items: number; variants: number; events: number; stock: number; damaged: number }>(
      `SELECT (SELECT count(*)::int FROM merchandise_items) AS items, (SELECT count(*)::int FROM merchandise_variants) AS variants,
              (SELECT count(*)::int FROM merchandise_stock_events) AS events,
              (SELECT sum(stock_quantity)::int FROM merchandise_variants) AS stock, (SELECT sum(damaged_quantity)::int FROM merchandise_variants) AS damaged`,
    );
    return JSON.stringify(rows[0]);
  }

  /** Each admin call, built fresh per caller (an allowed call may change or delete its target). */
  const calls: { label: string; run: (who: Who) => Promise<{ statusCode: number; body: string }> }[] = [
    {
      label: 'POST /merchandise_items',
      run: async (who) =>
        request(t.app, {
          method: 'POST',
          url: '/api/v1/merchandise_items',
          token: tokens[who],
          ...multipart([['merchandise_item[name]', `Matrix ${who}`], ['merchandise_item[base_price]', '9'], ['merchandise_item[restaurant_id]', '1']], [
            { name: 'image', filename: 'm.png', type: 'image/png', data: await imageOf('png') },
          ]),
        }),
    },
    {
      label: 'PATCH /merchandise_items/:id (hide)',
      run: (who) => request(t.app, { method: 'PATCH', url: `/api/v1/merchandise_items/${named(items, 'Hafa Adai Sticker Pack').id}`, token: tokens[who], ...multipart([['merchandise_item[hidden]', 'true']]) }),
    },
    {
      label: 'PATCH /merchandise_items/:id (show)',
      run: (who) => request(t.app, { method: 'PATCH', url: `/api/v1/merchandise_items/${named(items, 'Hafa Adai Sticker Pack').id}`, token: tokens[who], payload: { merchandise_item: { hidden: false } } }),
    },
    {
      label: 'POST /merchandise_items/:id/upload_image',
      run: async (who) =>
        request(t.app, {
          method: 'POST',
          url: `/api/v1/merchandise_items/${named(items, 'Kusina Snapback').id}/upload_image`,
          token: tokens[who],
          ...multipart([], [{ name: 'image', filename: 'h.jpg', type: 'image/jpeg', data: await imageOf('jpeg') }]),
        }),
    },
    {
      label: 'POST /merchandise_items/:id/mark_as_damaged',
      run: (who) =>
        request(t.app, { method: 'POST', url: `/api/v1/merchandise_items/${named(items, 'Kusina Logo Sticker').id}/mark_as_damaged`, token: tokens[who], payload: { quantity: 1, reason: 'Scuffed' } }),
    },
    {
      label: 'POST /merchandise_items/:id/update_stock',
      run: (who) =>
        request(t.app, { method: 'POST', url: `/api/v1/merchandise_items/${named(items, 'Kusina Logo Sticker').id}/update_stock`, token: tokens[who], payload: { stock_quantity: 140, reason: 'Recount' } }),
    },
    {
      label: 'POST /merchandise_items/:id/variants/:variantId/update_stock',
      run: (who) => {
        const tee = named(items, 'Hafa Adai Tee');
        return request(t.app, { method: 'POST', url: `/api/v1/merchandise_items/${tee.id}/variants/${tee.variants[0]?.id}/update_stock`, token: tokens[who], payload: { stock_quantity: 30, reason: 'Delivery' } });
      },
    },
    {
      label: 'PATCH /merchandise_variants/:id',
      run: (who) =>
        request(t.app, { method: 'PATCH', url: `/api/v1/merchandise_variants/${named(items, 'Hafa Adai Tee').variants[1]?.id}`, token: tokens[who], payload: { merchandise_variant: { price_adjustment: 1 } } }),
    },
    {
      label: 'GET /merchandise_items/:id/stock_events',
      run: (who) => request(t.app, { url: `/api/v1/merchandise_items/${named(items, 'Kusina Logo Sticker').id}/stock_events`, token: tokens[who] }),
    },
  ];

  for (const call of calls) {
    it(`${call.label}: guest 401, customer/staff/other restaurant's admin 403 (nothing changes), admin and super admin allowed`, async () => {
      for (const who of WHO) {
        const before = await counts();
        const response = await call.run(who);
        const expected = EXPECTED[who];
        if (expected === 'allowed') {
          expect(response.statusCode, `${who}: ${response.body}`).toBeGreaterThanOrEqual(200);
          expect(response.statusCode, `${who}: ${response.body}`).toBeLessThan(300);
        } else {
          expect(response.statusCode, who).toBe(expected === 'denied-401' ? 401 : 403);
          expect(await counts(), who).toBe(before);
        }
      }
    });
  }

  it('DELETE /merchandise_items/:id: only the restaurant admin or a super admin', async () => {
    for (const name of ['Kusina Tote Bag', 'Kusina Coffee Mug']) {
      const id = named(items, name).id;
      for (const who of ['guest', 'customer', 'staff', 'admin2'] as const) {
        const response = await request(t.app, { method: 'DELETE', url: `/api/v1/merchandise_items/${id}`, token: tokens[who] });
        expect(response.statusCode, who).toBe(who === 'guest' ? 401 : 403);
      }
    }
    expect((await request(t.app, { method: 'DELETE', url: `/api/v1/merchandise_items/${named(items, 'Kusina Tote Bag').id}`, token: tokens.admin })).statusCode).toBe(204);
    expect((await request(t.app, { method: 'DELETE', url: `/api/v1/merchandise_items/${named(items, 'Kusina Coffee Mug').id}`, token: tokens.super })).statusCode).toBe(204);
  });

  it("lets restaurant 2's admin manage their own shop, and a super admin create in any restaurant", async () => {
    const own = await request(t.app, { method: 'POST', url: '/api/v1/merchandise_items', token: tokens.admin2, payload: { merchandise_item: { name: 'Blue Hat', base_price: 20, stock_quantity: 3 } } });
    expect(own.statusCode).toBe(201);
    expect(own.json()).toMatchObject({ restaurant_id: 2 });
    const intoOne = await request(t.app, { method: 'POST', url: '/api/v1/merchandise_items', token: tokens.admin2, payload: { merchandise_item: { name: 'Sneaky', base_price: 1, restaurant_id: 1 } } });
    expect(intoOne.statusCode).toBe(403);
    const superIntoTwo = await request(t.app, { method: 'POST', url: '/api/v1/merchandise_items', token: tokens.super, payload: { merchandise_item: { name: 'Super Sticker', base_price: 2, restaurant_id: 2 } } });
    expect(superIntoTwo.statusCode).toBe(201);
    expect((await listShop(t.app, '?restaurant_id=2')).map((i) => i.name)).toEqual(['Barrigada Blue Tee', 'Barrigada Sticker', 'Blue Hat', 'Super Sticker']);
  });

  it('keeps every read public but never shows hidden items to customers or staff', async () => {
    const staffTee = named(items, 'Kusina Staff Tee');
    for (const who of ['guest', 'customer', 'staff', 'admin2'] as const) {
      expect((await listShop(t.app, '?show_all=true&admin=true', tokens[who])).map((i) => i.id), who).not.toContain(staffTee.id);
      expect((await request(t.app, { url: `/api/v1/merchandise_items/${staffTee.id}`, token: tokens[who] })).statusCode, who).toBe(404);
    }
    for (const who of ['admin', 'super'] as const) {
      expect((await listShop(t.app, '?show_all=true', tokens[who])).map((i) => i.id), who).toContain(staffTee.id);
      expect((await request(t.app, { url: `/api/v1/merchandise_items/${staffTee.id}/variants`, token: tokens[who] })).statusCode, who).toBe(200);
    }
  });
});
