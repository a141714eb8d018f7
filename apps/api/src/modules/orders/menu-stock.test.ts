import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MenuOutput } from '@kusina/domain/menu';
import { menuItems, menus } from '../../db/schema/index.ts';
import { build, type TestContext } from '../../test/build.ts';
import { checkout, createItem, openAllDay } from './test-support.ts';

/** The menu a node serves right after an order on that node shows the stock the order took. */
describe('menu stock after an order', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await build({ CODE_CHECK_RATE_LIMIT_PER_MINUTE: '10000' });
    await openAllDay(t.db);
  });
  afterAll(() => t.close());

  const availableOf = async (id: number) => {
    const menu = MenuOutput.parse((await t.app.inject({ url: '/api/v1/menu' })).json());
    return menu.items.find((item) => item.id === id)?.available_quantity;
  };

  it('shows a tracked dish’s lower stock at once, and an untracked dish’s order leaves it as it was', async () => {
    const tracked = await createItem(t.db, { name: 'Kelaguen Tray', priceCents: 4500, stock: 5 });
    const untracked = await createItem(t.db, { name: 'Red Rice', priceCents: 300 });
    // Onto the restaurant's live menu, so the public menu lists them.
    const [live] = await t.db.select({ id: menus.id }).from(menus).where(and(eq(menus.restaurantId, 1), eq(menus.active, true))).limit(1);
    await t.db.update(menuItems).set({ menuId: live!.id }).where(inArray(menuItems.id, [tracked.id, untracked.id]));
    expect(await availableOf(tracked.id)).toBe(5);

    expect((await checkout(t.app, { items: [{ menu_item_id: tracked.id, quantity: 2 }] })).statusCode).toBe(201);
    expect(await availableOf(tracked.id)).toBe(3);

    expect((await checkout(t.app, { items: [{ menu_item_id: untracked.id, quantity: 1 }] })).statusCode).toBe(201);
    expect(await availableOf(tracked.id)).toBe(3);
  });
});
