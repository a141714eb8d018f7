import { describe, expect, it } from 'vitest';
import { groupCharge, toggleOption, unitPrice, validateSelection, type PricedGroup } from './pricing.ts';

const sauces: PricedGroup = {
  id: 1,
  name: 'Sauces',
  minSelect: 1,
  maxSelect: 3,
  freeOptionCount: 1,
  options: [
    { id: 10, name: 'Finadene', additionalPriceCents: 50 },
    { id: 11, name: 'Spicy mayo', additionalPriceCents: 150 },
    { id: 12, name: 'Guava BBQ', additionalPriceCents: null },
  ],
};
const size: PricedGroup = {
  id: 2,
  name: 'Size',
  minSelect: 1,
  maxSelect: 1,
  freeOptionCount: 0,
  options: [
    { id: 20, name: 'Regular', additionalPriceCents: 0 },
    { id: 21, name: 'Large', additionalPriceCents: 300 },
  ],
};

describe('option pricing (storefront.md §5)', () => {
  it('treats a missing add-on price as $2', () => {
    expect(groupCharge([{ additionalPriceCents: null }], 0)).toBe(200);
    expect(groupCharge([{ additionalPriceCents: undefined }], 0)).toBe(200);
  });

  it('makes the most expensive chosen options the free ones', () => {
    // Chosen: 50, 150, 200 (default); one free → the $2 one is free, 50 + 150 charged.
    expect(groupCharge(sauces.options, 1)).toBe(200);
    expect(groupCharge(sauces.options, 2)).toBe(50);
    expect(groupCharge(sauces.options, 5)).toBe(0);
    expect(groupCharge(sauces.options, 0)).toBe(400);
  });

  it('computes the unit price and the customizations map', () => {
    const price = unitPrice(1295, [sauces, size], { 1: [10, 12], 2: [21] });
    expect(price).toEqual({
      unitPriceCents: 1295 + 50 + 300,
      optionsCents: 350,
      customizations: { Sauces: ['Finadene', 'Guava BBQ'], Size: ['Large'] },
    });
  });
});

describe('selection rules', () => {
  it('enforces min and max with the spec message', () => {
    expect(validateSelection([sauces, size], { 2: [20] })).toEqual([{ groupId: 1, message: 'Please select at least 1 option(s).' }]);
    expect(validateSelection([size], { 2: [20, 21] })).toEqual([{ groupId: 2, message: 'Size: choose at most 1.' }]);
    expect(validateSelection([sauces, size], { 1: [10], 2: [21] })).toEqual([]);
  });

  it('rejects options of another group, duplicates and unknown groups', () => {
    expect(validateSelection([sauces], { 1: [20] })[0]?.message).toBe('Sauces: that option is not offered.');
    expect(validateSelection([sauces], { 1: [10, 10] })[0]?.message).toBe('Sauces: an option was chosen twice.');
    expect(validateSelection([sauces], { 1: [10], 99: [1] })[0]?.message).toBe('That option group does not belong to this item.');
  });

  it('drops the oldest choice when max is reached, and toggles off', () => {
    expect(toggleOption([10, 11, 12], 13, 3)).toEqual([11, 12, 13]);
    expect(toggleOption([20], 21, 1)).toEqual([21]);
    expect(toggleOption([10, 11], 10, 3)).toEqual([11]);
  });
});
