import { create } from 'zustand';
import { persisted } from '../lib/persisted.ts';

/**
 * The fundraiser cart (wholesale.md §3), persisted in local storage. Only what the header needs
 * today — the lines and their count; the wholesale issue adds the rest of the cart.
 */
export interface WholesaleCartLine {
  id: string;
  itemId: number;
  fundraiserId: number;
  name: string;
  priceCents: number;
  quantity: number;
}

interface WholesaleCartState {
  items: WholesaleCartLine[];
  setItems(items: WholesaleCartLine[]): void;
}

export const WHOLESALE_CART_STORAGE_KEY = 'wholesaleCart';

export const useWholesaleCartStore = create<WholesaleCartState>()(
  persisted(
    (set) => ({
      items: [],
      setItems: (items) => set({ items }),
    }),
    {
      name: WHOLESALE_CART_STORAGE_KEY,
      partialize: ({ items }) => ({ items }),
    },
  ),
);

export const selectWholesaleCartCount = (state: WholesaleCartState): number =>
  state.items.reduce((sum, line) => sum + (Number.isFinite(line.quantity) ? line.quantity : 0), 0);
