import { selectionAvailableQuantity, type OptionSelection, type RuleItem } from '@kusina/domain/wholesale';
import type { WholesaleCartLine } from '../../stores/wholesale-cart-store.ts';
import type { Item } from './api/contracts.ts';

/** The rules' view of an item as the API sends it. */
export function toRuleItem(item: Item): RuleItem {
  return {
    id: item.id,
    fundraiserId: item.fundraiser_id,
    name: item.name,
    description: item.description,
    sku: item.sku,
    priceCents: item.price_cents,
    active: item.active,
    inventoryMode: item.inventory_mode,
    stockQuantity: item.stock_quantity,
    damagedQuantity: item.damaged_quantity,
    lowStockThreshold: item.low_stock_threshold,
    groups: item.option_groups.map((g) => ({
      id: g.id,
      name: g.name,
      minSelect: g.min_select,
      maxSelect: g.max_select,
      enableInventoryTracking: g.enable_inventory_tracking,
      options: g.options.map((o) => ({ id: o.id, name: o.name, additionalPriceCents: o.additional_price_cents, available: o.available, stockQuantity: o.stock_quantity, damagedQuantity: o.damaged_quantity })),
    })),
    variants: item.item_variants.map((v) => ({
      id: v.id,
      variantKey: v.variant_key,
      variantName: v.variant_name,
      active: v.active,
      stockQuantity: v.stock_quantity,
      damagedQuantity: v.damaged_quantity,
      lowStockThreshold: v.low_stock_threshold,
    })),
  };
}

/** The most of this selection a cart line may hold (null: unlimited). */
export function lineMax(item: Item, selection: OptionSelection): number | null {
  return selectionAvailableQuantity(toRuleItem(item), selection);
}

/** Units of the same item and selection already in the cart. */
export function inCartQuantity(lines: readonly WholesaleCartLine[], itemId: number, key: (l: WholesaleCartLine) => boolean): number {
  return lines.filter((l) => l.itemId === itemId && key(l)).reduce((s, l) => s + l.quantity, 0);
}

/** A price in cents as '$12.50' (the storefront's formatter). */
export { formatUSD as money } from '@kusina/domain/money';

/** '2026-11-01' → 'Nov 1, 2026' (a calendar date: no time zone shift). */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '';
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** Option labels shown capitalised in the cart (§2). */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
