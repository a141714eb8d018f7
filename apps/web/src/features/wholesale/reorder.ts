import { fixCart } from '@kusina/domain/wholesale';
import { errorMessage } from '../../lib/errors.ts';
import { replaceWholesaleLines } from '../../stores/wholesale-cart-actions.ts';
import type { WholesaleCartLine } from '../../stores/wholesale-cart-store.ts';
import type { Order } from './api/contracts.ts';
import { validateCart } from './api/validate-cart.ts';

export type ReorderResult = { ok: true; message: string } | { ok: false; message: string };

/**
 * Reorder Items (§2, made to work): the order's lines go back in the cart as they were chosen,
 * validated by the server first. A fundraiser that is not current refuses; lines that can no
 * longer be bought are dropped, short stock lowers a line, and prices are today's.
 */
export async function reorder(order: Order): Promise<ReorderResult> {
  const now = new Date().toISOString();
  const lines: WholesaleCartLine[] = order.items
    .filter((i) => i.item_id !== null)
    .map((i) => ({
      id: `${order.id}-${i.id}`,
      itemId: i.item_id!,
      fundraiserId: order.fundraiser.id,
      fundraiserName: order.fundraiser.name,
      fundraiserSlug: order.fundraiser.slug,
      name: i.name,
      description: i.description,
      sku: i.sku,
      priceCents: i.price_cents,
      price: i.price_cents / 100,
      quantity: i.quantity,
      options: i.selected_option_ids,
      selectedOptions: i.selected_options,
      addedAt: now,
      updatedAt: now,
    }));
  try {
    const { data } = await validateCart(lines);
    if (data.issues.some((issue) => issue.type === 'fundraiser_inactive')) return { ok: false, message: 'This fundraiser is no longer accepting orders' };
    const fixed = fixCart(lines, data.issues);
    if (fixed.lines.length === 0) return { ok: false, message: 'None of these items can be ordered right now.' };
    replaceWholesaleLines(fixed.lines);
    const changed = fixed.removed + fixed.adjusted + fixed.priceUpdated;
    return { ok: true, message: changed > 0 ? 'Items added to your cart. Some items changed: please review.' : 'Items added to your cart.' };
  } catch (error) {
    return { ok: false, message: errorMessage(error, 'Unable to validate cart. Please try again.') };
  }
}
