import { create } from 'zustand';
import { persisted } from '../lib/persisted.ts';

/**
 * The fundraiser cart (wholesale.md §3 Cart line), persisted in local storage. The header needs
 * only the lines and their count, and this file is on the home route's first download: the
 * cart's rules and changes live in wholesale-cart-actions.ts. The cart's fundraiser is the one
 * its lines carry (one fundraiser per cart).
 */
export interface WholesaleCartLine {
  id: string;
  itemId: number;
  fundraiserId: number;
  /** The cart's fundraiser as shown (Supporting: …); looked up from the list when missing. */
  fundraiserName?: string;
  fundraiserSlug?: string;
  name: string;
  description?: string;
  sku?: string | null;
  /** Dollars, as the spec's cart line has it; priceCents is what the app computes with. */
  price?: number;
  priceCents: number;
  imageUrl?: string | null;
  quantity: number;
  /** Group id → option ids. */
  options?: Record<string, number[]>;
  /** Group name → option names. */
  selectedOptions?: Record<string, string[]>;
  /** The most a line of this selection can hold (stock), when known. */
  maxQuantity?: number | null;
  addedAt?: string;
  updatedAt?: string;
}

interface WholesaleCartState {
  items: WholesaleCartLine[];
  setItems(items: WholesaleCartLine[]): void;
}

const WHOLESALE_CART_STORAGE_KEY = 'wholesaleCart';

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
