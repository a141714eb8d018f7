import { create } from 'zustand';
import { persisted } from '../lib/persisted.ts';

/**
 * The regular cart. Only what the header's badge needs lives here, so the home route's first
 * download stays small; the cart's actions (add, remove, quantity, notes, clear) are in
 * cart-actions.ts, loaded with the screens that change the cart.
 *
 * A regular cart line (storefront.md §3): price is the base plus paid add-ons (dollars, as the
 * spec stores it; the server re-prices every line at checkout), customizations maps a group name
 * to the chosen option names. selectedOptions keeps the ids the server needs (group id → option
 * ids); together with the item id they are the line's identity, so the same dish with different
 * choices is two lines and the same choices again add to one line.
 */
export interface CartItem {
  id: number;
  name: string;
  price: number;
  quantity: number;
  image?: string | null;
  notes?: string;
  customizations?: Record<string, string[]>;
  selectedOptions?: Record<string, number[]>;
  type?: 'food' | 'merchandise';
  variant_id?: number;
  variant_details?: { size?: string; color?: string };
}

interface CartState {
  cartItems: CartItem[];
  setCartItems(items: CartItem[]): void;
}

/** The spec keeps the regular cart in local storage as cartItems. */
export const CART_STORAGE_KEY = 'cartItems';

export const useCartStore = create<CartState>()(
  persisted(
    (set) => ({
      cartItems: [],
      setCartItems: (cartItems) => set({ cartItems }),
    }),
    {
      name: CART_STORAGE_KEY,
      partialize: ({ cartItems }) => ({ cartItems }),
    },
  ),
);

export function countItems(items: ReadonlyArray<{ quantity: number }>): number {
  return items.reduce((sum, item) => sum + (Number.isFinite(item.quantity) ? item.quantity : 0), 0);
}

/** The header badge's number: total quantity, not lines. */
export const selectCartCount = (state: CartState): number => countItems(state.cartItems);
