import type { MenuItemOutput } from '@kusina/domain/menu';
import { cannotAddMoreMessage, isCartLowStock } from '@kusina/domain/menu';
import { dollarsToCents, type Cents } from '@kusina/domain/money';
import type { CartItem } from '../stores/cart-store.ts';
import type { CheckoutLineInput } from './checkout-contracts.ts';

export function isFoodLine(line: CartItem): boolean {
  return line.type !== 'merchandise';
}

function chosenOptionIds(selected: Record<string, number[]> | undefined): number[] {
  return Object.values(selected ?? {}).flat();
}

/**
 * Why `addQuantity` more of this item (with these options) cannot go in the cart, counting every
 * line of the same item (and of the same tracked option) already there; null when stock allows it.
 * The menu's numbers guide the customer; the server checks again when the order is placed.
 */
export function stockProblem(
  cartItems: readonly CartItem[],
  item: MenuItemOutput,
  selectedOptions: Record<string, number[]> | undefined,
  addQuantity: number,
): string | null {
  const food = cartItems.filter(isFoodLine);
  const inCart = food.filter((line) => line.id === item.id).reduce((sum, line) => sum + line.quantity, 0);
  if (item.available_quantity !== null && inCart + addQuantity > item.available_quantity) {
    return cannotAddMoreMessage(item.name, item.available_quantity);
  }
  const chosen = new Set(chosenOptionIds(selectedOptions));
  for (const group of item.option_groups) {
    if (!group.enable_inventory_tracking) continue;
    for (const option of group.options) {
      if (!chosen.has(option.id) || option.available_quantity === null) continue;
      const optionInCart = food
        .filter((line) => line.id === item.id && chosenOptionIds(line.selectedOptions).includes(option.id))
        .reduce((sum, line) => sum + line.quantity, 0);
      if (optionInCart + addQuantity > option.available_quantity) return cannotAddMoreMessage(option.name, option.available_quantity);
    }
  }
  return null;
}

/** Units of this item in the whole cart, across its lines. */
export function quantityInCart(cartItems: readonly CartItem[], itemId: number): number {
  return cartItems.filter((line) => isFoodLine(line) && line.id === itemId).reduce((sum, line) => sum + line.quantity, 0);
}

/** The low-stock warning of §5 Cart: remaining stock within the cart's quantity plus 2. */
export function lowStockLeft(cartItems: readonly CartItem[], item: MenuItemOutput | undefined): number | null {
  if (!item || item.available_quantity === null) return null;
  return isCartLowStock(item.available_quantity, quantityInCart(cartItems, item.id)) ? item.available_quantity : null;
}

export function lineUnitCents(line: CartItem): Cents {
  return Number.isFinite(line.price) ? dollarsToCents(line.price) : 0;
}

/** The browser's estimate of the cart subtotal; the charged figures come from the server's quote. */
export function estimatedSubtotalCents(cartItems: readonly CartItem[]): Cents {
  return cartItems.reduce((sum, line) => sum + lineUnitCents(line) * line.quantity, 0);
}

/**
 * Cart lines as the checkout API takes them, in cart order (a quote's or an issue's `line` is the
 * index into the cart): food by menu item and options, merchandise by variant. The API prices them.
 */
export function toCheckoutLines(cartItems: readonly CartItem[]): CheckoutLineInput[] {
  return cartItems.map((line): CheckoutLineInput => {
    const notes = line.notes?.trim() ? { notes: line.notes.trim() } : {};
    if (!isFoodLine(line)) return { type: 'merchandise', variant_id: line.variant_id ?? 0, quantity: line.quantity, ...notes };
    return { menu_item_id: line.id, quantity: line.quantity, selected_options: line.selectedOptions ?? {}, ...notes };
  });
}

/** The lines a quote prices: notes do not change a price, so typing a note does not re-price the cart. */
export function toQuoteLines(cartItems: readonly CartItem[]): CheckoutLineInput[] {
  return toCheckoutLines(cartItems).map(({ notes: _notes, ...line }) => line);
}
