import { describe, expect, it } from 'vitest';
import { merchandiseItem } from '../../../test/storefront-fixtures.tsx';
import { applyFilters, bucketsFor, EMPTY_FILTERS, filterChips, readFilters, writeFilters } from './merchandise-filters.ts';

const tee = merchandiseItem({ id: 1, name: 'Tee' }, [
  ['M', 'Black', 0],
  ['M', 'Red', 2],
  ['L', 'Black', 5, 300],
]);
const hat = merchandiseItem({ id: 2, name: 'Hat', base_price_cents: 11000 }, [[null, 'Black', 1]]);

describe('merchandise filters', () => {
  it('reads only valid values from the query and writes them back without touching other parameters', () => {
    const filters = readFilters(new URLSearchParams('size=L&size=xs&size=L&color=Red&max=55&price=25-50&stock=soon'));
    expect(filters).toEqual({ sizes: ['xs', 'L'], colors: ['Red'], priceMax: 100, bucket: '25-50', availability: null });
    expect(readFilters(new URLSearchParams('max=40&stock=out_of_stock')).priceMax).toBe(40);
    const written = writeFilters(new URLSearchParams('collection=2&item=7&size=S'), { ...EMPTY_FILTERS, sizes: ['M'], priceMax: 30, availability: 'in_stock' });
    expect(written.toString()).toBe('collection=2&item=7&size=M&max=30&stock=in_stock');
  });

  it('matches per variant: size, colour, price and stock must hold for the same variant', () => {
    const buckets = bucketsFor([tee, hat]);
    const names = (query: string) => applyFilters([tee, hat], readFilters(new URLSearchParams(query)), buckets).map((item) => item.name);
    expect(names('size=M&color=Black')).toEqual(['Tee']);
    expect(names('size=M&color=Black&stock=in_stock')).toEqual([]);
    expect(names('size=M&color=Black&stock=out_of_stock')).toEqual(['Tee']);
    expect(names('color=Black&max=20')).toEqual([]);
    expect(names('size=L&max=30')).toEqual(['Tee']);
    expect(names('price=100-')).toEqual(['Hat']);
    // A bucket the current items do not offer is ignored rather than hiding everything.
    expect(names('price=0-35')).toEqual(['Tee', 'Hat']);
    expect(filterChips(readFilters(new URLSearchParams('price=0-35')), buckets)).toEqual([]);
  });
});
