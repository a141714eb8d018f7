import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wholesaleItems, wholesaleItemVariants, wholesaleOptions, wholesaleOrderItems } from '../../db/schema/index.ts';
import { build, request, tokenFor, type TestContext } from '../../test/build.ts';
import { buy, createTestFundraiser, type TestFundraiser } from './test-support.ts';

/**
 * Issue #36: editing an item in management (even just its price) keeps its options and variants —
 * same rows, same ids, same stock — so an earlier order's cancellation gives its stock back to
 * rows that still exist. A combination an edit removes is archived when orders name it.
 */
describe('editing a fundraiser item keeps its options, variants and stock', () => {
  let t: TestContext;
  let admin: string;
  let customer: string;
  let shop: TestFundraiser;

  beforeAll(async () => {
    t = await build();
    admin = await tokenFor(t.app, t.db, 'admin@kusina.test');
    customer = await tokenFor(t.app, t.db, 'customer@kusina.test');
    shop = await createTestFundraiser(t.db, { items: [] });
  });
  afterAll(() => t.close());

  const adminCall = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    request(t.app, { method, url: `/api/v1/wholesale/admin${url}`, token: admin, ...(payload ? { payload } : {}) });
  const cancel = async (orderId: number) => {
    const answer = await request(t.app, { method: 'DELETE', url: `/api/v1/wholesale/orders/${orderId}/cancel`, token: customer });
    expect(answer.statusCode, answer.body).toBe(200);
  };
  const variantRows = async (itemId: number) =>
    (await t.db.select().from(wholesaleItemVariants).where(eq(wholesaleItemVariants.itemId, itemId))).map((v) => ({ id: v.id, name: v.variantName, stock: v.stockQuantity, archived: v.archivedAt !== null }));
  const orderLine = async (orderId: number) => (await t.db.select().from(wholesaleOrderItems).where(eq(wholesaleOrderItems.orderId, orderId)))[0]!;

  const teeBody = {
    name: 'Team Tee',
    sku: 'TT-1',
    price_cents: 2500,
    inventory_mode: 'variant',
    option_groups: [
      { name: 'Size', min_select: 1, max_select: 1, options: [{ name: 'M' }, { name: 'L', additional_price_cents: 200 }] },
      { name: 'Colour', min_select: 1, max_select: 1, options: [{ name: 'Red' }] },
    ],
    variant_stock: { 'M / Red': 10, 'L / Red': 3 },
  };

  it('variant stock: 10 → order 2 → edit the price → cancel → 10, the order line on the same variant and options', async () => {
    const created = await adminCall('POST', `/fundraisers/${shop.fundraiserId}/items`, teeBody);
    expect(created.statusCode, created.body).toBe(201);
    const tee = created.json().data.item;
    const [size, colour] = tee.option_groups;
    const medium = size.options[0].id;
    const red = colour.options[0].id;
    const mRed = tee.item_variants.find((v: { variant_name: string }) => v.variant_name === 'M / Red');
    const selection = { [size.id]: [medium], [colour.id]: [red] };

    const order = await buy(t.app, shop, [{ item_id: tee.id, fundraiser_id: shop.fundraiserId, quantity: 2, selected_options: selection }], { token: customer });
    expect((await variantRows(tee.id)).find((v) => v.id === mRed.id)!.stock).toBe(8);

    // The management screen sends the item without stock fields (and without ids: it names options).
    const { variant_stock: _stock, ...withoutStock } = teeBody;
    const edited = await adminCall('PUT', `/items/${tee.id}`, { ...withoutStock, price_cents: 2700 });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = edited.json().data.item;
    expect(after.price_cents).toBe(2700);
    expect(after.option_groups.map((g: { id: number; options: { id: number }[] }) => [g.id, g.options.map((o) => o.id)])).toEqual(
      tee.option_groups.map((g: { id: number; options: { id: number }[] }) => [g.id, g.options.map((o) => o.id)]),
    );
    expect(after.item_variants.map((v: { id: number; stock_quantity: number }) => [v.id, v.stock_quantity])).toEqual([
      [mRed.id, 8],
      [tee.item_variants[1].id, 3],
    ]);

    // An edit sent with the ids and the stock read back (8) changes nothing either.
    const readBack = (await adminCall('GET', `/fundraisers/${shop.fundraiserId}`)).json().data.fundraiser.items.find((i: { id: number }) => i.id === tee.id);
    const again = await adminCall('PUT', `/items/${tee.id}`, {
      ...withoutStock,
      price_cents: 2800,
      option_groups: readBack.option_groups.map((g: { id: number; name: string; options: { id: number; name: string; additional_price_cents: number }[] }) => ({
        id: g.id,
        name: g.name,
        min_select: 1,
        max_select: 1,
        options: g.options.map((o) => ({ id: o.id, name: o.name, additional_price_cents: o.additional_price_cents })),
      })),
      variant_stock: Object.fromEntries(readBack.item_variants.map((v: { variant_name: string; stock_quantity: number }) => [v.variant_name, v.stock_quantity])),
    });
    expect(again.statusCode, again.body).toBe(200);

    await cancel(order.id);
    expect((await variantRows(tee.id)).find((v) => v.id === mRed.id)).toEqual({ id: mRed.id, name: 'M / Red', stock: 10, archived: false });
    const line = await orderLine(order.id);
    expect(line.variantId).toBe(mRed.id);
    expect(line.selectedOptionIds).toEqual(selection);
    expect(line.stockTaken).toEqual([{ kind: 'variant', id: mRed.id, quantity: 2 }]);
  });

  it('item and option stock: kept across an edit, given back on cancel; a renamed option keeps its id', async () => {
    const counted = (await adminCall('POST', `/fundraisers/${shop.fundraiserId}/items`, { name: 'Cookies', price_cents: 1000, inventory_mode: 'item', stock_quantity: 10 })).json().data.item;
    const plate = (
      await adminCall('POST', `/fundraisers/${shop.fundraiserId}/items`, {
        name: 'Plate',
        price_cents: 1200,
        inventory_mode: 'option',
        option_groups: [{ name: 'Main', min_select: 1, max_select: 1, enable_inventory_tracking: true, options: [{ name: 'Chicken', stock_quantity: 10 }, { name: 'Pork', stock_quantity: 5 }] }],
      })
    ).json().data.item;
    const chicken = plate.option_groups[0].options[0].id;
    const a = await buy(t.app, shop, [{ item_id: counted.id, fundraiser_id: shop.fundraiserId, quantity: 2 }], { token: customer });
    const b = await buy(t.app, shop, [{ item_id: plate.id, fundraiser_id: shop.fundraiserId, quantity: 2, selected_options: { [plate.option_groups[0].id]: [chicken] } }], { token: customer });

    expect((await adminCall('PUT', `/items/${counted.id}`, { name: 'Cookies', price_cents: 1100, inventory_mode: 'item' })).statusCode).toBe(200);
    const renamed = await adminCall('PUT', `/items/${plate.id}`, {
      name: 'Plate',
      price_cents: 1300,
      inventory_mode: 'option',
      option_groups: [
        {
          id: plate.option_groups[0].id,
          name: 'Main',
          min_select: 1,
          max_select: 1,
          enable_inventory_tracking: true,
          options: [
            { id: chicken, name: 'Chicken Kelaguen' },
            { name: 'Pork' },
          ],
        },
      ],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.item.option_groups[0].options.map((o: { id: number; name: string; stock_quantity: number }) => [o.id, o.name, o.stock_quantity])).toEqual([
      [chicken, 'Chicken Kelaguen', 8],
      [plate.option_groups[0].options[1].id, 'Pork', 5],
    ]);

    await cancel(a.id);
    await cancel(b.id);
    expect((await t.db.select().from(wholesaleItems).where(eq(wholesaleItems.id, counted.id)))[0]!.stockQuantity).toBe(10);
    expect((await t.db.select().from(wholesaleOptions).where(eq(wholesaleOptions.id, chicken)))[0]!.stockQuantity).toBe(10);
  });

  it('a combination the edit removes is archived when an order names it (deleted otherwise); its stock comes back on cancel', async () => {
    const tee = (await adminCall('POST', `/fundraisers/${shop.fundraiserId}/items`, teeBody)).json().data.item;
    const [size, colour] = tee.option_groups;
    const large = size.options[1].id;
    const [mRed, lRed] = tee.item_variants;
    const order = await buy(t.app, shop, [{ item_id: tee.id, fundraiser_id: shop.fundraiserId, quantity: 1, selected_options: { [size.id]: [large], [colour.id]: [colour.options[0].id] } }], { token: customer });

    const smaller = await adminCall('PUT', `/items/${tee.id}`, {
      ...teeBody,
      variant_stock: undefined,
      option_groups: [
        { name: 'Size', min_select: 1, max_select: 1, options: [{ name: 'M' }] },
        { name: 'Colour', min_select: 1, max_select: 1, options: [{ name: 'Red' }, { name: 'Blue' }] },
      ],
    });
    expect(smaller.statusCode, smaller.body).toBe(200);
    expect(smaller.json().data.item.item_variants.map((v: { id: number; variant_name: string; stock_quantity: number }) => [v.variant_name, v.stock_quantity])).toEqual([
      ['M / Red', 10],
      ['M / Blue', 0],
    ]);
    expect(smaller.json().data.item.item_variants[0].id).toBe(mRed.id);
    // L / Red, which the order names, is archived with its stock (2); the shop no longer sells it.
    expect((await variantRows(tee.id)).find((v) => v.id === lRed.id)).toEqual({ id: lRed.id, name: 'L / Red', stock: 2, archived: true });
    const sold = await request(t.app, { method: 'GET', url: `/api/v1/wholesale/variants/${lRed.id}` });
    expect(sold.statusCode).toBe(404);

    await cancel(order.id);
    expect((await variantRows(tee.id)).find((v) => v.id === lRed.id)).toEqual({ id: lRed.id, name: 'L / Red', stock: 3, archived: true });
    expect((await orderLine(order.id)).variantId).toBe(lRed.id);

    // Dropping Blue (never ordered) deletes its variant.
    const blue = smaller.json().data.item.item_variants[1].id;
    expect((await adminCall('PUT', `/items/${tee.id}`, { ...teeBody, variant_stock: undefined, option_groups: [teeBody.option_groups[0], teeBody.option_groups[1]] })).statusCode).toBe(200);
    expect((await variantRows(tee.id)).some((v) => v.id === blue)).toBe(false);
  });

  it('refuses an id that is not one of the item’s options (422, nothing changed)', async () => {
    const tee = (await adminCall('POST', `/fundraisers/${shop.fundraiserId}/items`, teeBody)).json().data.item;
    const other = (await adminCall('POST', `/fundraisers/${shop.fundraiserId}/items`, teeBody)).json().data.item;
    const answer = await adminCall('PUT', `/items/${tee.id}`, {
      ...teeBody,
      price_cents: 1,
      option_groups: [{ ...teeBody.option_groups[0], id: other.option_groups[0].id }, teeBody.option_groups[1]],
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().error.details.fields).toHaveProperty('option_groups.0.id');
    expect((await t.db.select().from(wholesaleItems).where(eq(wholesaleItems.id, tee.id)))[0]!.priceCents).toBe(2500);
  });
});
