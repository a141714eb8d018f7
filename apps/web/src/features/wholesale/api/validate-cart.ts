import { api } from '../../../lib/api-client.ts';
import type { WholesaleCartLine } from '../../../stores/wholesale-cart-store.ts';
import type { CartIssue, Envelope } from './contracts.ts';

export interface CartValidation {
  valid: boolean;
  issues: CartIssue[];
  total_cents: number;
  total: number;
}

export function toCartItems(lines: readonly WholesaleCartLine[]) {
  return lines.map((l) => ({
    item_id: l.itemId,
    fundraiser_id: l.fundraiserId,
    name: l.name,
    quantity: l.quantity,
    price_cents: l.priceCents,
    line_total_cents: l.priceCents * l.quantity,
    selected_options: l.options ?? {},
  }));
}

/** POST /wholesale/cart/validate: every issue of the cart, priced by the server. */
export function validateCart(lines: readonly WholesaleCartLine[]): Promise<Envelope<CartValidation>> {
  return api.post<Envelope<CartValidation>>('/wholesale/cart/validate', { cart_items: toCartItems(lines) });
}
