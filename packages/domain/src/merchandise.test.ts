import { describe, expect, it } from 'vitest';
import {
  addedToCartMessage,
  clampQuantity,
  colorsForSize,
  inPriceBucket,
  isSizeAvailable,
  itemAvailableQuantity,
  lowStockNotice,
  MarkAsDamagedInput,
  MerchandiseItemCreateInput,
  MerchandiseItemUpdateInput,
  merchandiseStockLabel,
  merchandiseStockStatus,
  priceBuckets,
  sortedSizes,
  UpdateStockInput,
  variantAvailableQuantity,
  variantLabel,
  variantPriceCents,
} from './merchandise.ts';

describe('merchandise stock rules', () => {
  it('counts stock − damaged per variant and sums them per item; untracked is null', () => {
    expect(variantAvailableQuantity({ stockQuantity: 10, damagedQuantity: 3 }, true)).toBe(7);
    expect(variantAvailableQuantity({ stockQuantity: 10, damagedQuantity: 3 }, false)).toBeNull();
    const variants = [
      { stockQuantity: 5, damagedQuantity: 1 },
      { stockQuantity: 0, damagedQuantity: 0 },
      { stockQuantity: 2, damagedQuantity: 2 },
    ];
    expect(itemAvailableQuantity(variants, true)).toBe(4);
    expect(itemAvailableQuantity(variants, false)).toBeNull();
  });

  it('classifies stock status with the merchandise low threshold at 3', () => {
    expect(merchandiseStockStatus(0)).toBe('out_of_stock');
    expect(merchandiseStockStatus(1)).toBe('low_stock');
    expect(merchandiseStockStatus(3)).toBe('low_stock');
    expect(merchandiseStockStatus(4)).toBe('in_stock');
    expect(merchandiseStockStatus(null)).toBe('in_stock');
  });

  it("shows 'N left' at 5 or fewer, 'N in stock' at 20 or fewer, and 999 when untracked", () => {
    expect(merchandiseStockLabel(0)).toBe('Out of stock');
    expect(merchandiseStockLabel(5)).toBe('5 left');
    expect(merchandiseStockLabel(6)).toBe('6 in stock');
    expect(merchandiseStockLabel(20)).toBe('20 in stock');
    expect(merchandiseStockLabel(21)).toBeNull();
    expect(merchandiseStockLabel(null)).toBeNull();
    expect(lowStockNotice(3)).toBe('Only 3 left');
    expect(lowStockNotice(4)).toBeNull();
    expect(lowStockNotice(0)).toBeNull();
    expect(lowStockNotice(null)).toBeNull();
  });

  it('clamps the quick-view quantity between 1 and the stock, or 99 when unknown', () => {
    expect(clampQuantity(0, 5)).toBe(1);
    expect(clampQuantity(7, 5)).toBe(5);
    expect(clampQuantity(150, null)).toBe(99);
    expect(clampQuantity(2.7, null)).toBe(2);
    expect(clampQuantity(Number.NaN, 4)).toBe(1);
  });
});

describe('sizes, colours and prices', () => {
  const variants = [
    { size: 'XL', color: 'Black', available_quantity: 0 },
    { size: 'S', color: 'Black', available_quantity: 4 },
    { size: '5XL', color: 'Navy', available_quantity: 1 },
    { size: 'S', color: 'Red', available_quantity: 2 },
    { size: 'XS', color: 'Black', available_quantity: null },
    { size: '2XL', color: 'Black', available_quantity: 3 },
  ];

  it('orders sizes XS … 5XL', () => {
    expect(sortedSizes(variants)).toEqual(['XS', 'S', 'XL', '2XL', '5XL']);
    expect(sortedSizes([{ size: 'One' }, { size: 'M' }, { size: null }])).toEqual(['M', 'One']);
  });

  it('disables a size without stock and lists the colours of a size', () => {
    expect(isSizeAvailable(variants, 'XL')).toBe(false);
    expect(isSizeAvailable(variants, 'XS')).toBe(true);
    expect(colorsForSize(variants, 'S')).toEqual(['Black', 'Red']);
    expect(colorsForSize(variants, '5XL')).toEqual(['Navy']);
  });

  it('makes one price bucket up to 25 and four above', () => {
    expect(priceBuckets([12, 22.5])).toEqual([{ label: '$0 - $25', min: 0, max: 25, includeMax: true }]);
    expect(priceBuckets([4, 9])).toEqual([{ label: '$0 - $10', min: 0, max: 10, includeMax: true }]);
    const four = priceBuckets([12, 26, 140]);
    expect(four.map((b) => b.label)).toEqual(['$0 - $25', '$25 - $50', '$50 - $100', '$100+']);
    expect(inPriceBucket(25, four[0]!)).toBe(false);
    expect(inPriceBucket(25, four[1]!)).toBe(true);
    expect(inPriceBucket(140, four[3]!)).toBe(true);
    expect(inPriceBucket(10, priceBuckets([4, 9])[0]!)).toBe(true);
  });

  it('prices a variant from base plus adjustment, never below 0', () => {
    expect(variantPriceCents(2500, 300)).toBe(2800);
    expect(variantPriceCents(500, -800)).toBe(0);
    expect(variantLabel({ size: 'M', color: 'Navy' })).toBe('M / Navy');
    expect(variantLabel({ size: null, color: null })).toBe('One size');
    expect(addedToCartMessage('Kusina Tee', 2)).toBe('Added 2 Kusina Tee to cart');
    expect(addedToCartMessage('Kusina Tee', 1)).toBe('Added Kusina Tee to cart');
  });
});

describe('merchandise inputs', () => {
  it('reads multipart text as numbers, booleans and blanks', () => {
    const parsed = MerchandiseItemCreateInput.parse({
      name: ' Latte Stone Tee ',
      base_price: '24.99',
      hidden: 'true',
      merchandise_collection_id: '',
      category_name: '',
      variants: '[{"size":"M","color":"Black","price_adjustment":"2","stock_quantity":"4"}]',
    });
    expect(parsed).toMatchObject({ name: 'Latte Stone Tee', base_price: 24.99, hidden: true, merchandise_collection_id: null, category_name: null });
    expect(parsed.variants).toEqual([{ size: 'M', color: 'Black', price_adjustment: 2, stock_quantity: 4 }]);
  });

  it('rejects bad prices, quantities and missing reasons', () => {
    expect(MerchandiseItemCreateInput.safeParse({ name: 'X', base_price: '1.999' }).success).toBe(false);
    expect(MerchandiseItemCreateInput.safeParse({ name: 'X', base_price: '-1' }).success).toBe(false);
    expect(MerchandiseItemCreateInput.safeParse({ name: '', base_price: 1 }).success).toBe(false);
    expect(MerchandiseItemUpdateInput.safeParse({ image_url: 'javascript:alert(1)' }).success).toBe(false);
    expect(MerchandiseItemUpdateInput.safeParse({ variants: [{ stock_quantity: 1, damaged_quantity: 2 }] }).success).toBe(false);
    expect(MarkAsDamagedInput.safeParse({ quantity: 0, reason: 'torn' }).success).toBe(false);
    expect(MarkAsDamagedInput.safeParse({ quantity: 1, reason: ' ' }).success).toBe(false);
    expect(UpdateStockInput.safeParse({ stock_quantity: -1, reason: 'count' }).success).toBe(false);
    expect(UpdateStockInput.parse({ stock_quantity: '12', reason: 'Recount', variant_id: '4' })).toEqual({ stock_quantity: 12, reason: 'Recount', variant_id: 4 });
  });
});
