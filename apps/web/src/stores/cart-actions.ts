import { useCartStore, type CartItem } from './cart-store.ts';

/*
 * The regular cart's actions (zustand's "actions outside the store" pattern): the header only
 * reads the count, so these load with the screens that change the cart, not on the home route.
 */

/** The line's identity: item id + chosen option ids (merchandise: item id + variant id). */
export function cartLineKey(item: Pick<CartItem, 'id' | 'type' | 'variant_id' | 'selectedOptions'>): string {
  if (item.type === 'merchandise') return `merchandise:${item.id}:${item.variant_id ?? ''}`;
  const groups = Object.entries(item.selectedOptions ?? {})
    .filter(([, ids]) => ids.length > 0)
    .map(([groupId, ids]) => `${groupId}=${[...ids].sort((a, b) => a - b).join(',')}`)
    .sort();
  return `food:${item.id}:${groups.join(';')}`;
}

function update(change: (cartItems: CartItem[]) => CartItem[]): void {
  useCartStore.setState(({ cartItems }) => ({ cartItems: change(cartItems) }));
}

/**
 * Adds the line, or raises the quantity of the line with the same identity (a new note replaces the
 * old one). With `maxQuantity` (a merchandise variant's stock) the merged line never goes past it.
 */
export function addCartItem(item: CartItem, { maxQuantity }: { maxQuantity?: number } = {}): void {
  const key = cartLineKey(item);
  const cap = (quantity: number) => (maxQuantity === undefined ? quantity : Math.min(quantity, Math.max(1, Math.floor(maxQuantity))));
  const quantity = cap(Math.max(1, Math.floor(item.quantity)));
  update((cartItems) => {
    const existing = cartItems.find((line) => cartLineKey(line) === key);
    if (!existing) return [...cartItems, { ...item, quantity }];
    return cartItems.map((line) =>
      line === existing ? { ...line, quantity: cap(line.quantity + quantity), notes: item.notes?.trim() ? item.notes : line.notes } : line,
    );
  });
}

export function removeCartItem(key: string): void {
  update((cartItems) => cartItems.filter((line) => cartLineKey(line) !== key));
}

/** A quantity below 1 removes the line. */
export function updateCartItemQuantity(key: string, quantity: number): void {
  update((cartItems) =>
    quantity < 1
      ? cartItems.filter((line) => cartLineKey(line) !== key)
      : cartItems.map((line) => (cartLineKey(line) === key ? { ...line, quantity: Math.floor(quantity) } : line)),
  );
}

export function updateCartItemNotes(key: string, notes: string): void {
  update((cartItems) => cartItems.map((line) => (cartLineKey(line) === key ? { ...line, notes } : line)));
}

export function clearCart(): void {
  useCartStore.setState({ cartItems: [] });
}
