import { useMemo } from 'react';
import { isCurrentCartFormat, sameSelection } from '@kusina/domain/wholesale-rules';
import { useWholesaleCartStore, type WholesaleCartLine } from './wholesale-cart-store.ts';

/**
 * The fundraiser cart's rules (wholesale.md §4): one fundraiser per cart (adding from another is
 * refused; the screen offers the Switch Fundraisers modal), identical lines merge, a quantity of 0
 * or less removes the line, and the cart's fundraiser goes with its last line.
 */
export type AddResult = 'added' | 'conflict';

export interface WholesaleCartFundraiser {
  id: number;
  name: string;
  slug: string;
}

function lineId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(16).slice(2)}`;
}

function capped(quantity: number, max: number | null | undefined): number {
  return max === null || max === undefined ? quantity : Math.min(quantity, max);
}

/** The cart's fundraiser: the one its lines belong to (null when empty; name missing for old carts). */
export function cartFundraiserOf(items: readonly WholesaleCartLine[]): { id: number; name: string | null; slug: string | null } | null {
  const first = items[0];
  return first ? { id: first.fundraiserId, name: first.fundraiserName ?? null, slug: first.fundraiserSlug ?? null } : null;
}

export function useCartFundraiser() {
  const items = useWholesaleCartStore((s) => s.items);
  return useMemo(() => cartFundraiserOf(items), [items]);
}

/** Adds a line; refused ('conflict') when the cart holds another fundraiser's items. Identical lines merge. */
export function addWholesaleLine(line: Omit<WholesaleCartLine, 'id' | 'addedAt' | 'updatedAt' | 'price' | 'fundraiserName' | 'fundraiserSlug'>, fundraiser: WholesaleCartFundraiser): AddResult {
  const { items, setItems } = useWholesaleCartStore.getState();
  if (items.some((l) => l.fundraiserId !== fundraiser.id)) return 'conflict';
  const now = new Date().toISOString();
  const full = { ...line, fundraiserId: fundraiser.id, fundraiserName: fundraiser.name, fundraiserSlug: fundraiser.slug, price: line.priceCents / 100 };
  const same = items.find((l) => l.itemId === line.itemId && sameSelection(l.options ?? {}, line.options ?? {}));
  setItems(
    same
      ? items.map((l) => (l === same ? { ...l, ...full, quantity: capped(l.quantity + line.quantity, line.maxQuantity), updatedAt: now } : l))
      : [...items, { ...full, id: lineId(), addedAt: now, updatedAt: now }],
  );
  return 'added';
}

/** A quantity of 0 or less removes the line. */
export function setWholesaleQuantity(id: string, quantity: number): void {
  const { items, setItems } = useWholesaleCartStore.getState();
  setItems(quantity <= 0 ? items.filter((l) => l.id !== id) : items.map((l) => (l.id === id ? { ...l, quantity, updatedAt: new Date().toISOString() } : l)));
}

export function removeWholesaleLine(id: string): void {
  setWholesaleQuantity(id, 0);
}

export function clearWholesaleCart(): void {
  useWholesaleCartStore.getState().setItems([]);
}

export function replaceWholesaleLines(items: WholesaleCartLine[]): void {
  useWholesaleCartStore.getState().setItems(items);
}

/** Names the cart's fundraiser on every line (a cart stored without it, looked up from the list). */
export function nameCartFundraiser(fundraiser: WholesaleCartFundraiser): void {
  const { items, setItems } = useWholesaleCartStore.getState();
  setItems(items.map((l) => (l.fundraiserId === fundraiser.id ? { ...l, fundraiserName: fundraiser.name, fundraiserSlug: fundraiser.slug } : l)));
}

export const selectWholesaleCartTotalCents = (state: { items: WholesaleCartLine[] }): number => state.items.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);

/**
 * A cart stored in an old option format (a list or comma-separated values instead of group id →
 * option ids) is cleared (§4). Runs once, when the first fundraiser screen loads this module (not
 * on the home page's download; local storage has been read by then).
 */
export function migrateWholesaleCart(): void {
  const { items } = useWholesaleCartStore.getState();
  if (!isCurrentCartFormat(items)) clearWholesaleCart();
}

migrateWholesaleCart();
