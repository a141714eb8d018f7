import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StockChangeOutput, StockEventOutput, type MerchandiseItemOutput } from '@kusina/domain/merchandise';
import { build, request, type TestContext } from '../../test/build.ts';
import { tokenFor } from '../../test/build.ts';
import { listShop, named } from './test-helpers.ts';

describe('merchandise stock', () => {
  let t: TestContext;
  let admin: string;
  let superAdmin: string;
  let items: MerchandiseItemOutput[];

  beforeAll(async () => {
    t = await build();
    admin = await tokenFor(t.app, t.db, 'admin@kusina.test');
    superAdmin = await tokenFor(t.app, t.db, 'super@kusina.test');
    items = await listShop(t.app, '?show_all=true', admin);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, token = admin) => request(t.app, { method: 'POST', url: `/api/v1${url}`, token, payload });
  const events = async (itemId: number) =>
    StockEventOutput.array().parse((await request(t.app, { url: `/api/v1/merchandise_items/${itemId}/stock_events`, token: admin })).json());
  const variantRow = async (id: number) => {
    const { rows } = await t.pool.query<{ stock: number; damaged: number }>('SELECT stock_quantity AS stock, damaged_quantity AS damaged FROM merchandise_variants WHERE id = $1', [id]);
    return rows[0];
  };
  async function adminUserId(email: string): Promise<number> {
    const { rows } = await t.pool.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
    return rows[0]?.id ?? -1;
  }

  it('sets stock with a reason and keeps who, when, what, how much and why', async () => {
    const sticker = named(items, 'Kusina Logo Sticker');
    const response = await post(`/merchandise_items/${sticker.id}/update_stock`, { stock_quantity: 120, reason: 'Monthly recount' });
    expect(response.statusCode, response.body).toBe(200);
    const change = StockChangeOutput.parse(response.json());
    expect(change.item).toMatchObject({ stock_quantity: 120, available_quantity: 120 });
    expect(change.event).toMatchObject({ kind: 'update', delta: -30, stock_quantity: 120, damaged_quantity: 0, reason: 'Monthly recount', variant_label: 'One size', user_id: await adminUserId('admin@kusina.test') });
    expect(Date.now() - Date.parse(change.event.created_at)).toBeLessThan(60_000);

    const damaged = await post(`/merchandise_items/${sticker.id}/mark_as_damaged`, { quantity: 4, reason: 'Rain got into the box' }, superAdmin);
    expect(damaged.statusCode, damaged.body).toBe(200);
    expect(StockChangeOutput.parse(damaged.json()).item).toMatchObject({ stock_quantity: 120, damaged_quantity: 4, available_quantity: 116 });

    const trail = await events(sticker.id);
    expect(trail.map((e) => [e.kind, e.delta, e.reason, e.user_id])).toEqual([
      ['damaged', -4, 'Rain got into the box', await adminUserId('super@kusina.test')],
      ['update', -30, 'Monthly recount', await adminUserId('admin@kusina.test')],
    ]);
  });

  it('acts on a named variant, and asks for one when the item has several', async () => {
    const tee = named(items, 'Kusina Logo Tee');
    const xlRed = tee.variants.find((v) => v.size === 'XL' && v.color === 'Red');
    const noVariant = await post(`/merchandise_items/${tee.id}/update_stock`, { stock_quantity: 5, reason: 'Recount' });
    expect(noVariant.statusCode).toBe(422);
    expect(noVariant.json()).toMatchObject({ error: { message: 'This item has several variants: choose one (variant_id).', details: { fields: { variant_id: expect.any(String) } } } });

    const damaged = await post(`/merchandise_items/${tee.id}/mark_as_damaged`, { variant_id: xlRed?.id, quantity: 1, reason: 'Ink smudge' });
    expect(damaged.statusCode, damaged.body).toBe(200);
    const after = StockChangeOutput.parse(damaged.json());
    expect(after.item.variants.find((v) => v.id === xlRed?.id)).toMatchObject({ stock_quantity: 2, damaged_quantity: 1, available_quantity: 1, stock_status: 'low_stock' });
    expect(after.event).toMatchObject({ kind: 'damaged', delta: -1, variant_label: 'XL / Red', merchandise_variant_id: xlRed?.id });

    const tooMany = await post(`/merchandise_items/${tee.id}/mark_as_damaged`, { variant_id: xlRed?.id, quantity: 2, reason: 'Ink smudge' });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ error: { code: 'CONFLICT', message: 'Only 1 available to mark as damaged.' } });

    const belowDamaged = await post(`/merchandise_items/${tee.id}/variants/${xlRed?.id}/update_stock`, { stock_quantity: 0, reason: 'Recount' });
    expect(belowDamaged.statusCode).toBe(422);
    expect(belowDamaged.json()).toMatchObject({ error: { message: 'Stock quantity cannot be less than the damaged quantity.' } });

    const restock = await post(`/merchandise_items/${tee.id}/variants/${xlRed?.id}/update_stock`, { stock_quantity: 14, reason: 'Delivery from the printer' });
    expect(restock.statusCode).toBe(200);
    expect(StockChangeOutput.parse(restock.json()).event).toMatchObject({ kind: 'update', delta: 12, stock_quantity: 14, damaged_quantity: 1 });

    const otherItemsVariant = named(items, 'Hafa Adai Tee').variants[0]?.id;
    expect((await post(`/merchandise_items/${tee.id}/variants/${otherItemsVariant}/update_stock`, { stock_quantity: 1, reason: 'x' })).statusCode).toBe(404);
    expect((await post(`/merchandise_items/${tee.id}/mark_as_damaged`, { variant_id: otherItemsVariant, quantity: 1, reason: 'x' })).statusCode).toBe(404);
    expect((await post(`/merchandise_items/${tee.id}/update_stock`, { variant_id: xlRed?.id, stock_quantity: -1, reason: 'x' })).statusCode).toBe(400);
    expect((await post(`/merchandise_items/${tee.id}/update_stock`, { variant_id: xlRed?.id, stock_quantity: 3 })).statusCode).toBe(400);
    expect((await post('/merchandise_items/99999/update_stock', { stock_quantity: 3, reason: 'x' })).statusCode).toBe(404);
  });

  it('audits count changes made through PATCH /merchandise_variants/:id', async () => {
    const mug = named(items, 'Kusina Coffee Mug');
    const variant = mug.variants[0];
    const response = await request(t.app, {
      method: 'PATCH',
      url: `/api/v1/merchandise_variants/${variant?.id}`,
      token: admin,
      payload: { merchandise_variant: { stock_quantity: 12, damaged_quantity: 3, price_adjustment: 2, color: 'Cream', reason: 'Shelf count' } },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ color: 'Cream', price: 18, price_adjustment: 2, stock_quantity: 12, damaged_quantity: 3, available_quantity: 9 });
    expect((await events(mug.id))[0]).toMatchObject({ kind: 'update', delta: 1, reason: 'Shelf count', variant_label: 'Cream' });

    const invalid = await request(t.app, { method: 'PATCH', url: `/api/v1/merchandise_variants/${variant?.id}`, token: admin, payload: { merchandise_variant: { stock_quantity: 2 } } });
    expect(invalid.statusCode).toBe(422);
    const noAudit = await request(t.app, { method: 'PATCH', url: `/api/v1/merchandise_variants/${variant?.id}`, token: admin, payload: { merchandise_variant: { size: null } } });
    expect(noAudit.statusCode).toBe(200);
    expect(await events(mug.id)).toHaveLength(1);
    expect((await request(t.app, { method: 'PATCH', url: '/api/v1/merchandise_variants/99999', token: admin, payload: { merchandise_variant: { size: 'M' } } })).statusCode).toBe(404);
  });

  it('never sells below zero when damage write-offs race for the last units', async () => {
    const hat = named(items, 'Latte Stone Trucker Hat');
    const red = hat.variants.find((v) => v.color === 'Red');
    expect(red?.available_quantity).toBe(3);
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post(`/merchandise_items/${hat.id}/mark_as_damaged`, { variant_id: red?.id, quantity: 1, reason: `Race ${i}` }, i % 2 ? admin : superAdmin)),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    expect(await variantRow(red?.id ?? -1)).toEqual({ stock: 3, damaged: 3 });
    const trail = (await events(hat.id)).filter((e) => e.kind === 'damaged');
    expect(trail).toHaveLength(3);
    expect(trail.map((e) => e.damaged_quantity).sort()).toEqual([1, 2, 3]);
  });

  it('keeps the CHECKs whole when recounts and write-offs race on one variant (clean 4xx, never 500)', async () => {
    const sticker = named(items, 'Spam Musubi Sticker');
    const variantId = sticker.variants[0]?.id ?? -1;
    const calls = Array.from({ length: 24 }, (_, i) =>
      i % 3 === 0
        ? post(`/merchandise_items/${sticker.id}/update_stock`, { stock_quantity: i % 2 ? 1 : 0, reason: `Recount ${i}` })
        : post(`/merchandise_items/${sticker.id}/mark_as_damaged`, { quantity: 1 + (i % 2), reason: `Race ${i}` }),
    );
    const responses = await Promise.all(calls);
    for (const response of responses) {
      expect([200, 409, 422], response.body).toContain(response.statusCode);
    }
    const row = await variantRow(variantId);
    expect(row?.stock).toBeGreaterThanOrEqual(row?.damaged ?? -1);
    expect(row?.damaged).toBeGreaterThanOrEqual(0);
    // The trail replays to the final figures: each event's after-state chains from the one before.
    const trail = (await events(sticker.id)).reverse();
    expect(trail).toHaveLength(responses.filter((r) => r.statusCode === 200).length);
    let available = 3;
    for (const event of trail) {
      available += event.delta;
      expect(event.stock_quantity - event.damaged_quantity).toBe(available);
    }
    expect(available).toBe((row?.stock ?? 0) - (row?.damaged ?? 0));
  });
});
