import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MerchandiseVariantDeleteOutput } from '@kusina/domain/merchandise';
import { build, request, tokenFor, type TestContext } from '../../test/build.ts';
import { checkout, createMerchandise, merch, openAllDay, pay, variantStock } from '../orders/test-support.ts';
import { listShop, named } from './test-helpers.ts';

/** DELETE /merchandise_variants/:id (decision 0072): deleted when no order names it, archived when one does. */
describe('deleting a merchandise variant', () => {
  let t: TestContext;
  let admin: string;
  const tokens: Record<'customer' | 'staff' | 'admin2', string> = { customer: '', staff: '', admin2: '' };

  beforeAll(async () => {
    t = await build();
    await openAllDay(t.db);
    admin = await tokenFor(t.app, t.db, 'admin@kusina.test');
    tokens.customer = await tokenFor(t.app, t.db, 'customer@kusina.test');
    tokens.staff = await tokenFor(t.app, t.db, 'staff@kusina.test');
    tokens.admin2 = await tokenFor(t.app, t.db, 'admin2@kusina.test');
  });
  afterAll(() => t.close());

  const remove = (id: number, token: string | null = admin) => request(t.app, { method: 'DELETE', url: `/api/v1/merchandise_variants/${id}`, token: token ?? undefined });
  const row = async (id: number) =>
    (await t.pool.query<{ stock: number; damaged: number; archived: boolean }>('SELECT stock_quantity AS stock, damaged_quantity AS damaged, archived_at IS NOT NULL AS archived FROM merchandise_variants WHERE id = $1', [id])).rows[0];

  it('lets only the restaurant admin or a super admin delete, changing nothing for the others', async () => {
    const tee = await createMerchandise(t.db, { name: 'Matrix Tee', basePriceCents: 2000, variants: [{ size: 'S', stock: 3 }, { size: 'M', stock: 4 }] });
    const target = tee.variants[0]!.id;
    expect((await remove(target, null)).statusCode).toBe(401);
    for (const who of ['customer', 'staff', 'admin2'] as const) expect((await remove(target, tokens[who])).statusCode, who).toBe(403);
    expect(await row(target)).toEqual({ stock: 3, damaged: 0, archived: false });
    const superAdmin = await tokenFor(t.app, t.db, 'super@kusina.test');
    expect((await remove(target, superAdmin)).json()).toEqual({ id: target, archived: false });
  });

  it('deletes a variant no order names: the row is gone and the item lists the others', async () => {
    const tee = await createMerchandise(t.db, { name: 'Unsold Tee', basePriceCents: 2000, variants: [{ size: 'S', stock: 3 }, { size: 'M', stock: 4 }, { size: 'L', stock: 5 }] });
    const [small, medium] = tee.variants;
    const response = await remove(medium!.id);
    expect(response.statusCode).toBe(200);
    expect(MerchandiseVariantDeleteOutput.parse(response.json())).toEqual({ id: medium!.id, archived: false });
    expect(await row(medium!.id)).toBeUndefined();
    const listed = named(await listShop(t.app, '?show_all=true&admin=true', admin), 'Unsold Tee');
    expect(listed.variants.map((v) => v.size)).toEqual(['S', 'L']);
    expect(listed.stock_quantity).toBe(8);
    expect(small).toBeDefined();
  });

  it('archives a variant an order names: kept for the order, stock untouched, no longer listed or sold', async () => {
    const tee = await createMerchandise(t.db, { name: 'Sold Tee', basePriceCents: 2500, variants: [{ size: 'M', color: 'Red', stock: 6 }, { size: 'L', color: 'Red', stock: 2 }] });
    const [red, large] = tee.variants;
    const placed = await checkout(t.app, { items: [merch(red!.id, 1)] });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId: number = placed.json().id;

    const response = await remove(red!.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: red!.id, archived: true });
    // The row stays with its stock (5 after the sale) and the order's line still points at it.
    expect(await row(red!.id)).toEqual({ stock: 5, damaged: 0, archived: true });
    expect(await variantStock(t.db, red!.id)).toEqual({ stock: 5, damaged: 0 });
    const line = await t.pool.query<{ variant_id: number; variant_details: { size: string; color: string } }>('SELECT variant_id, variant_details FROM order_items WHERE order_id = $1', [orderId]);
    expect(line.rows).toEqual([{ variant_id: red!.id, variant_details: { size: 'M', color: 'Red' } }]);

    // Hidden from the shop and from the admin's list; the item's stock counts the variants on sale.
    for (const token of [undefined, admin]) {
      const listed = named(await listShop(t.app, '?show_all=true&admin=true', token), 'Sold Tee');
      expect(listed.variants.map((v) => v.id)).toEqual([large!.id]);
      expect(listed.stock_quantity).toBe(2);
    }
    const variants = await request(t.app, { url: `/api/v1/merchandise_items/${tee.id}/variants` });
    expect(variants.json().map((v: { id: number }) => v.id)).toEqual([large!.id]);

    // Not orderable: the quote and the order refuse it by name.
    const quote = await request(t.app, { method: 'POST', url: '/api/v1/payments', payload: { restaurant_id: 1, items: [merch(red!.id, 1)] } });
    expect(quote.statusCode).toBe(409);
    expect(quote.json().error.details.issues).toEqual([
      expect.objectContaining({ line: 0, variant_id: red!.id, code: 'not_found', message: 'Sold Tee (M / Red) is no longer sold. Please remove it from your cart.' }),
    ]);
    // A payment made before the archive (the cart was read then) is refused at the order, nothing sold.
    const paymentId = await pay(t.app, { items: [merch(large!.id, 1)] });
    const order = await request(t.app, {
      method: 'POST',
      url: '/api/v1/orders',
      headers: { 'idempotency-key': `archived-${red!.id}` },
      payload: { restaurant_id: 1, items: [merch(red!.id, 1)], contact: { name: 'Maria Cruz', email: 'maria@example.com', phone: '+16715551234' }, payment_id: paymentId },
    });
    expect(order.statusCode).toBeGreaterThanOrEqual(400);
    expect(order.statusCode).toBeLessThan(500);
    expect(await variantStock(t.db, red!.id)).toEqual({ stock: 5, damaged: 0 });

    // Its stock and details can no longer be changed, and deleting it again finds nothing.
    expect((await request(t.app, { method: 'PATCH', url: `/api/v1/merchandise_variants/${red!.id}`, token: admin, payload: { merchandise_variant: { stock_quantity: 9 } } })).statusCode).toBe(404);
    expect(
      (await request(t.app, { method: 'POST', url: `/api/v1/merchandise_items/${tee.id}/variants/${red!.id}/update_stock`, token: admin, payload: { stock_quantity: 9, reason: 'Recount' } })).statusCode,
    ).toBe(404);
    expect((await remove(red!.id)).statusCode).toBe(404);
    expect(await row(red!.id)).toEqual({ stock: 5, damaged: 0, archived: true });

    // The same size and colour can be added again as a new variant.
    const readded = await request(t.app, {
      method: 'PATCH',
      url: `/api/v1/merchandise_items/${tee.id}`,
      token: admin,
      payload: { merchandise_item: { variants: [{ size: 'M', color: 'Red', stock_quantity: 1 }] } },
    });
    expect(readded.statusCode, readded.body).toBe(200);
    expect(readded.json().variants.map((v: { size: string; id: number }) => v.size)).toEqual(['M', 'L']);
    expect(readded.json().variants[0].id).not.toBe(red!.id);
  });

  it("refuses to delete an item's last variant with a 409 naming what to do, and unknown variants with 404", async () => {
    const mug = await createMerchandise(t.db, { name: 'Lonely Mug', basePriceCents: 1500, variants: [{ stock: 2 }] });
    const response = await remove(mug.variants[0]!.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'CONFLICT',
      message: 'An item needs at least one variant. Delete the item instead, or add another variant first.',
      details: { fields: { variant: expect.any(String) } },
    });
    expect(await row(mug.variants[0]!.id)).toEqual({ stock: 2, damaged: 0, archived: false });
    expect((await remove(999999)).statusCode).toBe(404);
    expect((await request(t.app, { method: 'DELETE', url: '/api/v1/merchandise_variants/abc', token: admin })).statusCode).toBe(400);
  });
});
