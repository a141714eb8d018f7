import { existsSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MenuItemOutput } from '@kusina/domain/menu';
import { build, request, type TestContext } from '../../test/build.ts';
import { MENU_IMAGES_DIR } from '../../db/seed/menu-images.ts';
import { tokenFor } from '../../test/build.ts';
import { itemNamed, readMenu } from './test-helpers.ts';

describe('public menu', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Freezes Date only (timers, sockets and pg keep working). */
  function at(iso: string) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(iso));
  }

  it("serves restaurant 1's whole menu, ordered by category then item position", async () => {
    const menu = await readMenu(t.app);
    expect(menu.menu.name).toBe('Kusina Menu');
    expect(menu.categories.map((c) => c.name)).toEqual([
      'Plate Lunches',
      'Chamorro Favorites',
      'Poke & Raw Bar',
      'Pupus & Sides',
      'Desserts',
      'Drinks',
      'Party Trays',
    ]);
    expect(menu.items.length).toBeGreaterThanOrEqual(40);
    const categoryRank = new Map(menu.categories.map((c, index) => [c.id, index]));
    const ranks = menu.items.map((item) => categoryRank.get(item.category_id ?? -1) ?? Infinity);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(menu.items[0]?.name).toBe('Kalua Pork Plate');
    expect(menu.items.at(-1)?.name).toBe('Chamorro BBQ Fiesta Tray');
    expect(menu.items.filter((i) => i.featured).length).toBeGreaterThanOrEqual(6);
    expect(menu.items.filter((i) => i.featured).length).toBeLessThanOrEqual(8);
  });

  it('sends browsers the gzipped menu, identical to the plain one, and plain JSON otherwise', async () => {
    const plain = await t.app.inject({ url: '/api/v1/menu' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const zipped = await t.app.inject({ url: '/api/v1/menu', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
    expect(zipped.headers.etag).toBe(plain.headers.etag);

    const refused = await t.app.inject({ url: '/api/v1/menu', headers: { 'accept-encoding': 'gzip;q=0, identity' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('keeps the ids other areas rely on stable on a fresh seed', async () => {
    const menu = await readMenu(t.app);
    const ids = Object.fromEntries(menu.items.map((i) => [i.name, i.id]));
    expect(ids).toMatchObject({ 'Kalua Pork Plate': 1, 'Hawaiian Mixed Plate': 3, 'Fresh Catch Plate': 9, 'Tako Poke': 22, 'Spam Musubi': 25, 'Shave Ice': 33, 'Butter Mochi': 36, 'Kelaguen Party Tray': 46 });
    expect(itemNamed(menu, 'Kelaguen Party Tray').advance_notice_hours).toBe(24);
    expect(itemNamed(menu, 'Whole Kalua Pig').advance_notice_hours).toBe(48);
    const sauces = itemNamed(menu, 'Hawaiian Mixed Plate').option_groups.map((g) => g.id);
    expect(sauces).toEqual([4, 5, 6]);
  });

  it('gives every item the spec fields and a served image', async () => {
    const menu = await readMenu(t.app);
    const kalua = itemNamed(menu, 'Kalua Pork Plate');
    expect(kalua).toMatchObject({ price: 14.95, price_cents: 1495, featured: true, gluten_free: true, image: '/images/menu/kalua-pork-plate.svg' });
    expect(Object.keys(kalua).sort()).toEqual(Object.keys(MenuItemOutput.shape).sort());
    for (const item of menu.items) {
      expect(item.image, item.name).toMatch(/^\/images\/menu\/[a-z0-9-]+\.svg$/);
      expect(existsSync(path.join(MENU_IMAGES_DIR, path.basename(item.image ?? ''))), item.name).toBe(true);
    }
  });

  it("serves restaurant 2's own menu by restaurant_id", async () => {
    const menu = await readMenu(t.app, '?restaurant_id=2');
    expect(menu.menu.name).toBe('Kusina Barrigada Menu');
    expect(menu.items.length).toBeGreaterThanOrEqual(10);
    const one = await readMenu(t.app);
    const ids = new Set(one.items.map((i) => i.id));
    expect(menu.items.some((i) => ids.has(i.id))).toBe(false);
    expect((await t.app.inject({ url: '/api/v1/menu?restaurant_id=99' })).statusCode).toBe(404);
  });

  it('reports stock: tracked counts, status and the low threshold', async () => {
    const menu = await readMenu(t.app);
    expect(itemNamed(menu, 'Spam Musubi')).toMatchObject({
      enable_stock_tracking: true,
      stock_quantity: 10,
      available_quantity: 10,
      stock_status: 'in_stock',
      is_available: true,
    });
    expect(itemNamed(menu, 'Butter Mochi')).toMatchObject({ stock_quantity: 5, damaged_quantity: 2, available_quantity: 3, stock_status: 'low_stock', is_available: true });
    expect(itemNamed(menu, 'Tako Poke')).toMatchObject({ available_quantity: 0, stock_status: 'out_of_stock', is_available: false });
    expect(itemNamed(menu, 'Loco Moco')).toMatchObject({ enable_stock_tracking: false, available_quantity: null, stock_status: 'in_stock' });
  });

  it('is unavailable when the staff switch is off', async () => {
    expect(itemNamed(await readMenu(t.app), 'Tinaktak')).toMatchObject({ available: false, is_available: false, status_note: 'Back next week' });
  });

  it('checks available_days against the Guam weekday, not the UTC one', async () => {
    // Sunday 13:30 UTC = Sunday 23:30 in Guam: the weekends-only plate is on.
    at('2026-11-22T13:30:00Z');
    expect(itemNamed(await readMenu(t.app), 'Sunday Fiesta Plate').is_available).toBe(true);
    // Sunday 14:30 UTC = Monday 00:30 in Guam: off, although it is still Sunday in UTC.
    at('2026-11-22T14:30:00Z');
    const monday = await readMenu(t.app);
    expect(itemNamed(monday, 'Sunday Fiesta Plate')).toMatchObject({ available_days: [0, 6], is_available: false });
    expect(itemNamed(monday, 'Loco Moco').is_available).toBe(true);
    // Friday 14:30 UTC = Saturday 00:30 in Guam: on again.
    at('2026-11-20T14:30:00Z');
    expect(itemNamed(await readMenu(t.app), 'Sunday Fiesta Plate').is_available).toBe(true);
  });

  it('ends a seasonal item after available_until, in Guam dates', async () => {
    at('2027-01-06T13:59:00Z'); // 23:59 on Jan 6 in Guam
    expect(itemNamed(await readMenu(t.app), 'Apigigi')).toMatchObject({ seasonal: true, promo_label: 'Holiday Special', available_until: '2027-01-06', is_available: true });
    at('2027-01-06T14:00:00Z'); // already Jan 7 in Guam, still Jan 6 in UTC
    expect(itemNamed(await readMenu(t.app), 'Apigigi').is_available).toBe(false);
    expect(itemNamed(await readMenu(t.app), 'Buñelos Aga').is_available).toBe(true);
  });

  it('prices options, with $2 for a missing price, and reports option stock', async () => {
    const plate = itemNamed(await readMenu(t.app), 'Hawaiian Mixed Plate');
    expect(plate.option_groups.map((g) => [g.name, g.min_select, g.max_select, g.free_option_count, g.enable_inventory_tracking])).toEqual([
      ['Choose Your Protein', 1, 1, 0, false],
      ['Sauces', 0, 3, 1, false],
      ['Add-ons', 0, 3, 0, true],
    ]);
    const sauces = plate.option_groups[1]?.options ?? [];
    expect(sauces.find((o) => o.name === "Fina'denne'")).toMatchObject({ additional_price: 2, additional_price_cents: 200, available_quantity: null, in_stock: true });
    expect(sauces.find((o) => o.name === 'Chili Pepper Water')).toMatchObject({ additional_price: 0.5, additional_price_cents: 50 });
    const addOns = plate.option_groups[2]?.options ?? [];
    expect(addOns.find((o) => o.name === 'Extra Spam')).toMatchObject({ stock_quantity: 0, available_quantity: 0, in_stock: false });
    expect(addOns.find((o) => o.name === 'Extra Rice')).toMatchObject({ stock_quantity: 60, damaged_quantity: 2, available_quantity: 58, in_stock: true });
    // An optional group's missing option does not block the item.
    expect(plate.has_required_unavailable_options).toBe(false);
  });

  it('flags items whose required options are all unavailable', async () => {
    const menu = await readMenu(t.app);
    expect(itemNamed(menu, 'Fresh Catch Plate')).toMatchObject({ has_required_unavailable_options: true, is_available: true });
    expect(menu.items.filter((i) => i.has_required_unavailable_options).map((i) => i.name)).toEqual(['Fresh Catch Plate']);
  });

  it('filters by featured, seasonal, category and a case-insensitive search', async () => {
    const all = await readMenu(t.app);
    const featured = await readMenu(t.app, '?featured=true');
    expect(featured.items.map((i) => i.name)).toEqual(all.items.filter((i) => i.featured).map((i) => i.name));
    expect(featured.items.length).toBeGreaterThan(0);
    expect(featured.categories).toEqual(all.categories);

    const seasonal = await readMenu(t.app, '?seasonal=true');
    expect(seasonal.items.map((i) => i.name).sort()).toEqual(['Apigigi', 'Buñelos Aga', 'Shrimp Kelaguen']);

    const desserts = all.categories.find((c) => c.name === 'Desserts');
    const byCategory = await readMenu(t.app, `?category_id=${desserts?.id}`);
    expect(byCategory.items.length).toBe(7);
    expect(byCategory.items.every((i) => i.category_id === desserts?.id)).toBe(true);

    const search = await readMenu(t.app, '?q=KELAGUEN');
    // Name matches and a description-only match (the fiesta plate mentions kelaguen).
    expect(search.items.map((i) => i.name)).toEqual([
      'Chicken Kelaguen',
      'Beef Kelaguen',
      'Shrimp Kelaguen',
      'Sunday Fiesta Plate',
      'Kelaguen Party Tray',
    ]);
    expect((await readMenu(t.app, '?q=kelaguen&seasonal=true')).items.map((i) => i.name)).toEqual(['Shrimp Kelaguen']);
    expect((await readMenu(t.app, '?q=no-such-dish')).items).toEqual([]);
    expect((await t.app.inject({ url: '/api/v1/menu?category_id=abc' })).statusCode).toBe(400);
  });

  it('serves one item of the storefront restaurant, and 404 for others', async () => {
    const one = await readMenu(t.app);
    const two = await readMenu(t.app, '?restaurant_id=2');
    const musubi = itemNamed(one, 'Spam Musubi');
    const response = await t.app.inject({ url: `/api/v1/menu_items/${musubi.id}` });
    expect(response.statusCode).toBe(200);
    expect(MenuItemOutput.parse(response.json())).toEqual(musubi);
    const otherId = two.items[0]?.id;
    expect((await t.app.inject({ url: `/api/v1/menu_items/${otherId}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/v1/menu_items/${otherId}?restaurant_id=2` })).statusCode).toBe(200);
    const unknown = await t.app.inject({ url: '/api/v1/menu_items/999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Menu item not found.' } });
  });

  it('lists the categories in position order', async () => {
    const response = await t.app.inject({ url: '/api/v1/menu_categories' });
    expect(response.statusCode).toBe(200);
    const categories = response.json() as { name: string; position: number }[];
    expect(categories.map((c) => c.position)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(categories[0]).toMatchObject({ name: 'Plate Lunches', description: expect.any(String) });
    const two = await t.app.inject({ url: '/api/v1/menu_categories?restaurant_id=2' });
    expect((two.json() as { name: string }[]).map((c) => c.name)).toEqual(['Plates', 'Chamorro Classics', 'Sides & Sweets', 'Drinks']);
  });

  it('answers with an ETag, no-cache, and 304 when unchanged', async () => {
    const first = await t.app.inject({ url: '/api/v1/menu' });
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({ url: '/api/v1/menu', headers: { 'if-none-match': String(etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const filtered = await t.app.inject({ url: '/api/v1/menu?featured=true', headers: { 'if-none-match': String(etag) } });
    expect(filtered.statusCode).toBe(200);
    expect(filtered.headers.etag).not.toBe(etag);
  });

  it('documents every menu route under the menu tag', async () => {
    const docs = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { tags?: string[] }>> };
    const paths = [
      '/api/v1/menu',
      '/api/v1/menu_items',
      '/api/v1/menu_items/{id}',
      '/api/v1/menu_items/{id}/stock',
      '/api/v1/menu_items/{id}/option_groups',
      '/api/v1/menu_categories',
      '/api/v1/menu_categories/{id}',
      '/api/v1/option_groups/{id}',
      '/api/v1/option_groups/{id}/options',
      '/api/v1/options/{id}',
      '/api/v1/options/{id}/stock',
    ];
    for (const p of paths) {
      const operations = Object.values(docs.paths[p] ?? {});
      expect(operations.length, p).toBeGreaterThan(0);
      for (const operation of operations) expect(operation.tags, p).toEqual(['menu']);
    }
  });

  describe('cache', () => {
    it('serves repeated reads from memory', async () => {
      await readMenu(t.app);
      const before = { ...t.app.menuCache.stats };
      await readMenu(t.app);
      await readMenu(t.app, '?featured=true');
      expect(t.app.menuCache.stats.hits).toBe(before.hits + 2);
      expect(t.app.menuCache.stats.misses).toBe(before.misses);
    });

    it('shows an admin write on the next read', async () => {
      const token = await tokenFor(t.app, t.db, 'admin@kusina.test');
      const loco = itemNamed(await readMenu(t.app), 'Loco Moco');
      const patch = await request(t.app, { method: 'PATCH', url: `/api/v1/menu_items/${loco.id}`, token, payload: { price: 13.75, status_note: 'New gravy!' } });
      expect(patch.statusCode).toBe(200);
      expect(itemNamed(await readMenu(t.app), 'Loco Moco')).toMatchObject({ price: 13.75, price_cents: 1375, status_note: 'New gravy!' });
      expect((await t.app.inject({ url: `/api/v1/menu_items/${loco.id}` })).json()).toMatchObject({ price_cents: 1375 });
    });

    it('shows a stock change committed by anyone (another node, checkout) through NOTIFY', async () => {
      const musubi = itemNamed(await readMenu(t.app), 'Spam Musubi');
      await readMenu(t.app); // cached now
      const invalidations = t.app.menuCache.stats.invalidations;
      // A plain SQL write on another connection: no service call, only the trigger's NOTIFY.
      await t.pool.query('UPDATE menu_items SET stock_quantity = stock_quantity - 7 WHERE id = $1', [musubi.id]);
      await vi.waitFor(
        async () => {
          expect(itemNamed(await readMenu(t.app), 'Spam Musubi')).toMatchObject({ available_quantity: musubi.stock_quantity - 7, stock_status: 'low_stock' });
        },
        { timeout: 5000, interval: 20 },
      );
      expect(t.app.menuCache.stats.invalidations).toBeGreaterThan(invalidations);
    });

    it('hears option changes too, and only for the restaurant they belong to', async () => {
      await readMenu(t.app);
      await readMenu(t.app, '?restaurant_id=2');
      await t.pool.query(`UPDATE options SET available = false WHERE name = 'Mahi Mahi'`);
      await t.pool.query(`UPDATE options SET stock_quantity = 5 WHERE name = 'Ono'`);
      await vi.waitFor(
        async () => {
          expect(itemNamed(await readMenu(t.app), 'Fresh Catch Plate').has_required_unavailable_options).toBe(false);
        },
        { timeout: 5000, interval: 20 },
      );
      // Restaurant 2 was not touched: still served from its cached snapshot.
      const hits = t.app.menuCache.stats.hits;
      await readMenu(t.app, '?restaurant_id=2');
      expect(t.app.menuCache.stats.hits).toBe(hits + 1);
    });
  });
});
