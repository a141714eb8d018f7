import type { MenuItemOutput } from '@kusina/domain/menu';
import { addCartItem } from '../../../stores/cart-actions.ts';
import { useCartStore } from '../../../stores/cart-store.ts';
import { stockProblem } from '../../../lib/cart-stock.ts';

/**
 * Puts one of an item without option groups into the cart, unless the cart already holds all the
 * stock there is. Returns the problem to show, or null when it was added. Loaded on first use
 * (use-choose-menu-item.ts), so the cart rules stay off the home route's first download.
 */
export function addItemWithoutOptions(item: MenuItemOutput): string | null {
  const stock = stockProblem(useCartStore.getState().cartItems, item, {}, 1);
  if (stock) return stock;
  addCartItem({ id: item.id, name: item.name, price: item.price_cents / 100, quantity: 1, image: item.image, customizations: {}, selectedOptions: {}, type: 'food' });
  return null;
}
