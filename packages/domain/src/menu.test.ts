import { describe, expect, it } from 'vitest';
import {
  addToCartProblem,
  availableQuantity,
  cannotAddMoreMessage,
  filterMenuItems,
  hasRequiredUnavailableOptions,
  isCartLowStock,
  isOptionInStock,
  isOptionSelectable,
  maxOrderableQuantity,
  MenuMessages,
  MenuQuery,
  optionAvailableQuantity,
  requiresAdvanceNotice,
  stockHint,
  stockStatus,
} from './menu.ts';
import { MenuItemCreateInput, MenuItemStockInput, OptionCreateInput, OptionGroupCreateInput } from './menu-inputs.ts';

describe('stock', () => {
  it('is stock − damaged when tracked and null when not', () => {
    expect(availableQuantity({ enableStockTracking: true, stockQuantity: 10, damagedQuantity: 3 })).toBe(7);
    expect(availableQuantity({ enableStockTracking: false, stockQuantity: 10, damagedQuantity: 3 })).toBeNull();
  });

  it('classifies stock status with the low threshold at 5', () => {
    const tracked = (stockQuantity: number, damagedQuantity = 0) => ({ enableStockTracking: true, stockQuantity, damagedQuantity });
    expect(stockStatus(tracked(0))).toBe('out_of_stock');
    expect(stockStatus(tracked(4, 4))).toBe('out_of_stock');
    expect(stockStatus(tracked(1))).toBe('low_stock');
    expect(stockStatus(tracked(5))).toBe('low_stock');
    expect(stockStatus(tracked(8, 3))).toBe('low_stock');
    expect(stockStatus(tracked(6))).toBe('in_stock');
    expect(stockStatus({ enableStockTracking: false, stockQuantity: 0, damagedQuantity: 0 })).toBe('in_stock');
  });

  it('shows the spec stock hints', () => {
    expect(stockHint(0)).toBe('Out of stock');
    expect(stockHint(3)).toBe('Only 3 left');
    expect(stockHint(5)).toBe('Only 5 left');
    expect(stockHint(6)).toBe('6 in stock');
    expect(stockHint(20)).toBe('20 in stock');
    expect(stockHint(21)).toBeNull();
    expect(stockHint(null)).toBeNull();
  });

  it('limits the orderable quantity by the item and the tracked chosen options', () => {
    const tracked = { enableStockTracking: true, stockQuantity: 10, damagedQuantity: 1 };
    expect(maxOrderableQuantity(tracked)).toBe(9);
    expect(maxOrderableQuantity({ ...tracked, enableStockTracking: false })).toBeNull();
    expect(
      maxOrderableQuantity(tracked, [
        { option: { stockQuantity: 4, damagedQuantity: 0 }, groupTracksInventory: true },
        { option: { stockQuantity: 1, damagedQuantity: 0 }, groupTracksInventory: false },
      ]),
    ).toBe(4);
    expect(cannotAddMoreMessage('Spam Musubi', 4)).toBe('Cannot add more Spam Musubi. Only 4 available in stock.');
  });

  it('warns in the cart when stock is within quantity + 2', () => {
    expect(isCartLowStock(5, 3)).toBe(true);
    expect(isCartLowStock(6, 3)).toBe(false);
    expect(isCartLowStock(null, 100)).toBe(false);
  });

  it('flags 24 hours or more as advance notice', () => {
    expect(requiresAdvanceNotice(24)).toBe(true);
    expect(requiresAdvanceNotice(23)).toBe(false);
    expect(requiresAdvanceNotice(null)).toBe(false);
  });
});

describe('options', () => {
  it('counts option stock only when the group tracks inventory', () => {
    const option = { available: true, stockQuantity: 2, damagedQuantity: 2 };
    expect(optionAvailableQuantity(option, true)).toBe(0);
    expect(optionAvailableQuantity(option, false)).toBeNull();
    expect(isOptionInStock(option, true)).toBe(false);
    expect(isOptionInStock(option, false)).toBe(true);
    expect(isOptionSelectable({ ...option, available: false }, false)).toBe(false);
  });

  it('finds required groups that cannot be satisfied', () => {
    const ok = { available: true, stockQuantity: 5, damagedQuantity: 0 };
    const empty = { available: true, stockQuantity: 0, damagedQuantity: 0 };
    const off = { available: false, stockQuantity: 5, damagedQuantity: 0 };
    // Optional groups never block.
    expect(hasRequiredUnavailableOptions([{ minSelect: 0, enableInventoryTracking: true, options: [empty] }])).toBe(false);
    // Untracked: stock is ignored, the switch is not.
    expect(hasRequiredUnavailableOptions([{ minSelect: 1, enableInventoryTracking: false, options: [empty] }])).toBe(false);
    expect(hasRequiredUnavailableOptions([{ minSelect: 1, enableInventoryTracking: false, options: [off] }])).toBe(true);
    // Tracked: stock − damaged ≤ 0 is unavailable.
    expect(hasRequiredUnavailableOptions([{ minSelect: 1, enableInventoryTracking: true, options: [empty, ok] }])).toBe(false);
    expect(hasRequiredUnavailableOptions([{ minSelect: 2, enableInventoryTracking: true, options: [empty, ok, off] }])).toBe(true);
    expect(hasRequiredUnavailableOptions([])).toBe(false);
  });
});

describe('adding to the cart', () => {
  it('gates adding to the cart with the spec messages', () => {
    const ok = { is_available: true, stock_status: 'in_stock' as const, has_required_unavailable_options: false };
    expect(addToCartProblem(ok)).toBeNull();
    expect(addToCartProblem({ ...ok, stock_status: 'out_of_stock' })).toBe(MenuMessages.outOfStock);
    expect(addToCartProblem({ ...ok, is_available: false })).toBe('Sorry, this item is out of stock.');
    expect(addToCartProblem({ ...ok, has_required_unavailable_options: true })).toBe(
      'Sorry, this item has required options that are currently unavailable.',
    );
  });
});

describe('filters', () => {
  const items = [
    { id: 1, name: 'Chicken Kelaguen', description: 'Grilled chicken, lemon, coconut', featured: true, seasonal: false, category_id: 1 },
    { id: 2, name: 'Shave Ice', description: 'Fluffy ice with syrups', featured: false, seasonal: true, category_id: 2 },
    { id: 3, name: 'Coconut Haupia', description: 'Pudding', featured: true, seasonal: true, category_id: 2 },
  ];
  it('combines featured, seasonal, category and a case-insensitive search', () => {
    expect(filterMenuItems(items, {}).map((i) => i.id)).toEqual([1, 2, 3]);
    expect(filterMenuItems(items, { featured: true }).map((i) => i.id)).toEqual([1, 3]);
    expect(filterMenuItems(items, { seasonal: true, category_id: 2 }).map((i) => i.id)).toEqual([2, 3]);
    expect(filterMenuItems(items, { q: 'COCONUT' }).map((i) => i.id)).toEqual([1, 3]);
    expect(filterMenuItems(items, { q: '  ' }).map((i) => i.id)).toEqual([1, 2, 3]);
  });

  it('parses query flags', () => {
    expect(MenuQuery.parse({ featured: 'true', seasonal: 'false', category_id: '3' })).toEqual({ featured: true, seasonal: false, category_id: 3 });
  });
});

describe('admin inputs', () => {
  it('takes prices in dollars with at most 2 decimals', () => {
    expect(MenuItemCreateInput.safeParse({ name: 'Lumpia', price: 8.95 }).success).toBe(true);
    expect(MenuItemCreateInput.safeParse({ name: 'Lumpia', price: -1 }).error?.issues[0]?.path).toEqual(['price']);
    expect(MenuItemCreateInput.safeParse({ name: 'Lumpia', price: 8.955 }).error?.issues[0]?.path).toEqual(['price']);
    expect(OptionCreateInput.safeParse({ name: 'Extra egg', additional_price: null }).success).toBe(true);
  });

  it('rejects damaged above stock and min above max, naming the field', () => {
    expect(MenuItemStockInput.safeParse({ stock_quantity: 2, damaged_quantity: 3 }).error?.issues[0]?.path).toEqual(['damaged_quantity']);
    expect(OptionGroupCreateInput.safeParse({ name: 'Sauces', min_select: 3, max_select: 2 }).error?.issues[0]?.path).toEqual(['min_select']);
    expect(OptionGroupCreateInput.safeParse({ name: 'Sauces', min_select: 1, max_select: 3 }).success).toBe(true);
  });
});
