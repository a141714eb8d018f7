import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MERCHANDISE_SIZE_ORDER,
  MerchandiseCategoryOutput,
  MerchandiseCollectionOutput,
  MerchandiseItemOutput,
  MerchandiseVariantOutput,
} from '@kusina/domain/merchandise';
import { MERCHANDISE_IMAGES_DIR } from '../../db/seed/merchandise-images.ts';
import { build, request, type TestContext } from '../../test/build.ts';
import { tokenFor } from '../../test/build.ts';
import { imageOf, listShop, multipart, named, noisyPng, type FilePart } from './test-helpers.ts';

describe('merchandise API', () => {
  let t: TestContext;
  let uploadsDir: string;
  let admin: string;
  let customer: string;
  let admin2: string;

  beforeAll(async () => {
    uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'kusina-uploads-'));
    t = await build({ UPLOADS_DIR: uploadsDir });
    admin = await tokenFor(t.app, t.db, 'admin@kusina.test');
    customer = await tokenFor(t.app, t.db, 'customer@kusina.test');
    admin2 = await tokenFor(t.app, t.db, 'admin2@kusina.test');
  });
  afterAll(async () => {
    await t.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  });

  const stored = () => (existsSync(path.join(uploadsDir, 'merchandise')) ? readdirSync(path.join(uploadsDir, 'merchandise')).sort() : []);

  describe('the shop (public reads)', () => {
    it('sends the polled item list compressed to browsers that accept it, the same JSON', async () => {
      const plain = await t.app.inject({ url: '/api/v1/merchandise_items?include_stock=true' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      const br = await t.app.inject({ url: '/api/v1/merchandise_items?include_stock=true', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
      const gzip = await t.app.inject({ url: '/api/v1/merchandise_items?include_stock=true', headers: { 'accept-encoding': 'gzip' } });
      expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    });

    it('lists the visible seeded items with every spec field, variants in size order', async () => {
      const items = await listShop(t.app, '?include_stock=true');
      expect(items.length).toBeGreaterThanOrEqual(15);
      expect(items.map((i) => i.name)).not.toContain('Kusina Staff Tee');
      expect(items.every((i) => i.restaurant_id === 1 && !i.hidden)).toBe(true);
      const tee = named(items, 'Kusina Logo Tee');
      expect(Object.keys(tee).sort()).toEqual(Object.keys(MerchandiseItemOutput.shape).sort());
      expect(tee).toMatchObject({ base_price: 25, base_price_cents: 2500, category_name: 'Shirts', image_url: '/images/merchandise/kusina-logo-tee.svg', stock_status: 'in_stock' });
      expect(tee.additional_images).toEqual(['/images/merchandise/kusina-logo-tee-white.svg', '/images/merchandise/kusina-logo-tee-red.svg']);
      expect(tee.variants).toHaveLength(27);
      expect([...new Set(tee.variants.map((v) => v.size))]).toEqual([...MERCHANDISE_SIZE_ORDER]);
      expect(new Set(tee.variants.map((v) => v.color))).toEqual(new Set(['Black', 'White', 'Red']));
      const xlRed = tee.variants.find((v) => v.size === 'XL' && v.color === 'Red');
      expect(xlRed).toMatchObject({ available_quantity: 2, stock_status: 'low_stock' });
      expect(tee.variants.find((v) => v.size === '5XL' && v.color === 'Black')).toMatchObject({ price: 30, price_adjustment: 5, price_adjustment_cents: 500 });
      expect(named(items, 'Fiesta 2025 Tee')).toMatchObject({ stock_status: 'out_of_stock', available_quantity: 0 });
      expect(named(items, 'Spam Musubi Sticker')).toMatchObject({ stock_status: 'low_stock', available_quantity: 3 });
      expect(named(items, 'Latte Stone Enamel Pin')).toMatchObject({ enable_stock_tracking: false, available_quantity: null, stock_status: 'in_stock' });
      expect(named(items, 'Kusina Coffee Mug')).toMatchObject({ stock_quantity: 10, damaged_quantity: 2, available_quantity: 8 });
      for (const item of items) {
        for (const url of [item.image_url, item.second_image_url, ...item.additional_images]) {
          expect(existsSync(path.join(MERCHANDISE_IMAGES_DIR, path.basename(url ?? ''))), url ?? item.name).toBe(true);
        }
      }
    });

    it('shows hidden items to admins asking for them, and never to customers', async () => {
      for (const query of ['?show_all=true', '?admin=true']) {
        expect((await listShop(t.app, query, admin)).map((i) => i.name)).toContain('Kusina Staff Tee');
        expect((await listShop(t.app, query, customer)).map((i) => i.name)).not.toContain('Kusina Staff Tee');
        expect((await listShop(t.app, query)).map((i) => i.name)).not.toContain('Kusina Staff Tee');
        expect((await listShop(t.app, query, admin2)).map((i) => i.name)).not.toContain('Kusina Staff Tee');
      }
      expect((await listShop(t.app, '', admin)).map((i) => i.name)).not.toContain('Kusina Staff Tee');
      const staffTee = named(await listShop(t.app, '?show_all=true', admin), 'Kusina Staff Tee');
      expect((await request(t.app, { url: `/api/v1/merchandise_items/${staffTee.id}` })).statusCode).toBe(404);
      expect((await request(t.app, { url: `/api/v1/merchandise_items/${staffTee.id}`, token: customer })).statusCode).toBe(404);
      expect((await request(t.app, { url: `/api/v1/merchandise_items/${staffTee.id}/variants`, token: customer })).statusCode).toBe(404);
      expect((await request(t.app, { url: `/api/v1/merchandise_items/${staffTee.id}`, token: admin })).json()).toMatchObject({ hidden: true });
    });

    it("keeps each restaurant's shop apart and filters by collection", async () => {
      const blue = await listShop(t.app, '?restaurant_id=2');
      expect(blue.map((i) => i.name)).toEqual(['Barrigada Blue Tee', 'Barrigada Sticker']);
      const collections = MerchandiseCollectionOutput.array().parse((await request(t.app, { url: '/api/v1/merchandise_collections?show_all=true', token: admin })).json());
      const essentials = collections.find((c) => c.name === 'Island Essentials');
      const inEssentials = await listShop(t.app, `?collection_id=${essentials?.id}`);
      expect(inEssentials.length).toBeGreaterThan(5);
      expect(inEssentials.every((i) => i.merchandise_collection_id === essentials?.id)).toBe(true);
    });

    it('reads one item and its variants', async () => {
      const hat = named(await listShop(t.app), 'Latte Stone Trucker Hat');
      const one = await request(t.app, { url: `/api/v1/merchandise_items/${hat.id}?include_stock=true` });
      expect(one.statusCode).toBe(200);
      expect(MerchandiseItemOutput.parse(one.json())).toEqual(hat);
      const variants = MerchandiseVariantOutput.array().parse((await request(t.app, { url: `/api/v1/merchandise_items/${hat.id}/variants` })).json());
      expect(variants.map((v) => [v.size, v.color, v.available_quantity, v.stock_status])).toEqual([
        [null, 'Navy', 11, 'in_stock'],
        [null, 'Red', 3, 'low_stock'],
      ]);
      const missing = await request(t.app, { url: '/api/v1/merchandise_items/99999' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Merchandise item not found.' } });
    });

    it('lists the active collections with the current one marked, all of them for admins', async () => {
      const publicList = MerchandiseCollectionOutput.array().parse((await request(t.app, { url: '/api/v1/merchandise_collections' })).json());
      expect(publicList.map((c) => [c.name, c.active, c.current])).toEqual([['Island Essentials', true, true]]);
      const all = MerchandiseCollectionOutput.array().parse((await request(t.app, { url: '/api/v1/merchandise_collections?show_all=true', token: admin })).json());
      expect(all.map((c) => [c.name, c.current])).toEqual([
        ['Island Essentials', true],
        ['Fiesta Collection', false],
        ['Latte Stone Classics', false],
      ]);
      const customerAll = (await request(t.app, { url: '/api/v1/merchandise_collections?show_all=true', token: customer })).json() as unknown[];
      expect(customerAll).toHaveLength(1);
    });

    it('lists the merchandise categories of visible items', async () => {
      const categories = MerchandiseCategoryOutput.array().parse((await request(t.app, { url: '/api/v1/categories' })).json());
      expect(categories.map((c) => c.name)).toEqual(['Accessories', 'Hats', 'Shirts', 'Stickers']);
      // The hidden staff tee is not counted.
      expect(categories.find((c) => c.name === 'Shirts')?.item_count).toBe(7);
    });
  });

  describe('admin writes with images', () => {
    it('creates an item from a multipart form with images re-encoded to WebP and served with long cache headers', async () => {
      const big = await imageOf('jpeg', 2400, 1200);
      const form = multipart(
        [
          ['merchandise_item[name]', 'Coconut Crab Tee'],
          ['merchandise_item[description]', 'Ayuyu on the front.'],
          ['merchandise_item[base_price]', '26.50'],
          ['merchandise_item[category_name]', 'Shirts'],
          ['merchandise_item[hidden]', 'false'],
          ['merchandise_item[variants][0][size]', 'M'],
          ['merchandise_item[variants][0][color]', 'Sand'],
          ['merchandise_item[variants][0][stock_quantity]', '5'],
          ['merchandise_item[variants][1][size]', 'XS'],
          ['merchandise_item[variants][1][color]', 'Sand'],
          ['merchandise_item[variants][1][stock_quantity]', '1'],
          ['merchandise_item[variants][2][size]', '3XL'],
          ['merchandise_item[variants][2][color]', 'Sand'],
          ['merchandise_item[variants][2][price_adjustment]', '3'],
          ['additional_image_urls[]', '/images/merchandise/kusina-logo-tee-red.svg'],
        ],
        [
          { name: 'image', filename: 'front.jpg', type: 'image/jpeg', data: big },
          { name: 'additional_images[]', filename: 'a.png', type: 'image/png', data: await imageOf('png') },
          { name: 'additional_images[]', filename: 'b.gif', type: 'image/gif', data: await imageOf('gif') },
        ],
      );
      const response = await request(t.app, { method: 'POST', url: '/api/v1/merchandise_items', token: admin, ...form });
      expect(response.statusCode, response.body).toBe(201);
      const item = MerchandiseItemOutput.parse(response.json());
      expect(item).toMatchObject({ name: 'Coconut Crab Tee', base_price: 26.5, base_price_cents: 2650, restaurant_id: 1, available_quantity: 6 });
      expect(item.variants.map((v) => [v.size, v.price])).toEqual([
        ['XS', 26.5],
        ['M', 26.5],
        ['3XL', 29.5],
      ]);
      expect(item.image_url).toMatch(/^\/uploads\/merchandise\/[0-9a-f]{32}\.webp$/);
      expect(item.additional_images).toHaveLength(3);
      expect(item.additional_images[0]).toBe('/images/merchandise/kusina-logo-tee-red.svg');

      const file = path.join(uploadsDir, 'merchandise', path.basename(item.image_url ?? ''));
      const meta = await sharp(file).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 800 });
      const thumbnail = await sharp(file.replace('.webp', '-400.webp')).metadata();
      expect(thumbnail).toMatchObject({ format: 'webp', width: 400 });

      const served = await t.app.inject({ url: item.image_url ?? '' });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');

      // The audit trail has the initial stock of each stocked variant.
      const events = await request(t.app, { url: `/api/v1/merchandise_items/${item.id}/stock_events`, token: admin });
      expect((events.json() as { reason: string; delta: number }[]).map((e) => [e.reason, e.delta]).sort()).toEqual([
        ['Initial stock', 1],
        ['Initial stock', 5],
      ]);
    });

    it('creates a single-variant item from JSON and names the bad field', async () => {
      const created = await request(t.app, {
        method: 'POST',
        url: '/api/v1/merchandise_items',
        token: admin,
        payload: { merchandise_item: { name: 'Proa Sticker', base_price: 3, category_name: 'Stickers', stock_quantity: 25 } },
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({ name: 'Proa Sticker', available_quantity: 25, variants: [{ size: null, color: null, stock_quantity: 25 }] });

      const bad = await request(t.app, { method: 'POST', url: '/api/v1/merchandise_items', token: admin, payload: { merchandise_item: { name: 'X', base_price: 'free' } } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', details: { fields: { base_price: expect.any(String) } } } });

      const otherCollection = await request(t.app, {
        method: 'POST',
        url: '/api/v1/merchandise_items',
        token: admin,
        ...multipart([
          ['merchandise_item[name]', 'Wrong Shop'],
          ['merchandise_item[base_price]', '5'],
          ['merchandise_item[merchandise_collection_id]', '4'],
        ]),
      });
      expect(otherCollection.statusCode).toBe(422);
      expect(otherCollection.json()).toMatchObject({ error: { message: 'Merchandise collection not found.' } });

      const duplicate = await request(t.app, {
        method: 'POST',
        url: '/api/v1/merchandise_items',
        token: admin,
        payload: { merchandise_item: { name: 'Twins', base_price: 5, variants: [{ size: 'M', color: 'Red' }, { size: 'M', color: 'Red' }] } },
      });
      expect(duplicate.statusCode).toBe(409);
    });

    it('updates, hides and shows an item, edits and adds variants, and clears additional images with a blank field', async () => {
      const hat = named(await listShop(t.app), 'Island Bucket Hat');
      const patch = (fields: [string, string][], files: Parameters<typeof multipart>[1] = []) =>
        request(t.app, { method: 'PATCH', url: `/api/v1/merchandise_items/${hat.id}`, token: admin, ...multipart(fields, files) });

      const renamed = await patch(
        [
          ['merchandise_item[name]', 'Reversible Bucket Hat'],
          ['merchandise_item[base_price]', '27'],
          ['merchandise_item[variants][0][id]', String(hat.variants[0]?.id)],
          ['merchandise_item[variants][0][price_adjustment]', '1.5'],
          ['merchandise_item[variants][1][color]', 'Black'],
          ['merchandise_item[variants][1][stock_quantity]', '4'],
        ],
        [{ name: 'second_image', filename: 'back.webp', type: 'image/webp', data: await imageOf('webp') }],
      );
      expect(renamed.statusCode, renamed.body).toBe(200);
      const updated = MerchandiseItemOutput.parse(renamed.json());
      expect(updated).toMatchObject({ name: 'Reversible Bucket Hat', base_price: 27, image_url: hat.image_url, description: hat.description });
      expect(updated.second_image_url).toMatch(/^\/uploads\/merchandise\/[0-9a-f]{32}\.webp$/);
      expect(updated.variants.map((v) => [v.color, v.price, v.stock_quantity])).toEqual([
        ['Olive', 28.5, 8],
        ['Sand', 27, 8],
        ['Black', 27, 4],
      ]);

      expect((await patch([['merchandise_item[hidden]', 'true']])).json()).toMatchObject({ hidden: true });
      expect((await listShop(t.app)).map((i) => i.name)).not.toContain('Reversible Bucket Hat');
      expect((await listShop(t.app, '', customer)).map((i) => i.name)).not.toContain('Reversible Bucket Hat');
      expect((await patch([['merchandise_item[hidden]', 'false']])).json()).toMatchObject({ hidden: false });
      expect((await listShop(t.app)).map((i) => i.name)).toContain('Reversible Bucket Hat');

      const kept = await patch([
        ['additional_image_urls[]', '/images/merchandise/island-bucket-hat-sand.svg'],
        ['additional_image_urls[]', '/images/merchandise/kusina-logo-tee.svg'],
      ]);
      expect(kept.json()).toMatchObject({ additional_images: ['/images/merchandise/island-bucket-hat-sand.svg', '/images/merchandise/kusina-logo-tee.svg'] });
      // A PATCH that says nothing about additional images leaves them alone.
      expect((await patch([['merchandise_item[description]', 'Olive one side, sand the other.']])).json()).toMatchObject({
        additional_images: ['/images/merchandise/island-bucket-hat-sand.svg', '/images/merchandise/kusina-logo-tee.svg'],
      });
      const cleared = await patch([['additional_images[]', '']]);
      expect(cleared.json()).toMatchObject({ additional_images: [], description: 'Olive one side, sand the other.' });

      const json = await request(t.app, { method: 'PATCH', url: `/api/v1/merchandise_items/${hat.id}`, token: admin, payload: { merchandise_item: { category_name: 'Headwear' } } });
      expect(json.json()).toMatchObject({ category_name: 'Headwear' });
    });

    it('replaces the main image with upload_image', async () => {
      const sticker = named(await listShop(t.app), 'Kusina Logo Sticker');
      const response = await request(t.app, {
        method: 'POST',
        url: `/api/v1/merchandise_items/${sticker.id}/upload_image`,
        token: admin,
        ...multipart([], [{ name: 'image', filename: 's.png', type: 'image/png', data: await imageOf('png', 800, 800) }]),
      });
      expect(response.statusCode, response.body).toBe(200);
      const item = MerchandiseItemOutput.parse(response.json());
      expect(item.image_url).toMatch(/^\/uploads\/merchandise\/[0-9a-f]{32}\.webp$/);
      expect(item.second_image_url).toBe(sticker.second_image_url);
      expect((await t.app.inject({ url: item.image_url ?? '' })).statusCode).toBe(200);

      // A photo-sized upload (over the 1 MB JSON body limit, under the 5 MB image limit) goes through.
      const photo = await noisyPng();
      expect(photo.length).toBeGreaterThan(2.5 * 1024 * 1024);
      expect(photo.length).toBeLessThan(5 * 1024 * 1024);
      const large = await request(t.app, {
        method: 'POST',
        url: `/api/v1/merchandise_items/${sticker.id}/upload_image`,
        token: admin,
        ...multipart([], [{ name: 'image', filename: 'photo.png', type: 'image/png', data: photo }]),
      });
      expect(large.statusCode, large.body).toBe(200);
      expect(await sharp(path.join(uploadsDir, 'merchandise', path.basename(MerchandiseItemOutput.parse(large.json()).image_url ?? ''))).metadata()).toMatchObject({ format: 'webp', width: 1000 });

      const none = await request(t.app, { method: 'POST', url: `/api/v1/merchandise_items/${sticker.id}/upload_image`, token: admin, ...multipart([['note', 'no file']]) });
      expect(none.statusCode).toBe(422);
      expect(none.json()).toMatchObject({ error: { message: 'Choose an image to upload (field "image").' } });
    });

    it('refuses bad uploads with a clear 4xx and stores nothing', async () => {
      const tote = named(await listShop(t.app), 'Kusina Tote Bag');
      const before = stored();
      const bad: [string, FilePart, number, string][] = [
        ['a text file', { name: 'image', filename: 'notes.txt', type: 'text/plain', data: Buffer.from('hello') }, 415, 'Images must be JPEG, PNG, WebP or GIF.'],
        ['an SVG', { name: 'image', filename: 'x.svg', type: 'image/svg+xml', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') }, 415, 'Images must be JPEG, PNG, WebP or GIF.'],
        ['a file over 5 MB', { name: 'image', filename: 'huge.jpg', type: 'image/jpeg', data: Buffer.alloc(5 * 1024 * 1024 + 10, 7) }, 413, 'Images must be 5 MB or smaller.'],
        [
          'a corrupt PNG',
          { name: 'image', filename: 'broken.png', type: 'image/png', data: Buffer.concat([(await imageOf('png')).subarray(0, 40), Buffer.alloc(60, 1)]) },
          422,
          'The image could not be read. Please upload a valid JPEG, PNG, WebP or GIF file.',
        ],
        ['text called a JPEG', { name: 'image', filename: 'fake.jpg', type: 'image/jpeg', data: Buffer.from('definitely not a jpeg') }, 422, 'The image could not be read. Please upload a valid JPEG, PNG, WebP or GIF file.'],
        ['a PDF called a PNG', { name: 'image', filename: 'doc.png', type: 'image/png', data: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n') }, 422, 'The image could not be read. Please upload a valid JPEG, PNG, WebP or GIF file.'],
      ];
      for (const [label, file, status, message] of bad) {
        const upload = await request(t.app, { method: 'POST', url: `/api/v1/merchandise_items/${tote.id}/upload_image`, token: admin, ...multipart([], [file]) });
        expect(upload.statusCode, label).toBe(status);
        expect(upload.json(), label).toMatchObject({ error: { message } });
        // The same file in a create: no item, no file.
        const create = await request(t.app, {
          method: 'POST',
          url: '/api/v1/merchandise_items',
          token: admin,
          ...multipart([['merchandise_item[name]', `Bad ${label}`], ['merchandise_item[base_price]', '5']], [{ ...file, name: 'additional_images[]' }]),
        });
        expect(create.statusCode, label).toBe(status);
      }
      // A good main image with a bad additional one: nothing of either is kept.
      const mixed = await request(t.app, {
        method: 'PATCH',
        url: `/api/v1/merchandise_items/${tote.id}`,
        token: admin,
        ...multipart(
          [['merchandise_item[name]', 'Should Not Stick']],
          [
            { name: 'image', filename: 'ok.png', type: 'image/png', data: await imageOf('png', 33, 33) },
            { name: 'additional_images[]', filename: 'bad.gif', type: 'image/gif', data: Buffer.from('GIF89a-nope') },
          ],
        ),
      });
      expect(mixed.statusCode).toBe(422);
      expect(stored()).toEqual(before);
      expect(named(await listShop(t.app), 'Kusina Tote Bag')).toEqual(tote);
      const { rows } = await t.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM merchandise_items WHERE name LIKE 'Bad %'");
      expect(rows[0]?.n).toBe(0);
    });

    it('deletes an item; its stock history stays', async () => {
      const created = await request(t.app, { method: 'POST', url: '/api/v1/merchandise_items', token: admin, payload: { merchandise_item: { name: 'Short Lived', base_price: 1, stock_quantity: 2 } } });
      const id = (created.json() as { id: number }).id;
      expect((await request(t.app, { method: 'DELETE', url: `/api/v1/merchandise_items/${id}`, token: admin })).statusCode).toBe(204);
      expect((await request(t.app, { url: `/api/v1/merchandise_items/${id}`, token: admin })).statusCode).toBe(404);
      expect((await request(t.app, { method: 'DELETE', url: `/api/v1/merchandise_items/${id}`, token: admin })).statusCode).toBe(404);
      const { rows } = await t.pool.query<{ item: number | null; name: string }>("SELECT merchandise_item_id AS item, item_name AS name FROM merchandise_stock_events WHERE item_name = 'Short Lived'");
      expect(rows).toEqual([{ item: null, name: 'Short Lived' }]);
    });

    it('documents every merchandise call in the OpenAPI description', async () => {
      const docs = await t.app.inject({ url: '/api/docs/json' });
      expect(docs.statusCode).toBe(200);
      const paths = Object.keys((docs.json() as { paths: Record<string, unknown> }).paths);
      for (const p of [
        '/api/v1/merchandise_items',
        '/api/v1/merchandise_items/{id}',
        '/api/v1/merchandise_items/{id}/upload_image',
        '/api/v1/merchandise_items/{id}/mark_as_damaged',
        '/api/v1/merchandise_items/{id}/update_stock',
        '/api/v1/merchandise_items/{id}/variants',
        '/api/v1/merchandise_items/{id}/variants/{variantId}/update_stock',
        '/api/v1/merchandise_variants/{id}',
        '/api/v1/merchandise_collections',
        '/api/v1/categories',
      ]) {
        expect(paths, p).toContain(p);
      }
    });
  });
});
