import { describe, expect, it } from 'vitest';
import { formatGroups, keepOptionIds, parseGroups } from './wholesale-groups.ts';

describe('the item form option groups', () => {
  it('reads names, prices, tracked groups and stock', () => {
    const groups = parseGroups('Size: S, M, XL +3\nMain*: Chicken =30, Ribs +3.50 =4\n\n');
    expect(groups).toMatchObject([
      { name: 'Size', enable_inventory_tracking: false, options: [{ name: 'S' }, { name: 'M' }, { name: 'XL', additional_price_cents: 300 }] },
      { name: 'Main', enable_inventory_tracking: true, options: [{ name: 'Chicken', stock_quantity: 30 }, { name: 'Ribs', additional_price_cents: 350, stock_quantity: 4 }] },
    ]);
    expect(parseGroups(formatGroups(groups))).toEqual(groups);
  });

  it('an edit names the item’s own groups and options by id and sends option stock only where it changed', () => {
    const option = (id: number, name: string, stock: number) => ({ id, name, additional_price: 0, additional_price_cents: 0, available: true, stock_quantity: stock, damaged_quantity: 0 });
    const item = {
      option_groups: [
        { id: 7, name: 'Main', required: true, min_select: 1, max_select: 1, enable_inventory_tracking: true, options: [option(71, 'Chicken', 30), option(72, 'Ribs', 4)] },
        { id: 8, name: 'Size', required: true, min_select: 1, max_select: 1, enable_inventory_tracking: false, options: [option(81, 'S', 0)] },
      ],
    };
    // The form opened with Chicken =30 (sales since then are the server's business); the admin changed Ribs to 10, added Pork, an option and a group.
    expect(keepOptionIds(parseGroups('Main*: Chicken =30, Ribs =10, Pork =5\nsize: S, M\nSauce: Hot'), item)).toEqual([
      {
        id: 7,
        name: 'Main',
        min_select: 1,
        max_select: 1,
        enable_inventory_tracking: true,
        options: [
          { id: 71, name: 'Chicken', additional_price_cents: 0, available: true },
          { id: 72, name: 'Ribs', additional_price_cents: 0, available: true, stock_quantity: 10 },
          { name: 'Pork', additional_price_cents: 0, available: true, stock_quantity: 5, damaged_quantity: 0 },
        ],
      },
      { id: 8, name: 'size', min_select: 1, max_select: 1, enable_inventory_tracking: false, options: [{ id: 81, name: 'S', additional_price_cents: 0, available: true }, { name: 'M', additional_price_cents: 0, available: true, stock_quantity: 0, damaged_quantity: 0 }] },
      { name: 'Sauce', min_select: 1, max_select: 1, enable_inventory_tracking: false, options: [{ name: 'Hot', additional_price_cents: 0, available: true, stock_quantity: 0, damaged_quantity: 0 }] },
    ]);
  });
});
