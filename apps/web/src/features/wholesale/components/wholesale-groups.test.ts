import { describe, expect, it } from 'vitest';
import { formatGroups, parseGroups } from './wholesale-groups.ts';

describe('the item form option groups', () => {
  it('reads names, prices, tracked groups and stock', () => {
    const groups = parseGroups('Size: S, M, XL +3\nMain*: Chicken =30, Ribs +3.50 =4\n\n');
    expect(groups).toMatchObject([
      { name: 'Size', enable_inventory_tracking: false, options: [{ name: 'S' }, { name: 'M' }, { name: 'XL', additional_price_cents: 300 }] },
      { name: 'Main', enable_inventory_tracking: true, options: [{ name: 'Chicken', stock_quantity: 30 }, { name: 'Ribs', additional_price_cents: 350, stock_quantity: 4 }] },
    ]);
    expect(parseGroups(formatGroups(groups))).toEqual(groups);
  });
});
