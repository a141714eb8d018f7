import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MenuItemOutput, OptionGroupOutput, OptionOutput, type MenuOutput } from '@kusina/domain/menu';
import { build, request, type TestContext } from '../../test/build.ts';
import { tokenFor } from '../../test/build.ts';
import { itemNamed, readMenu } from './test-helpers.ts';

type Who = 'guest' | 'customer' | 'staff' | 'admin' | 'admin2' | 'super';

describe('menu admin API', () => {
  let t: TestContext;
  const tokens: Record<Who, string | undefined> = { guest: undefined, customer: '', staff: '', admin: '', admin2: '', super: '' };
  let menu: MenuOutput;

  beforeAll(async () => {
    t = await build();
    tokens.customer = await tokenFor(t.app, t.db, 'customer@kusina.test');
    tokens.staff = await tokenFor(t.app, t.db, 'staff@kusina.test');
    tokens.admin = await tokenFor(t.app, t.db, 'admin@kusina.test');
    tokens.admin2 = await tokenFor(t.app, t.db, 'admin2@kusina.test');
    tokens.super = await tokenFor(t.app, t.db, 'super@kusina.test');
    menu = await readMenu(t.app);
  });
  afterAll(() => t.close());

  const as = (who: Who, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    request(t.app, { method, url: `/api/v1${url}`, token: tokens[who], ...(payload ? { payload } : {}) });

  async function countItems(): Promise<number> {
    const { rows } = await t.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM menu_items');
    return rows[0]?.n ?? -1;
  }

  describe('role matrix', () => {
    it('lets only admins of the restaurant and super admins create items', async () => {
      const body = { name: 'Matrix Plate', price: 10, restaurant_id: 1 };
      expect((await as('guest', 'POST', '/menu_items', body)).statusCode).toBe(401);
      expect((await as('customer', 'POST', '/menu_items', body)).statusCode).toBe(403);
      expect((await as('staff', 'POST', '/menu_items', body)).statusCode).toBe(403);
      expect((await as('admin2', 'POST', '/menu_items', body)).statusCode).toBe(403);
      const before = await countItems();
      const admin = await as('admin', 'POST', '/menu_items', body);
      expect(admin.statusCode).toBe(201);
      const superAdmin = await as('super', 'POST', '/menu_items', { ...body, name: 'Matrix Plate 2' });
      expect(superAdmin.statusCode).toBe(201);
      expect(await countItems()).toBe(before + 2);
      // A super admin may also act in restaurant 2; the other admin in their own.
      expect((await as('super', 'POST', '/menu_items', { ...body, restaurant_id: 2 })).statusCode).toBe(201);
      const own = await as('admin2', 'POST', '/menu_items', { name: 'Barrigada Special', price: 12 });
      expect(own.statusCode).toBe(201);
      expect(itemNamed(await readMenu(t.app, '?restaurant_id=2'), 'Barrigada Special').price_cents).toBe(1200);
    });

    it("keeps another restaurant's admin out of this restaurant's items", async () => {
      const loco = itemNamed(menu, 'Loco Moco');
      expect((await as('admin2', 'PATCH', `/menu_items/${loco.id}`, { name: 'Hijacked' })).statusCode).toBe(403);
      expect((await as('admin2', 'DELETE', `/menu_items/${loco.id}`)).statusCode).toBe(403);
      expect((await as('admin2', 'PATCH', `/menu_items/${loco.id}/stock`, { available: false })).statusCode).toBe(403);
      expect(itemNamed(await readMenu(t.app), 'Loco Moco')).toMatchObject({ name: 'Loco Moco', available: true });
    });

    it('lets staff and admins change stock and the available switch', async () => {
      const titiyas = itemNamed(menu, 'Titiyas');
      const url = `/menu_items/${titiyas.id}/stock`;
      expect((await as('guest', 'PATCH', url, { stock_quantity: 9 })).statusCode).toBe(401);
      expect((await as('customer', 'PATCH', url, { stock_quantity: 9 })).statusCode).toBe(403);
      const staff = await as('staff', 'PATCH', url, { stock_quantity: 9, damaged_quantity: 1 });
      expect(staff.statusCode).toBe(200);
      expect(MenuItemOutput.parse(staff.json())).toMatchObject({ stock_quantity: 9, damaged_quantity: 1, available_quantity: 8 });
      expect((await as('admin', 'PATCH', url, { available: false })).statusCode).toBe(200);
      expect(itemNamed(await readMenu(t.app), 'Titiyas')).toMatchObject({ available: false, is_available: false, available_quantity: 8 });
      const superAdmin = await as('super', 'PATCH', url, { available: true, enable_stock_tracking: false });
      expect(superAdmin.json()).toMatchObject({ available: true, enable_stock_tracking: false, available_quantity: null, is_available: true });
      // Staff may not edit the rest of the item.
      expect((await as('staff', 'PATCH', `/menu_items/${titiyas.id}`, { price: 1 })).statusCode).toBe(403);
    });

    it("lets staff set an option's stock count, which the menu shows at once; not another restaurant's staff", async () => {
      const extraRice = itemNamed(menu, 'Hawaiian Mixed Plate').option_groups[2]?.options.find((o) => o.name === 'Extra Rice');
      const url = `/options/${extraRice?.id}/stock`;
      expect((await as('guest', 'PATCH', url, { stock_quantity: 40 })).statusCode).toBe(401);
      expect((await as('customer', 'PATCH', url, { stock_quantity: 40 })).statusCode).toBe(403);
      expect((await as('admin2', 'PATCH', url, { stock_quantity: 40 })).statusCode).toBe(403);
      const staff = await as('staff', 'PATCH', url, { stock_quantity: 40 });
      expect(staff.statusCode).toBe(200);
      expect(OptionOutput.parse(staff.json())).toMatchObject({ stock_quantity: 40, damaged_quantity: 2, available_quantity: 38 });
      expect(itemNamed(await readMenu(t.app), 'Hawaiian Mixed Plate').option_groups[2]?.options.find((o) => o.name === 'Extra Rice')).toMatchObject({ available_quantity: 38 });
      expect((await as('staff', 'PATCH', url, { stock_quantity: 60 })).statusCode).toBe(200);
    });

    it('lets staff 86 an option, and flags the item when a required group runs dry', async () => {
      const plate = itemNamed(menu, 'Hawaiian Mixed Plate');
      const proteins = plate.option_groups[0]?.options ?? [];
      expect((await as('customer', 'PATCH', `/options/${proteins[0]?.id}/stock`, { available: false })).statusCode).toBe(403);
      expect((await as('admin2', 'PATCH', `/options/${proteins[0]?.id}/stock`, { available: false })).statusCode).toBe(403);
      for (const option of proteins) {
        const response = await as('staff', 'PATCH', `/options/${option.id}/stock`, { available: false });
        expect(response.statusCode).toBe(200);
        expect(OptionOutput.parse(response.json()).available).toBe(false);
      }
      expect(itemNamed(await readMenu(t.app), 'Hawaiian Mixed Plate').has_required_unavailable_options).toBe(true);
      const back = await as('staff', 'PATCH', `/options/${proteins[0]?.id}/stock`, { available: true });
      expect(back.statusCode).toBe(200);
      expect(itemNamed(await readMenu(t.app), 'Hawaiian Mixed Plate').has_required_unavailable_options).toBe(false);
      expect((await as('staff', 'PATCH', `/options/${proteins[0]?.id}`, { name: 'Renamed' })).statusCode).toBe(403);
    });
  });

  describe('catalog writes', () => {
    it('creates a category, an item with option groups and options, then removes them', async () => {
      const category = await as('admin', 'POST', '/menu_categories', { name: 'Specials', description: 'This week only' });
      expect(category.statusCode).toBe(201);
      const categoryId = (category.json() as { id: number; position: number }).id;
      expect(category.json()).toMatchObject({ name: 'Specials', position: 7 });

      const created = await as('admin', 'POST', '/menu_items', {
        category_id: categoryId,
        name: 'Kelaguen Mannok Burrito',
        description: 'Chicken kelaguen rolled in a titiyas',
        price: 12.5,
        seasonal: true,
        promo_label: 'New!',
        available_until: '2027-02-01',
        available_days: [1, 2, 3, 4, 5],
        spicy: true,
        enable_stock_tracking: true,
        stock_quantity: 12,
      });
      expect(created.statusCode).toBe(201);
      const item = MenuItemOutput.parse(created.json());
      expect(item).toMatchObject({ category_id: categoryId, price: 12.5, price_cents: 1250, available_quantity: 12, available_days: [1, 2, 3, 4, 5], option_groups: [] });

      const group = await as('admin', 'POST', `/menu_items/${item.id}/option_groups`, {
        name: 'Salsa',
        min_select: 0,
        max_select: 2,
        free_option_count: 1,
        options: [{ name: 'Donne’ Sali' }, { name: 'Mango Salsa', additional_price: 1.25 }],
      });
      expect(group.statusCode).toBe(201);
      const groupOut = OptionGroupOutput.parse(group.json());
      expect(groupOut.options.map((o) => [o.name, o.additional_price, o.additional_price_cents])).toEqual([
        ['Donne’ Sali', 2, 200],
        ['Mango Salsa', 1.25, 125],
      ]);

      const option = await as('admin', 'POST', `/option_groups/${groupOut.id}/options`, { name: 'Atchara', additional_price: 0 });
      expect(option.statusCode).toBe(201);
      const optionId = (option.json() as { id: number }).id;
      const updatedOption = await as('admin', 'PATCH', `/options/${optionId}`, { additional_price: null, is_preselected: true });
      expect(updatedOption.json()).toMatchObject({ additional_price: 2, is_preselected: true });
      expect((await as('admin', 'PATCH', `/option_groups/${groupOut.id}`, { name: 'Salsas', max_select: 3 })).json()).toMatchObject({ name: 'Salsas', max_select: 3 });

      const listed = itemNamed(await readMenu(t.app), 'Kelaguen Mannok Burrito');
      expect(listed.option_groups[0]?.options.map((o) => o.name)).toEqual(['Donne’ Sali', 'Mango Salsa', 'Atchara']);
      // The new category sits after Party Trays, its item after every tray (uncategorised items come last).
      const names = (await readMenu(t.app)).items.map((i) => i.name);
      expect(names.indexOf('Kelaguen Mannok Burrito')).toBe(names.indexOf('Chamorro BBQ Fiesta Tray') + 1);

      expect((await as('admin', 'DELETE', `/options/${optionId}`)).statusCode).toBe(204);
      expect((await as('admin', 'DELETE', `/option_groups/${groupOut.id}`)).statusCode).toBe(204);
      expect(itemNamed(await readMenu(t.app), 'Kelaguen Mannok Burrito').option_groups).toEqual([]);

      // Deleting the category keeps its items, uncategorised and listed last.
      expect((await as('admin', 'PATCH', `/menu_categories/${categoryId}`, { name: 'Weekly Specials' })).json()).toMatchObject({ name: 'Weekly Specials' });
      expect((await as('admin', 'DELETE', `/menu_categories/${categoryId}`)).statusCode).toBe(204);
      const after = await readMenu(t.app);
      expect(after.categories.some((c) => c.id === categoryId)).toBe(false);
      expect(itemNamed(after, 'Kelaguen Mannok Burrito').category_id).toBeNull();

      expect((await as('admin', 'DELETE', `/menu_items/${item.id}`)).statusCode).toBe(204);
      expect((await t.app.inject({ url: `/api/v1/menu_items/${item.id}` })).statusCode).toBe(404);
      expect((await as('admin', 'DELETE', `/menu_items/${item.id}`)).statusCode).toBe(404);
    });

    it("refuses another restaurant's category for an item", async () => {
      const other = (await readMenu(t.app, '?restaurant_id=2')).categories[0];
      const before = await countItems();
      const response = await as('admin', 'POST', '/menu_items', { name: 'Cross Plate', price: 5, category_id: other?.id });
      expect(response.statusCode).toBe(422);
      expect(response.json().error.details.fields).toHaveProperty('category_id');
      expect(await countItems()).toBe(before);
    });
  });

  describe('bad inputs', () => {
    it('rejects a negative or over-precise price, naming the field', async () => {
      const before = await countItems();
      for (const price of [-1, 4.999]) {
        const response = await as('admin', 'POST', '/menu_items', { name: 'Bad Price', price });
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', details: { fields: { price: expect.any(String) } } });
      }
      const option = itemNamed(menu, 'Hawaiian Mixed Plate').option_groups[1]?.options[0];
      const negativeOption = await as('admin', 'PATCH', `/options/${option?.id}`, { additional_price: -2 });
      expect(negativeOption.statusCode).toBe(400);
      expect(negativeOption.json().error.details.fields).toHaveProperty('additional_price');
      expect(await countItems()).toBe(before);
    });

    it('rejects min_select above max_select, in the body (400) and against stored values (422)', async () => {
      const loco = itemNamed(menu, 'Loco Moco');
      const inBody = await as('admin', 'POST', `/menu_items/${loco.id}/option_groups`, { name: 'Bad', min_select: 3, max_select: 2 });
      expect(inBody.statusCode).toBe(400);
      expect(inBody.json().error.details.fields).toHaveProperty('min_select');

      const eggs = loco.option_groups[0];
      const againstStored = await as('admin', 'PATCH', `/option_groups/${eggs?.id}`, { min_select: 2 }); // max_select is 1
      expect(againstStored.statusCode).toBe(422);
      expect(againstStored.json().error).toMatchObject({ code: 'VALIDATION_ERROR', details: { fields: { min_select: expect.any(String) } } });
      expect(itemNamed(await readMenu(t.app), 'Loco Moco').option_groups.length).toBe(loco.option_groups.length);
      expect(itemNamed(await readMenu(t.app), 'Loco Moco').option_groups[0]).toMatchObject({ min_select: 1, max_select: 1 });
    });

    it('rejects damaged above stock, in the body (400) and against stored stock (422), changing nothing', async () => {
      const musubi = itemNamed(menu, 'Spam Musubi');
      const inBody = await as('staff', 'PATCH', `/menu_items/${musubi.id}/stock`, { stock_quantity: 2, damaged_quantity: 3 });
      expect(inBody.statusCode).toBe(400);
      expect(inBody.json().error.details.fields).toHaveProperty('damaged_quantity');

      const againstStored = await as('staff', 'PATCH', `/menu_items/${musubi.id}/stock`, { damaged_quantity: 50 });
      expect(againstStored.statusCode).toBe(422);
      expect(againstStored.json().error.details.fields).toHaveProperty('damaged_quantity');

      const negative = await as('staff', 'PATCH', `/menu_items/${musubi.id}/stock`, { stock_quantity: -1 });
      expect(negative.statusCode).toBe(400);
      expect(negative.json().error.details.fields).toHaveProperty('stock_quantity');

      const extraRice = itemNamed(menu, 'Hawaiian Mixed Plate').option_groups[2]?.options.find((o) => o.name === 'Extra Rice');
      // Against the stored counts, the message goes on the field that was sent.
      const option = await as('staff', 'PATCH', `/options/${extraRice?.id}/stock`, { stock_quantity: 1 }); // damaged is 2
      expect(option.statusCode).toBe(422);
      expect(option.json().error.details.fields).toEqual({ stock_quantity: 'Stock cannot be less than the 2 damaged units.' });
      const optionDamaged = await as('staff', 'PATCH', `/options/${extraRice?.id}/stock`, { damaged_quantity: 61 });
      expect(optionDamaged.statusCode).toBe(422);
      expect(optionDamaged.json().error.details.fields).toHaveProperty('damaged_quantity');
      const optionNegative = await as('staff', 'PATCH', `/options/${extraRice?.id}/stock`, { stock_quantity: -3 });
      expect(optionNegative.statusCode).toBe(400);
      expect(optionNegative.json().error.details.fields).toHaveProperty('stock_quantity');

      const after = await readMenu(t.app);
      expect(itemNamed(after, 'Spam Musubi')).toMatchObject({ stock_quantity: musubi.stock_quantity, damaged_quantity: 0 });
      expect(itemNamed(after, 'Hawaiian Mixed Plate').option_groups[2]?.options.find((o) => o.name === 'Extra Rice')).toMatchObject({ stock_quantity: 60 });
    });

    it('rejects bad days and dates', async () => {
      const loco = itemNamed(menu, 'Loco Moco');
      const days = await as('admin', 'PATCH', `/menu_items/${loco.id}`, { available_days: [1, 7] });
      expect(days.statusCode).toBe(400);
      expect(Object.keys(days.json().error.details.fields)[0]).toMatch(/^available_days/);
      const date = await as('admin', 'PATCH', `/menu_items/${loco.id}`, { available_until: '31/12/2026' });
      expect(date.statusCode).toBe(400);
      expect(date.json().error.details.fields).toHaveProperty('available_until');
    });

    it('answers unknown rows with 404', async () => {
      expect((await as('admin', 'PATCH', '/menu_items/999999', { name: 'x' })).statusCode).toBe(404);
      expect((await as('admin', 'PATCH', '/option_groups/999999', { name: 'x' })).statusCode).toBe(404);
      expect((await as('admin', 'PATCH', '/options/999999', { name: 'x' })).statusCode).toBe(404);
      expect((await as('admin', 'DELETE', '/menu_categories/999999')).statusCode).toBe(404);
    });
  });
});
