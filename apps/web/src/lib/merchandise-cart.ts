import { cannotAddMoreMessage } from '@kusina/domain/menu';
import {
  clampQuantity,
  MERCHANDISE_MAX_QUANTITY,
  MerchandiseMessages,
  variantLabel,
  type MerchandiseItemOutput,
  type MerchandiseVariantOutput,
} from '@kusina/domain/merchandise';
import { addCartItem } from '../stores/cart-actions.ts';
import type { CartItem } from '../stores/cart-store.ts';

/**
 * Merchandise in the regular cart (storefront.md §3 Merchandise cart line): one line per variant
 * (item id + variant id is the line's identity, see cartLineKey), so adding the same variant again
 * raises that line. A line holds at most the variant's sellable stock, and at most 99 (the
 * contract's per-line limit, also the cap when stock is not tracked). The server checks again.
 */

type StockVariant = Pick<MerchandiseVariantOutput, 'id' | 'available_quantity'>;

export function isMerchandiseLine(line: CartItem): boolean {
  return line.type === 'merchandise';
}

/** The most one cart line of this variant may hold. */
export function variantLineCap(variant: Pick<MerchandiseVariantOutput, 'available_quantity'>): number {
  return Math.max(0, Math.min(variant.available_quantity ?? MERCHANDISE_MAX_QUANTITY, MERCHANDISE_MAX_QUANTITY));
}

export function variantQuantityInCart(cartItems: readonly CartItem[], variantId: number): number {
  return cartItems.filter((line) => isMerchandiseLine(line) && line.variant_id === variantId).reduce((sum, line) => sum + line.quantity, 0);
}

/** How many more of this variant may go in the cart. */
export function remainingForVariant(cartItems: readonly CartItem[], variant: StockVariant): number {
  return Math.max(0, variantLineCap(variant) - variantQuantityInCart(cartItems, variant.id));
}

/** 'Kusina Logo Tee (M / Black)', the name the server uses in its stock messages. */
export function variantDisplayName(item: Pick<MerchandiseItemOutput, 'name'>, variant: Pick<MerchandiseVariantOutput, 'size' | 'color'>): string {
  return variant.size === null && variant.color === null ? item.name : `${item.name} (${variantLabel(variant)})`;
}

/** Why `quantity` more of this variant cannot go in the cart; null when it can. */
export function merchandiseAddProblem(
  cartItems: readonly CartItem[],
  item: Pick<MerchandiseItemOutput, 'name'>,
  variant: StockVariant & Pick<MerchandiseVariantOutput, 'size' | 'color'>,
  quantity: number,
): string | null {
  if (variant.available_quantity !== null && variant.available_quantity <= 0) return MerchandiseMessages.outOfStock;
  const cap = variantLineCap(variant);
  if (variantQuantityInCart(cartItems, variant.id) + quantity > cap) return cannotAddMoreMessage(variantDisplayName(item, variant), cap);
  return null;
}

export function toMerchandiseCartLine(item: MerchandiseItemOutput, variant: MerchandiseVariantOutput, quantity: number): CartItem {
  return {
    id: item.id,
    name: item.name,
    price: variant.price,
    quantity,
    image: item.image_url,
    type: 'merchandise',
    variant_id: variant.id,
    variant_details: { ...(variant.size ? { size: variant.size } : {}), ...(variant.color ? { color: variant.color } : {}) },
  };
}

/**
 * Puts `quantity` (clamped to 1..stock) of the variant in the cart, merging with its line.
 * Returns the problem to show when nothing could be added, else null.
 */
export function addMerchandiseToCart(cartItems: readonly CartItem[], item: MerchandiseItemOutput, variant: MerchandiseVariantOutput, quantity: number): string | null {
  const wanted = clampQuantity(quantity, variant.available_quantity);
  const problem = merchandiseAddProblem(cartItems, item, variant, wanted);
  if (problem) return problem;
  addCartItem(toMerchandiseCartLine(item, variant, wanted), { maxQuantity: variantLineCap(variant) });
  return null;
}

export interface VariantEntry {
  item: MerchandiseItemOutput;
  variant: MerchandiseVariantOutput;
}

/** Variant id → the variant and its item, for cart lines (which keep only the ids). */
export function indexVariants(items: readonly MerchandiseItemOutput[]): Map<number, VariantEntry> {
  return new Map(items.flatMap((item) => item.variants.map((variant) => [variant.id, { item, variant }] as const)));
}
