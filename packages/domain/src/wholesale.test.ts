import { describe, expect, it } from 'vitest';
import {
  addToCartProblems,
  canTransition,
  checkoutFieldErrors,
  CheckoutCustomerInput,
  checkWholesaleCart,
  fixCart,
  fixResultMessage,
  generateVariants,
  goalProgress,
  isCurrentCartFormat,
  itemAvailableQuantity,
  optionSoldOut,
  orderStatusMessage,
  sameSelection,
  selectionComplete,
  selectionProblems,
  stockHint,
  toggleWholesaleOption,
  variantKey,
  wholesaleUnitPrice,
  type RuleItem,
} from './wholesale.ts';

function item(over: Partial<RuleItem> = {}): RuleItem {
  return {
    id: 1,
    fundraiserId: 10,
    name: 'Tee',
    description: '',
    sku: 'TEE',
    priceCents: 2000,
    active: true,
    inventoryMode: 'none',
    stockQuantity: 0,
    damagedQuantity: 0,
    lowStockThreshold: null,
    groups: [],
    variants: [],
    ...over,
  };
}

const size = {
  id: 5,
  name: 'Size',
  minSelect: 1,
  maxSelect: 1,
  enableInventoryTracking: false,
  options: [
    { id: 51, name: 'M', additionalPriceCents: 0, available: true, stockQuantity: 0, damagedQuantity: 0 },
    { id: 52, name: 'XL', additionalPriceCents: 300, available: true, stockQuantity: 0, damagedQuantity: 0 },
  ],
};
const colour = {
  id: 6,
  name: 'Colour',
  minSelect: 1,
  maxSelect: 1,
  enableInventoryTracking: false,
  options: [
    { id: 61, name: 'Red', additionalPriceCents: 0, available: true, stockQuantity: 0, damagedQuantity: 0 },
    { id: 62, name: 'Blue', additionalPriceCents: 100, available: false, stockQuantity: 0, damagedQuantity: 0 },
  ],
};
const current = { id: 10, current: true };

describe('variant keys', () => {
  it('are the option ids ascending, whatever the order of choice', () => {
    expect(variantKey([61, 51])).toBe('51-61');
    expect(variantKey([51, 61, 51])).toBe('51-61');
  });
  it('are generated for every combination of one option per group', () => {
    expect(generateVariants([size, colour])).toEqual([
      { variantKey: '51-61', variantName: 'M / Red' },
      { variantKey: '51-62', variantName: 'M / Blue' },
      { variantKey: '52-61', variantName: 'XL / Red' },
      { variantKey: '52-62', variantName: 'XL / Blue' },
    ]);
  });
  it('selections compare by content', () => {
    expect(sameSelection({ 5: [52], 6: [] }, { '5': [52] })).toBe(true);
    expect(sameSelection({ 5: [52] }, { 5: [51] })).toBe(false);
  });
});

describe('option selection (§5)', () => {
  const multi = { ...size, id: 7, minSelect: 2, maxSelect: 3 };
  it('names the spec messages', () => {
    expect(selectionProblems([size], {})).toEqual({ 5: 'Please select an option' });
    expect(selectionProblems([multi], { 7: [51] })).toEqual({ 7: 'Please select at least 2 options' });
    expect(selectionProblems([{ ...size, maxSelect: 1 }], { 5: [51, 52] })).toEqual({ 5: 'Please select no more than 1 options' });
    expect(selectionProblems([size], { 5: [51] })).toEqual({});
  });
  it('drops the oldest choice beyond max', () => {
    expect(toggleWholesaleOption([51], 52, 1)).toEqual([52]);
    expect(toggleWholesaleOption([51, 52], 53, 2)).toEqual([52, 53]);
    expect(toggleWholesaleOption([51, 52], 51, 2)).toEqual([52]);
  });
  it('Add to Cart waits for every required group', () => {
    expect(selectionComplete([size, colour], { 5: [51] })).toBe(false);
    expect(selectionComplete([size, colour], { 5: [51], 6: [61] })).toBe(true);
  });
  it('prices base plus chosen options', () => {
    expect(wholesaleUnitPrice(item({ groups: [size, colour] }), { 5: [52], 6: [61] })).toBe(2300);
  });
});

describe('stock checks before adding (§5)', () => {
  it('item mode', () => {
    const tee = item({ inventoryMode: 'item', stockQuantity: 5, damagedQuantity: 2 });
    expect(itemAvailableQuantity(tee)).toBe(3);
    expect(addToCartProblems(tee, {}, 2)).toEqual([]);
    expect(addToCartProblems(tee, {}, 2, 2)).toEqual(["Tee has only 3 available (you're trying to add 4)"]);
    expect(addToCartProblems(item({ inventoryMode: 'item' }), {}, 1)).toEqual(['Tee is out of stock']);
  });
  it('option mode counts the options of tracked groups', () => {
    const tracked = { ...size, enableInventoryTracking: true, options: [{ ...size.options[0]!, stockQuantity: 1 }, size.options[1]!] };
    const tee = item({ inventoryMode: 'option', groups: [tracked] });
    expect(addToCartProblems(tee, { 5: [51] }, 1)).toEqual([]);
    expect(addToCartProblems(tee, { 5: [51] }, 2)).toEqual(["Tee (M) has only 1 available (you're trying to add 2)"]);
    expect(addToCartProblems(tee, { 5: [52] }, 1)).toEqual(['Tee (XL) is out of stock']);
  });
  it('variant mode by variant key', () => {
    const tee = item({
      inventoryMode: 'variant',
      groups: [size, colour],
      variants: [
        { id: 1, variantKey: '51-61', variantName: 'M / Red', active: true, stockQuantity: 2, damagedQuantity: 0, lowStockThreshold: null },
        { id: 2, variantKey: '52-61', variantName: 'XL / Red', active: false, stockQuantity: 9, damagedQuantity: 0, lowStockThreshold: null },
      ],
    });
    expect(addToCartProblems(tee, { 5: [51], 6: [61] }, 3)).toEqual(["Tee (M / Red) has only 2 available (you're trying to add 3)"]);
    expect(addToCartProblems(tee, { 5: [52], 6: [61] }, 1)).toEqual(['variant is no longer available']);
    expect(addToCartProblems(tee, { 5: [51], 6: [62] }, 1)).toEqual(['M / Blue is not available for Tee']);
  });
  it('an option without stock cannot be chosen: option mode by its own stock, variant mode when no active variant with stock holds it', () => {
    const tracked = { ...size, enableInventoryTracking: true, options: [{ ...size.options[0]!, stockQuantity: 2, damagedQuantity: 2 }, { ...size.options[1]!, stockQuantity: 1 }] };
    const byOption = item({ inventoryMode: 'option', groups: [tracked] });
    expect(tracked.options.map((o) => optionSoldOut(byOption, tracked, o))).toEqual([true, false]);
    expect(optionSoldOut(byOption, { enableInventoryTracking: false }, tracked.options[0]!)).toBe(false);
    const byVariant = item({
      inventoryMode: 'variant',
      groups: [size, colour],
      variants: [
        { id: 1, variantKey: '51-61', variantName: 'M / Red', active: true, stockQuantity: 2, damagedQuantity: 0, lowStockThreshold: null },
        { id: 2, variantKey: '52-61', variantName: 'XL / Red', active: false, stockQuantity: 9, damagedQuantity: 0, lowStockThreshold: null },
        { id: 3, variantKey: '52-62', variantName: 'XL / Blue', active: true, stockQuantity: 3, damagedQuantity: 3, lowStockThreshold: null },
      ],
    });
    expect([...size.options, ...colour.options].map((o) => optionSoldOut(byVariant, size, o))).toEqual([false, true, false, true]);
    expect(optionSoldOut(item(), size, size.options[0]!)).toBe(false);
  });
});

describe('stock hints (§5)', () => {
  it('show only near the limit', () => {
    expect(stockHint({ max: null, quantity: 1 })).toBeNull();
    expect(stockHint({ max: 50, quantity: 1 })).toBeNull();
    expect(stockHint({ max: 6, quantity: 2 })).toBe('4 more available');
    expect(stockHint({ max: 3, quantity: 3 })).toBe('Max reached');
    expect(stockHint({ max: 3, quantity: 1, loading: true })).toBe('Loading inventory...');
  });
});

describe('cart validation issues (§7, §8)', () => {
  const items = new Map<number, RuleItem>([
    [1, item({ inventoryMode: 'item', stockQuantity: 3 })],
    [2, item({ id: 2, name: 'Cap', active: false })],
    [3, item({ id: 3, name: 'Mug', groups: [colour] })],
  ]);
  it('names each type with its message', () => {
    const check = checkWholesaleCart(current, items, [
      { item_id: 1, quantity: 2, price_cents: 2000 },
      { item_id: 1, quantity: 2, price_cents: 2000 },
      { item_id: 2, quantity: 1 },
      { item_id: 99, quantity: 1, name: 'Gone' },
      { item_id: 3, quantity: 1, selected_options: { 6: [62] } },
      { item_id: 3, quantity: 1, price_cents: 1, selected_options: { 6: [61] } },
    ]);
    expect(check.issues.map((i) => [i.line, i.type])).toEqual([
      [1, 'insufficient_stock'],
      [2, 'item_inactive'],
      [3, 'item_not_found'],
      [4, 'option_unavailable'],
      [5, 'price_changed'],
    ]);
    expect(check.issues[0]!.message).toBe('Only 1 left, you have 2');
    expect(check.issues[4]).toMatchObject({ new_price_cents: 2000, new_price: 20 });
    expect(check.issues[4]!.message).toMatch(/^Price changed .* please review$/);
    // The line with a changed price is still priced from the catalog.
    expect(check.totalCents).toBe(2 * 2000 + 2000);
  });
  it('refuses every line of a fundraiser that is not current', () => {
    const check = checkWholesaleCart({ id: 10, current: false }, items, [{ item_id: 1, quantity: 1 }]);
    expect(check.issues).toMatchObject([{ type: 'fundraiser_inactive', message: 'This fundraiser is no longer accepting orders' }]);
  });
  it('refuses an item of another fundraiser', () => {
    const check = checkWholesaleCart({ id: 11, current: true }, items, [{ item_id: 1, quantity: 1 }]);
    expect(check.issues[0]!.type).toBe('fundraiser_inactive');
  });
  it('variant types', () => {
    const tee = item({
      id: 4,
      inventoryMode: 'variant',
      groups: [size],
      variants: [{ id: 7, variantKey: '51', variantName: 'M', active: true, stockQuantity: 0, damagedQuantity: 0, lowStockThreshold: null }],
    });
    const check = checkWholesaleCart(current, new Map([[4, tee]]), [
      { item_id: 4, quantity: 1, selected_options: { 5: [51] } },
      { item_id: 4, quantity: 1, selected_options: { 5: [52] } },
    ]);
    expect(check.issues.map((i) => i.type)).toEqual(['variant_out_of_stock', 'variant_unavailable']);
    expect(check.issues[0]).toMatchObject({ variant_id: 7, variant_key: '51', variant_name: 'M' });
  });
});

describe('Fix Cart Automatically', () => {
  it('removes, lowers and reprices', () => {
    const lines = [
      { id: 'a', quantity: 4, priceCents: 100 },
      { id: 'b', quantity: 1, priceCents: 100 },
      { id: 'c', quantity: 1, priceCents: 100 },
    ];
    const result = fixCart(lines, [
      { type: 'insufficient_stock', line: 0, available: 2 },
      { type: 'out_of_stock', line: 1, available: 0 },
      { type: 'price_changed', line: 2, new_price_cents: 150 },
    ]);
    expect(result.lines).toEqual([
      { id: 'a', quantity: 2, priceCents: 100 },
      { id: 'c', quantity: 1, priceCents: 150 },
    ]);
    expect(fixResultMessage(result)).toBe('✓ Cart fixed! Removed 1, adjusted 1, price updated 1.');
    expect(fixResultMessage(fixCart(lines, []))).toBe('Your cart is already up to date!');
  });
  it('clears carts stored in an old option format', () => {
    expect(isCurrentCartFormat([{ options: { 5: [51] } }])).toBe(true);
    expect(isCurrentCartFormat([{ options: [51, 52] }])).toBe(false);
    expect(isCurrentCartFormat([{ options: { 5: '51,52' } }])).toBe(false);
  });
});

describe('orders', () => {
  it('status messages and legal transitions', () => {
    expect(orderStatusMessage('fulfilled')).toBe('Your order is ready for pickup!');
    expect(orderStatusMessage('weird')).toBe('Order status is being updated.');
    expect(canTransition('confirmed', 'fulfilled')).toBe(true);
    expect(canTransition('fulfilled', 'cancelled')).toBe(false);
    expect(canTransition('cancelled', 'confirmed')).toBe(false);
  });
  it('checkout field rules', () => {
    expect(checkoutFieldErrors({})).toEqual({
      customerName: 'Name is required',
      customerEmail: 'Email is required',
      customerPhone: 'Phone number is required',
      pickupLocation: 'Pickup location is required',
    });
    expect(checkoutFieldErrors({ customerName: 'A', customerEmail: 'nope', customerPhone: '+16715551234', pickupLocation: 'restaurant' })).toEqual({
      customerEmail: 'Please enter a valid email address',
    });
  });
  it('checkout phones follow the platform rule (decision 0031): international numbers pass, others get the spec message', () => {
    for (const phone of ['+81 90 1234 5678', '+82 10 1234 5678', '+1 671 555 1234', '+16715551234']) {
      expect(checkoutFieldErrors({ customerName: 'A', customerEmail: 'a@b.co', customerPhone: phone, pickupLocation: 'restaurant' }), phone).toEqual({});
    }
    expect(checkoutFieldErrors({ customerName: 'A', customerEmail: 'a@b.co', customerPhone: '12345', pickupLocation: 'restaurant' }).customerPhone).toMatch(/^Phone must be \+/);
    const parsed = CheckoutCustomerInput.parse({ customerName: 'A', customerEmail: 'a@b.co', customerPhone: '+81 90 1234 5678', shippingAddress: 'Pickup: Gym' });
    expect(parsed.customerPhone).toBe('+819012345678');
  });
  it('goal progress is bounded', () => {
    expect(goalProgress(5000, 20000)).toBe(25);
    expect(goalProgress(30000, 20000)).toBe(100);
    expect(goalProgress(-100, 20000)).toBe(0);
    expect(goalProgress(100, null)).toBeNull();
  });
});
