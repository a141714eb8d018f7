import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wholesaleItems, wholesaleParticipants } from '../../db/schema/index.ts';
import { build, request, tokenFor, type TestContext } from '../../test/build.ts';
import { createTestFundraiser, type TestFundraiser } from './test-support.ts';

/** The supporter's read and cart calls of wholesale.md §7, each answered in the { success, message, data } envelope. */
describe('wholesale shop API', () => {
  let t: TestContext;
  let shop: TestFundraiser;
  let customerToken: string;

  beforeAll(async () => {
    t = await build();
    customerToken = await tokenFor(t.app, t.db, 'customer@kusina.test');
    shop = await createTestFundraiser(t.db, {
      participants: [{ name: 'Ana', goalCents: 50000 }, { name: 'Ben' }],
      items: [
        { name: 'Plain', priceCents: 1000 },
        { name: 'Counted', priceCents: 1500, mode: 'item', stock: 3 },
        {
          name: 'Tee',
          priceCents: 2000,
          mode: 'variant',
          groups: [
            { name: 'Size', options: [{ name: 'M' }, { name: 'XL', price: 300 }] },
            { name: 'Colour', options: [{ name: 'Red' }, { name: 'Blue', available: false }] },
          ],
          variantStock: { 'M / Red': 2, 'XL / Red': 0 },
        },
        { name: 'Plate', priceCents: 1200, mode: 'option', groups: [{ name: 'Main', tracked: true, options: [{ name: 'Chicken', stock: 1 }, { name: 'Pork', stock: 5 }] }] },
        { name: 'Retired', priceCents: 500, active: false },
      ],
    });
  });
  afterAll(() => t.close());

  const get = (url: string, token?: string) => request(t.app, { method: 'GET', url: `/api/v1/wholesale${url}`, token });
  const post = (url: string, payload: unknown, token?: string) => request(t.app, { method: 'POST', url: `/api/v1/wholesale${url}`, payload: payload as object, token });
  const item = (name: string) => shop.items.find((i) => i.name === name)!;

  it('lists current fundraisers only, with search', async () => {
    const draft = await createTestFundraiser(t.db, { status: 'draft', items: [] });
    const ended = await createTestFundraiser(t.db, { status: 'ended', items: [] });
    const response = await get('/fundraisers');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(typeof body.message).toBe('string');
    const slugs = body.data.fundraisers.map((f: { slug: string }) => f.slug);
    expect(slugs).toContain(shop.slug);
    expect(slugs).not.toContain(draft.slug);
    expect(slugs).not.toContain(ended.slug);
    const found = (await get(`/fundraisers?search=${shop.slug.slice(5)}`)).json().data.fundraisers;
    expect(found.map((f: { slug: string }) => f.slug)).toEqual([shop.slug]);
    expect((await get('/fundraisers?search=zzzz-none')).json().data.fundraisers).toEqual([]);
    // A search is a literal part of the name: LIKE's wildcards match only themselves.
    expect((await get('/fundraisers?search=%25')).json().data.fundraisers).toEqual([]);
    expect((await get('/fundraisers?search=_')).json().data.fundraisers).toEqual([]);
  });

  it('counts active items and participants, and shows a change as soon as its commit is announced', async () => {
    const listed = async () => (await get('/fundraisers')).json().data.fundraisers.find((f: { slug: string }) => f.slug === shop.slug);
    expect(await listed()).toMatchObject({ item_count: 4, participant_count: 2 });
    // Written straight into the database (as another tool would): the cached list is dropped when the
    // triggers' NOTIFY arrives, milliseconds after the commit (decision 0126).
    const announced = { timeout: 1000, interval: 10 };
    await t.db.update(wholesaleItems).set({ active: false }).where(eq(wholesaleItems.id, item('Plain').id));
    await t.db.update(wholesaleParticipants).set({ active: false }).where(eq(wholesaleParticipants.id, shop.participants[1]!.id));
    try {
      await expect.poll(listed, announced).toMatchObject({ item_count: 3, participant_count: 1 });
    } finally {
      await t.db.update(wholesaleItems).set({ active: true }).where(eq(wholesaleItems.id, item('Plain').id));
      await t.db.update(wholesaleParticipants).set({ active: true }).where(eq(wholesaleParticipants.id, shop.participants[1]!.id));
    }
    await expect.poll(listed, announced).toMatchObject({ item_count: 4, participant_count: 2 });
  });

  it('shows a fundraiser with participants and active items; 404 for unknown or draft, 403 when ended', async () => {
    const response = await get(`/fundraisers/${shop.slug}`);
    expect(response.statusCode).toBe(200);
    const f = response.json().data.fundraiser;
    expect(f.participants.map((p: { name: string }) => p.name)).toEqual(['Ana', 'Ben']);
    expect(f.participants[0]).toMatchObject({ hasGoal: true, goalAmount: 500, raisedCents: 0, progressPercent: 0 });
    expect(f.participants[1]).toMatchObject({ hasGoal: false, goalAmount: null });
    expect(f.items.map((i: { name: string }) => i.name)).toEqual(['Plain', 'Counted', 'Tee', 'Plate']);
    const tee = f.items.find((i: { name: string }) => i.name === 'Tee');
    expect(tee).toMatchObject({ track_variants: true, price: 20, price_cents: 2000, effective_available_quantity: 2 });
    expect(tee.item_variants).toHaveLength(4);

    const missing = await get('/fundraisers/nope-nope');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, message: 'That fundraiser is not available.', data: null, error: { code: 'NOT_FOUND' } });
    const draft = await createTestFundraiser(t.db, { status: 'draft', items: [] });
    expect((await get(`/fundraisers/${draft.slug}`)).statusCode).toBe(404);
    const ended = await createTestFundraiser(t.db, { status: 'ended', items: [] });
    const closed = await get(`/fundraisers/${ended.slug}`);
    expect(closed.statusCode).toBe(403);
    expect(closed.json().message).toBe('This fundraiser is not currently accepting orders.');

    const items = await get(`/fundraisers/${shop.slug}/items`);
    expect(items.json().data.items).toHaveLength(4);
  });

  it('reads an item and checks availability with the §5 messages', async () => {
    expect((await get(`/items/${item('Counted').id}`)).json().data.item).toMatchObject({ track_inventory: true, available_quantity: 3, stock_status: 'in_stock' });
    expect((await get(`/items/${item('Retired').id}`)).statusCode).toBe(404);
    const fine = await post(`/items/${item('Counted').id}/check_availability`, { quantity: 3 });
    expect(fine.json().data).toEqual({ available: true, available_quantity: 3, requested: 3, errors: [] });
    const over = await post(`/items/${item('Counted').id}/check_availability`, { quantity: 4 });
    expect(over.json().data.errors).toEqual(["Counted has only 3 available (you're trying to add 4)"]);
    const plate = item('Plate');
    const chicken = plate.groups[0]!.options[0]!.id;
    const twoChicken = await post(`/items/${plate.id}/check_availability`, { quantity: 2, selected_options: { [plate.groups[0]!.id]: [chicken] } });
    expect(twoChicken.json().data.errors).toEqual(["Plate (Chicken) has only 1 available (you're trying to add 2)"]);
    const tee = item('Tee');
    const [size, colour] = tee.groups;
    const xlRed = await post(`/items/${tee.id}/check_availability`, { quantity: 1, selected_options: { [size!.id]: [size!.options[1]!.id], [colour!.id]: [colour!.options[0]!.id] } });
    expect(xlRed.json().data.errors).toEqual(['Tee (XL / Red) is out of stock']);
  });

  it('answers every variant call', async () => {
    const tee = item('Tee');
    const mRed = tee.variants.find((v) => v.variantName === 'M / Red')!;
    const list = await get(`/items/${tee.id}/variants`);
    expect(list.json().data.variants.map((v: { variant_name: string }) => v.variant_name)).toEqual(['M / Red', 'M / Blue', 'XL / Red', 'XL / Blue']);
    expect((await get(`/items/${tee.id}/variants/${mRed.id}`)).json().data.variant).toMatchObject({ variant_key: mRed.variantKey, available_quantity: 2 });
    expect((await get(`/items/${item('Plain').id}/variants/${mRed.id}`)).statusCode).toBe(404);
    expect((await get(`/items/${tee.id}/variants/${mRed.id}/stock_status`)).json().data).toMatchObject({ in_stock: true, stock_status: 'low_stock', available_quantity: 2 });
    expect((await post(`/items/${tee.id}/variants/${mRed.id}/check_availability`, { quantity: 3 })).json().data.errors).toEqual([
      "Tee (M / Red) has only 2 available (you're trying to add 3)",
    ]);
    const bulk = await post(`/items/${tee.id}/variants/bulk_stock_check`, {
      variants: [
        { variant_id: mRed.id, quantity: 2 },
        { variant_key: '1-2', quantity: 1 },
      ],
    });
    expect(bulk.json().data.variants.map((v: { available: boolean }) => v.available)).toEqual([true, false]);
    const [size, colour] = tee.groups;
    const combos = await post(`/items/${tee.id}/variants/validate_combinations`, {
      combinations: [
        { [size!.id]: [size!.options[0]!.id], [colour!.id]: [colour!.options[0]!.id] },
        { [size!.id]: [size!.options[0]!.id] },
      ],
    });
    expect(combos.json().data.combinations).toMatchObject([
      { valid: true, variant_id: mRed.id },
      { valid: false, message: 'M is not available for Tee' },
    ]);
    expect((await get(`/variants/${mRed.id}`)).json().data.variant.id).toBe(mRed.id);
    expect((await get(`/variants/${mRed.id}/stock_status`)).json().data.available_quantity).toBe(2);
    expect((await post(`/variants/${mRed.id}/check_availability`, { quantity: 1 })).json().data.available).toBe(true);
    expect((await get('/variants/2147483647')).statusCode).toBe(404);
  });

  it('validates a cart with each issue type', async () => {
    const tee = item('Tee');
    const [size, colour] = tee.groups;
    const plate = item('Plate');
    const other = await createTestFundraiser(t.db, { status: 'ended', items: [{ name: 'Elsewhere', priceCents: 100 }] });
    const pick = (g: number, o: number) => ({ [tee.groups[g]!.id]: [tee.groups[g]!.options[o]!.id] });
    const fid = shop.fundraiserId;
    const cases: [string, unknown[]][] = [
      ['insufficient_stock', [{ item_id: item('Counted').id, fundraiser_id: fid, quantity: 5, price_cents: 1500 }]],
      ['out_of_stock', [{ item_id: plate.id, fundraiser_id: fid, quantity: 1, selected_options: { [plate.groups[0]!.id]: [plate.groups[0]!.options[0]!.id] } }, { item_id: plate.id, fundraiser_id: fid, quantity: 1, selected_options: { [plate.groups[0]!.id]: [plate.groups[0]!.options[0]!.id] } }]],
      ['option_unavailable', [{ item_id: tee.id, fundraiser_id: fid, quantity: 1, selected_options: { ...pick(0, 0), [colour!.id]: [colour!.options[1]!.id] } }]],
      ['item_inactive', [{ item_id: item('Retired').id, fundraiser_id: fid, quantity: 1 }]],
      ['item_not_found', [{ item_id: 2147483647, fundraiser_id: fid, quantity: 1, name: 'Ghost' }]],
      ['fundraiser_inactive', [{ item_id: other.items[0]!.id, fundraiser_id: other.fundraiserId, quantity: 1 }]],
      ['price_changed', [{ item_id: item('Plain').id, fundraiser_id: fid, quantity: 1, price_cents: 1 }]],
      ['invalid_options', [{ item_id: tee.id, fundraiser_id: fid, quantity: 1, selected_options: pick(0, 0) }]],
      ['variant_out_of_stock', [{ item_id: tee.id, fundraiser_id: fid, quantity: 1, selected_options: { ...pick(0, 1), ...pick(1, 0) } }]],
      ['variant_insufficient_stock', [{ item_id: tee.id, fundraiser_id: fid, quantity: 3, selected_options: { ...pick(0, 0), ...pick(1, 0) } }]],
    ];
    for (const [type, lines] of cases) {
      const response = await post('/cart/validate', { cart_items: lines });
      expect(response.statusCode, type).toBe(200);
      const body = response.json();
      expect(body.data.valid, type).toBe(false);
      expect(body.message).toBe('Some items in your cart need attention');
      expect(body.data.issues.map((i: { type: string }) => i.type), type).toContain(type);
    }
    const insufficient = (await post('/cart/validate', { cart_items: cases[0]![1] })).json().data.issues[0];
    expect(insufficient).toMatchObject({ message: 'Only 3 left, you have 5', available: 3, requested: 5, item_name: 'Counted' });
    const price = (await post('/cart/validate', { cart_items: cases[6]![1] })).json().data.issues[0];
    expect(price).toMatchObject({ new_price: 10, new_price_cents: 1000 });
    const inactive = (await post('/cart/validate', { cart_items: cases[5]![1] })).json().data.issues[0];
    expect(inactive.message).toBe('This fundraiser is no longer accepting orders');
    const variant = (await post('/cart/validate', { cart_items: cases[9]![1] })).json().data.issues[0];
    expect(variant).toMatchObject({ variant_name: 'M / Red', available: 2 });
    // A clean cart: valid, priced by the server (client prices that match are fine).
    const good = await post('/cart/validate', { cart_items: [{ item_id: tee.id, fundraiser_id: fid, quantity: 1, price_cents: 2000, selected_options: { ...pick(0, 0), ...pick(1, 0) } }] });
    expect(good.json().data).toMatchObject({ valid: true, issues: [], total_cents: 2000, total: 20 });
    void size;
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const cases: [string, string, unknown][] = [
      ['/cart/validate', 'cart_items.0.quantity', { cart_items: [{ item_id: 1, quantity: 0 }] }],
      ['/cart/validate', 'cart_items.0.item_id', { cart_items: [{ item_id: 2147483648, quantity: 1 }] }],
      ['/cart/validate', 'cart_items', {}],
      [`/items/${item('Plain').id}/check_availability`, 'quantity', { quantity: 1.5 }],
      [`/items/${item('Tee').id}/variants/bulk_stock_check`, 'variants.0.variant_id', { variants: [{ quantity: 1 }] }],
    ];
    for (const [url, field, payload] of cases) {
      const response = await post(url, payload);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ success: false, data: null, error: { code: 'VALIDATION_ERROR' } });
      expect(Object.keys(response.json().error.details.fields), url).toContain(field);
    }
    expect((await get('/items/abc')).statusCode).toBe(400);
    expect((await get('/items/99999999999')).statusCode).toBe(400);
  });

  it('keeps a signed-in supporter a server cart of one fundraiser', async () => {
    expect((await get('/cart')).statusCode).toBe(401);
    const plain = item('Plain');
    const added = await post('/cart/add', { item_id: plain.id, quantity: 2 }, customerToken);
    expect(added.statusCode, added.body).toBe(200);
    await post('/cart/add', { item_id: plain.id, quantity: 1 }, customerToken);
    let cart = (await get('/cart', customerToken)).json().data;
    expect(cart.items).toMatchObject([{ item_id: plain.id, quantity: 3, price_cents: 1000, line_total_cents: 3000 }]);
    expect(cart.fundraiser_id).toBe(shop.fundraiserId);

    const other = await createTestFundraiser(t.db, { items: [{ name: 'Other', priceCents: 100 }] });
    const mixed = await post('/cart/add', { item_id: other.items[0]!.id, quantity: 1 }, customerToken);
    expect(mixed.statusCode).toBe(409);
    const tooMany = await post('/cart/add', { item_id: item('Counted').id, quantity: 4 }, customerToken);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe("Counted has only 3 available (you're trying to add 4)");

    const updated = await request(t.app, { method: 'PUT', url: '/api/v1/wholesale/cart/update', token: customerToken, payload: { item_id: plain.id, quantity: 5 } });
    expect(updated.json().data.items[0].quantity).toBe(5);
    expect((await get('/cart/validate', customerToken)).json().data).toMatchObject({ valid: true, total_cents: 5000 });
    // Raising a line is checked against the stock as adding is; lowering always goes through.
    const counted = item('Counted');
    expect((await post('/cart/add', { item_id: counted.id, quantity: 2 }, customerToken)).statusCode).toBe(200);
    const over = await request(t.app, { method: 'PUT', url: '/api/v1/wholesale/cart/update', token: customerToken, payload: { item_id: counted.id, quantity: 4 } });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe("Counted has only 3 available (you're trying to add 4)");
    const up = await request(t.app, { method: 'PUT', url: '/api/v1/wholesale/cart/update', token: customerToken, payload: { item_id: counted.id, quantity: 3 } });
    expect(up.json().data.items.find((l: { item_id: number }) => l.item_id === counted.id).quantity).toBe(3);
    const missing = await request(t.app, { method: 'PUT', url: '/api/v1/wholesale/cart/update', token: customerToken, payload: { item_id: counted.id, quantity: 2, selected_options: { '1': [1] } } });
    expect(missing.statusCode).toBe(404);
    await request(t.app, { method: 'DELETE', url: `/api/v1/wholesale/cart/remove?item_id=${counted.id}`, token: customerToken });
    const removed = await request(t.app, { method: 'DELETE', url: `/api/v1/wholesale/cart/remove?item_id=${plain.id}`, token: customerToken });
    expect(removed.json().data.items).toEqual([]);
    await post('/cart/add', { item_id: plain.id, quantity: 1 }, customerToken);
    await request(t.app, { method: 'PUT', url: '/api/v1/wholesale/cart/update', token: customerToken, payload: { item_id: plain.id, quantity: 0 } });
    cart = (await get('/cart', customerToken)).json().data;
    expect(cart).toMatchObject({ items: [], fundraiser_id: null });
    await post('/cart/add', { item_id: plain.id, quantity: 1 }, customerToken);
    const cleared = await request(t.app, { method: 'DELETE', url: '/api/v1/wholesale/cart/clear', token: customerToken });
    expect(cleared.json().data.items).toEqual([]);
  });

  it('answers health and info in the envelope', async () => {
    expect((await get('/health')).json()).toEqual({ success: true, message: '', data: { status: 'ok' } });
    expect((await get('/api/info')).json().data.name).toBe('kusina-wholesale');
  });
});
