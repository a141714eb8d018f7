import { beforeEach, describe, expect, it } from 'vitest';
import { addWholesaleLine, cartFundraiserOf, migrateWholesaleCart, setWholesaleQuantity } from './wholesale-cart-actions.ts';
import { useWholesaleCartStore } from './wholesale-cart-store.ts';

const tigers = { id: 1, name: 'Tamuning Tigers', slug: 'tamuning-tigers' };
const choir = { id: 2, name: 'St. Anthony Choir', slug: 'st-anthony-choir' };
const tee = { itemId: 10, fundraiserId: 1, name: 'Tee', priceCents: 2500, quantity: 1, options: { '5': [51] } };

describe('the fundraiser cart (wholesale.md §4)', () => {
  beforeEach(() => useWholesaleCartStore.setState({ items: [] }));

  it('belongs to one fundraiser: another fundraiser is refused', () => {
    expect(addWholesaleLine(tee, tigers)).toBe('added');
    expect(addWholesaleLine({ ...tee, itemId: 20, fundraiserId: 2 }, choir)).toBe('conflict');
    expect(useWholesaleCartStore.getState().items).toHaveLength(1);
    expect(cartFundraiserOf(useWholesaleCartStore.getState().items)).toEqual({ id: 1, name: 'Tamuning Tigers', slug: 'tamuning-tigers' });
  });

  it('merges identical lines (options in any order), up to the stock it knows', () => {
    addWholesaleLine({ ...tee, options: { '5': [51], '6': [61, 62] }, maxQuantity: 3 }, tigers);
    addWholesaleLine({ ...tee, options: { '6': [62, 61], '5': [51] }, quantity: 5, maxQuantity: 3 }, tigers);
    addWholesaleLine({ ...tee, options: { '5': [52] } }, tigers);
    const items = useWholesaleCartStore.getState().items;
    expect(items.map((l) => l.quantity)).toEqual([3, 1]);
  });

  it('removes a line at 0 and the fundraiser with the last line', () => {
    addWholesaleLine(tee, tigers);
    const [line] = useWholesaleCartStore.getState().items;
    setWholesaleQuantity(line!.id, 0);
    expect(useWholesaleCartStore.getState().items).toEqual([]);
    expect(cartFundraiserOf(useWholesaleCartStore.getState().items)).toBeNull();
    expect(addWholesaleLine({ ...tee, fundraiserId: 2 }, choir)).toBe('added');
  });

  it('clears a cart stored in an old option format', () => {
    useWholesaleCartStore.setState({ items: [{ ...tee, id: 'x', options: [51, 52] as unknown as Record<string, number[]> }] });
    migrateWholesaleCart();
    expect(useWholesaleCartStore.getState().items).toEqual([]);
    useWholesaleCartStore.setState({ items: [{ ...tee, id: 'y' }] });
    migrateWholesaleCart();
    expect(useWholesaleCartStore.getState().items).toHaveLength(1);
  });
});
