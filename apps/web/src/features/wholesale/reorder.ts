import { fixCart } from '@kusina/domain/wholesale';
import { errorMessage } from '../../lib/errors.ts';
import { addWholesaleLine, cartFundraiserOf, type WholesaleCartFundraiser } from '../../stores/wholesale-cart-actions.ts';
import { useWholesaleCartStore } from '../../stores/wholesale-cart-store.ts';
import type { Order } from './api/contracts.ts';
import type { PendingLine } from './components/item-dialog.tsx';
import { validateCart } from './api/validate-cart.ts';

/** The order's lines, checked by the server and fixed, ready to go in the cart. */
export type PreparedReorder =
  | { ok: true; fundraiser: WholesaleCartFundraiser; lines: PendingLine[]; message: string }
  | { ok: false; message: string };

/**
 * Reorder Items (§2, made to work): the order's lines as they were chosen, validated by the server
 * first. A fundraiser that is not current refuses; lines that can no longer be bought are dropped,
 * short stock lowers a line, and prices are today's. Nothing is put in the cart yet: a cart holding
 * another fundraiser's items asks first (Switch Fundraisers, §4).
 */
export async function prepareReorder(order: Order): Promise<PreparedReorder> {
  const lines: PendingLine[] = order.items
    .filter((i) => i.item_id !== null)
    .map((i) => ({
      itemId: i.item_id!,
      fundraiserId: order.fundraiser.id,
      name: i.name,
      description: i.description,
      sku: i.sku,
      priceCents: i.price_cents,
      quantity: i.quantity,
      options: i.selected_option_ids,
      selectedOptions: i.selected_options,
    }));
  try {
    const { data } = await validateCart(lines.map((l, n) => ({ ...l, id: `reorder-${n}` })));
    if (data.issues.some((issue) => issue.type === 'fundraiser_inactive')) return { ok: false, message: 'This fundraiser is no longer accepting orders' };
    const fixed = fixCart(lines, data.issues);
    if (fixed.lines.length === 0) return { ok: false, message: 'None of these items can be ordered right now.' };
    const changed = fixed.removed + fixed.adjusted + fixed.priceUpdated;
    return {
      ok: true,
      fundraiser: { id: order.fundraiser.id, name: order.fundraiser.name, slug: order.fundraiser.slug },
      lines: fixed.lines,
      message: changed > 0 ? 'Items added to your cart. Some items changed: please review.' : 'Items added to your cart.',
    };
  } catch (error) {
    return { ok: false, message: errorMessage(error, 'Unable to validate cart. Please try again.') };
  }
}

/** True when the cart holds another fundraiser's items (the supporter chooses before anything changes). */
export function reorderConflicts(prepared: Extract<PreparedReorder, { ok: true }>): boolean {
  const current = cartFundraiserOf(useWholesaleCartStore.getState().items);
  return current !== null && current.id !== prepared.fundraiser.id;
}

/**
 * Puts the prepared lines in the cart beside what is already there (same fundraiser): identical
 * lines merge as when adding (§4); the cart page validates the result.
 */
export function addReorderToCart(prepared: Extract<PreparedReorder, { ok: true }>): void {
  for (const line of prepared.lines) addWholesaleLine(line, prepared.fundraiser);
}
