import { describe, expect, it } from 'vitest';
import {
  cardBrand,
  cardProblems,
  CartLineInput,
  checkCart,
  ContactInput,
  estimatedPickupTime,
  luhnValid,
  paymentFailedMessage,
  pickupEstimate,
  quoteLines,
  type CartLine,
  type CatalogItem,
  type CatalogVariant,
  type MerchandiseCatalog,
} from './checkout.ts';

const GUAM = 'Pacific/Guam';
// 2026-03-04 10:00 UTC is Wednesday 2026-03-04 20:00 in Guam; 15:00 UTC is already Thursday there.
const WEDNESDAY_EVENING = new Date('2026-03-04T10:00:00Z');
const THURSDAY_MORNING = new Date('2026-03-04T15:00:00Z');

function item(overrides: Partial<CatalogItem> = {}): CatalogItem {
  return {
    id: 1,
    name: 'Spam Musubi',
    priceCents: 400,
    available: true,
    enableStockTracking: false,
    stockQuantity: 0,
    damagedQuantity: 0,
    advanceNoticeHours: 0,
    availableDays: [0, 1, 2, 3, 4, 5, 6],
    availableUntil: null,
    optionGroups: [],
    ...overrides,
  };
}

const catalogOf = (...items: CatalogItem[]) => new Map(items.map((i) => [i.id, i]));

describe('checkCart', () => {
  it('prices lines with the shared rules: most expensive options free, $2 when no price', () => {
    const plate = item({
      priceCents: 1500,
      optionGroups: [
        {
          id: 10,
          name: 'Sides',
          minSelect: 0,
          maxSelect: 3,
          freeOptionCount: 2,
          enableInventoryTracking: false,
          options: [
            { id: 100, name: 'Mac salad', additionalPriceCents: 300, available: true, stockQuantity: 0, damagedQuantity: 0 },
            { id: 101, name: 'Rice', additionalPriceCents: 100, available: true, stockQuantity: 0, damagedQuantity: 0 },
            { id: 102, name: 'Kimchi', additionalPriceCents: null, available: true, stockQuantity: 0, damagedQuantity: 0 },
          ],
        },
      ],
    });
    const result = checkCart([{ menu_item_id: 1, quantity: 3, selected_options: { '10': [100, 101, 102] } }], catalogOf(plate), WEDNESDAY_EVENING, GUAM);
    // Free: Mac salad ($3) and Kimchi ($2 default); charged: Rice ($1).
    expect(result.lines[0]).toMatchObject({ unitPriceCents: 1600, lineTotalCents: 4800, selectedOptionIds: [100, 101, 102] });
    expect(result.foodSubtotalCents).toBe(4800);
    expect(result.issues).toEqual([]);
    expect(result.itemDemand.size).toBe(0);
  });

  it("judges 'today' in the restaurant's zone, not the server's", () => {
    const wednesdaysOnly = item({ availableDays: [3] });
    expect(checkCart([{ menu_item_id: 1, quantity: 1, selected_options: {} }], catalogOf(wednesdaysOnly), WEDNESDAY_EVENING, GUAM).issues).toEqual([]);
    expect(checkCart([{ menu_item_id: 1, quantity: 1, selected_options: {} }], catalogOf(wednesdaysOnly), THURSDAY_MORNING, GUAM).issues).toEqual([
      { line: 0, menu_item_id: 1, code: 'unavailable_today', message: 'Spam Musubi is not available today.' },
    ]);
    const lastDayWednesday = item({ availableUntil: '2026-03-04' });
    expect(checkCart([{ menu_item_id: 1, quantity: 1, selected_options: {} }], catalogOf(lastDayWednesday), WEDNESDAY_EVENING, GUAM).issues).toEqual([]);
    expect(checkCart([{ menu_item_id: 1, quantity: 1, selected_options: {} }], catalogOf(lastDayWednesday), THURSDAY_MORNING, GUAM).issues).toHaveLength(1);
  });

  it('counts stock across lines, and exactly at the limit is fine', () => {
    const tracked = item({ enableStockTracking: true, stockQuantity: 6, damagedQuantity: 1 });
    const ok = checkCart(
      [
        { menu_item_id: 1, quantity: 2, selected_options: {} },
        { menu_item_id: 1, quantity: 3, selected_options: {} },
      ],
      catalogOf(tracked),
      WEDNESDAY_EVENING,
      GUAM,
    );
    expect(ok.issues).toEqual([]);
    expect(ok.itemDemand.get(1)).toBe(5);
    const over = checkCart(
      [
        { menu_item_id: 1, quantity: 2, selected_options: {} },
        { menu_item_id: 1, quantity: 4, selected_options: {} },
      ],
      catalogOf(tracked),
      WEDNESDAY_EVENING,
      GUAM,
    );
    expect(over.issues).toEqual([{ line: 1, menu_item_id: 1, code: 'insufficient_stock', message: 'Cannot add more Spam Musubi. Only 5 available in stock.' }]);
  });

  it('flags advance notice from the largest notice of 24 h or more', () => {
    const cart = [
      { menu_item_id: 1, quantity: 1, selected_options: {} },
      { menu_item_id: 2, quantity: 1, selected_options: {} },
      { menu_item_id: 3, quantity: 1, selected_options: {} },
    ];
    const result = checkCart(cart, catalogOf(item({ id: 1, advanceNoticeHours: 2 }), item({ id: 2, advanceNoticeHours: 48 }), item({ id: 3, advanceNoticeHours: 24 })), WEDNESDAY_EVENING, GUAM);
    expect(result).toMatchObject({ requiresAdvanceNotice: true, maxAdvanceNoticeHours: 48 });
    const quick = checkCart([cart[0]!], catalogOf(item({ id: 1, advanceNoticeHours: 23 })), WEDNESDAY_EVENING, GUAM);
    expect(quick).toMatchObject({ requiresAdvanceNotice: false, maxAdvanceNoticeHours: null });
  });
});

function variant(overrides: Partial<CatalogVariant> = {}): CatalogVariant {
  return {
    id: 501,
    merchandiseItemId: 50,
    restaurantId: 1,
    itemName: 'Kusina Logo Tee',
    basePriceCents: 2500,
    priceAdjustmentCents: 0,
    size: 'M',
    color: 'Black',
    hidden: false,
    archived: false,
    enableStockTracking: true,
    stockQuantity: 10,
    damagedQuantity: 0,
    ...overrides,
  };
}

const shopOf = (...variants: CatalogVariant[]): MerchandiseCatalog => ({ restaurantId: 1, variants: new Map(variants.map((v) => [v.id, v])) });
const tee = (variantId: number, quantity: number, notes?: string): CartLine => ({ type: 'merchandise', variant_id: variantId, quantity, ...(notes ? { notes } : {}) });

describe('checkCart: merchandise lines', () => {
  it('prices a variant at base plus adjustment, keeps size and colour, and subtotals food and merchandise apart', () => {
    const shop = shopOf(variant(), variant({ id: 502, size: '2XL', priceAdjustmentCents: 200 }), variant({ id: 503, size: null, color: null, priceAdjustmentCents: -3000 }));
    const cart: CartLine[] = [
      tee(502, 2, 'gift wrap'),
      { menu_item_id: 1, quantity: 1, selected_options: {} },
      tee(501, 1),
      tee(503, 1),
    ];
    const result = checkCart(cart, catalogOf(item()), WEDNESDAY_EVENING, GUAM, shop);
    expect(result.issues).toEqual([]);
    expect(result.merchandiseLines).toEqual([
      { line: 0, variantId: 502, merchandiseItemId: 50, name: 'Kusina Logo Tee', variantDetails: { size: '2XL', color: 'Black' }, quantity: 2, unitPriceCents: 2700, lineTotalCents: 5400, notes: 'gift wrap' },
      { line: 2, variantId: 501, merchandiseItemId: 50, name: 'Kusina Logo Tee', variantDetails: { size: 'M', color: 'Black' }, quantity: 1, unitPriceCents: 2500, lineTotalCents: 2500, notes: null },
      // An adjustment below the base price makes the variant free, never negative.
      { line: 3, variantId: 503, merchandiseItemId: 50, name: 'Kusina Logo Tee', variantDetails: { size: null, color: null }, quantity: 1, unitPriceCents: 0, lineTotalCents: 0, notes: null },
    ]);
    expect(result.foodSubtotalCents).toBe(400);
    expect(result.merchandiseSubtotalCents).toBe(7900);
    expect([...result.variantDemand.values()]).toEqual([
      { variantId: 502, merchandiseItemId: 50, itemName: 'Kusina Logo Tee', variantLabel: '2XL / Black', quantity: 2 },
      { variantId: 501, merchandiseItemId: 50, itemName: 'Kusina Logo Tee', variantLabel: 'M / Black', quantity: 1 },
      { variantId: 503, merchandiseItemId: 50, itemName: 'Kusina Logo Tee', variantLabel: 'One size', quantity: 1 },
    ]);
    expect(result).toMatchObject({ requiresAdvanceNotice: false, maxAdvanceNoticeHours: null });
    // The quote lists every line in cart order, with its type.
    expect(quoteLines(result).map((l) => [l.line, l.type, l.menu_item_id, l.variant_id, l.merchandise_item_id, l.variant_details, l.customizations])).toEqual([
      [0, 'merchandise', null, 502, 50, { size: '2XL', color: 'Black' }, {}],
      [1, 'food', 1, null, null, null, {}],
      [2, 'merchandise', null, 501, 50, { size: 'M', color: 'Black' }, {}],
      [3, 'merchandise', null, 503, 50, { size: null, color: null }, {}],
    ]);
  });

  it('refuses unknown, hidden and other restaurants\' variants as no longer available, without naming their item', () => {
    const shop = shopOf(variant({ id: 601, hidden: true }), variant({ id: 602, restaurantId: 2 }));
    const result = checkCart([tee(601, 1), tee(602, 1), tee(699, 1)], new Map(), WEDNESDAY_EVENING, GUAM, shop);
    expect(result.issues).toEqual([
      { line: 0, variant_id: 601, code: 'not_found', message: 'This item is no longer available.' },
      { line: 1, variant_id: 602, code: 'not_found', message: 'This item is no longer available.' },
      { line: 2, variant_id: 699, code: 'not_found', message: 'This item is no longer available.' },
    ]);
    expect(result.merchandiseLines).toEqual([]);
    expect(result.merchandiseSubtotalCents).toBe(0);
    expect(result.variantDemand.size).toBe(0);
    // Without a merchandise catalog nothing is sellable.
    expect(checkCart([tee(501, 1)], new Map(), WEDNESDAY_EVENING, GUAM).issues).toMatchObject([{ code: 'not_found', variant_id: 501 }]);
  });

  it('refuses an archived variant, naming it, and takes nothing from its stock', () => {
    const shop = shopOf(variant({ id: 603, size: 'XL', color: 'Red', archived: true }), variant({ id: 604, archived: true, hidden: true }));
    const result = checkCart([tee(603, 1), tee(604, 1)], new Map(), WEDNESDAY_EVENING, GUAM, shop);
    expect(result.issues).toEqual([
      { line: 0, variant_id: 603, code: 'not_found', message: 'Kusina Logo Tee (XL / Red) is no longer sold. Please remove it from your cart.' },
      // A hidden item's variant is not named, archived or not.
      { line: 1, variant_id: 604, code: 'not_found', message: 'This item is no longer available.' },
    ]);
    expect(result.merchandiseLines).toEqual([]);
    expect(result.variantDemand.size).toBe(0);
  });

  it('reports a sold-out variant as out of stock on each of its lines, damaged units counting as gone', () => {
    const shop = shopOf(variant({ stockQuantity: 2, damagedQuantity: 2 }));
    const result = checkCart([tee(501, 1), tee(501, 1)], new Map(), WEDNESDAY_EVENING, GUAM, shop);
    expect(result.issues).toEqual([
      { line: 0, variant_id: 501, merchandise_item_id: 50, code: 'out_of_stock', message: 'Sorry, this item is out of stock.' },
      { line: 1, variant_id: 501, merchandise_item_id: 50, code: 'out_of_stock', message: 'Sorry, this item is out of stock.' },
    ]);
  });

  it('sums demand per variant across lines and reports once, where it first goes past what is left', () => {
    const shop = shopOf(variant({ stockQuantity: 6, damagedQuantity: 1 }), variant({ id: 502, size: 'L', stockQuantity: 9 }));
    const exact = checkCart([tee(501, 2), tee(502, 4), tee(501, 3)], new Map(), WEDNESDAY_EVENING, GUAM, shop);
    expect(exact.issues).toEqual([]);
    expect(exact.variantDemand.get(501)?.quantity).toBe(5);
    expect(exact.variantDemand.get(502)?.quantity).toBe(4);

    const over = checkCart([tee(501, 2), tee(502, 4), tee(501, 4), tee(501, 1)], new Map(), WEDNESDAY_EVENING, GUAM, shop);
    expect(over.issues).toEqual([
      { line: 2, variant_id: 501, merchandise_item_id: 50, code: 'insufficient_stock', message: 'Cannot add more Kusina Logo Tee (M / Black). Only 5 available in stock.' },
    ]);
    // The lines are still priced, so the cart can show them next to the issue.
    expect(over.merchandiseSubtotalCents).toBe(11 * 2500);
  });

  it('never finds untracked merchandise short, and takes nothing from its stock', () => {
    const shop = shopOf(variant({ enableStockTracking: false, stockQuantity: 0 }));
    const result = checkCart([tee(501, 99), tee(501, 99)], new Map(), WEDNESDAY_EVENING, GUAM, shop);
    expect(result.issues).toEqual([]);
    expect(result.variantDemand.size).toBe(0);
    expect(result.merchandiseSubtotalCents).toBe(198 * 2500);
  });
});

describe('cart line input', () => {
  it('reads food lines with or without a type, and merchandise lines by variant, dropping the client\'s prices', () => {
    expect(CartLineInput.parse({ menu_item_id: 3, quantity: 2 })).toEqual({ menu_item_id: 3, quantity: 2, selected_options: {} });
    expect(CartLineInput.parse({ type: 'food', menu_item_id: 3, quantity: 1, selected_options: { '7': [70] } })).toEqual({
      type: 'food',
      menu_item_id: 3,
      quantity: 1,
      selected_options: { '7': [70] },
    });
    const merchandise = CartLineInput.parse({
      type: 'merchandise',
      variant_id: 501,
      quantity: 99,
      id: 50,
      name: 'Kusina Logo Tee',
      price: 0.01,
      image_url: null,
      variant_details: { size: 'M', color: 'Black' },
      notes: ' gift ',
    });
    expect(merchandise).toEqual({ type: 'merchandise', variant_id: 501, quantity: 99, notes: 'gift' });
  });

  it('names the field that is wrong', () => {
    const paths = (value: unknown) => (CartLineInput.safeParse(value).error?.issues ?? []).map((i) => i.path.join('.'));
    expect(paths({ type: 'merchandise', variant_id: 501, quantity: 100 })).toEqual(['quantity']);
    expect(paths({ type: 'merchandise', variant_id: 501, quantity: 0 })).toEqual(['quantity']);
    expect(paths({ type: 'merchandise', menu_item_id: 3, quantity: 1 })).toEqual(['variant_id']);
    expect(paths({ type: 'drink', menu_item_id: 3, quantity: 1 })).toEqual(['type']);
    expect(paths({ menu_item_id: 3, quantity: 101 })).toEqual(['quantity']);
  });
});

describe('pickup estimate', () => {
  it("is '20-25 minutes' normally and the notice in hours otherwise", () => {
    expect(pickupEstimate(null)).toBe('20-25 minutes');
    expect(pickupEstimate(24)).toBe('24 hours');
    const placed = new Date('2026-03-04T10:00:00Z');
    expect(estimatedPickupTime(placed, null).toISOString()).toBe('2026-03-04T10:25:00.000Z');
    expect(estimatedPickupTime(placed, 24).toISOString()).toBe('2026-03-05T10:00:00.000Z');
  });
});

describe('cards', () => {
  const now = new Date('2026-03-04T10:00:00Z');
  it('checks Luhn, brand, expiry (through the end of the month) and CVC', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('42424242')).toBe(false);
    expect([cardBrand('4242424242424242'), cardBrand('5555555555554444'), cardBrand('378282246310005')]).toEqual(['visa', 'mastercard', 'amex']);
    expect(cardProblems({ number: '4242 4242 4242 4242', exp_month: 3, exp_year: 26, cvc: '123' }, now)).toEqual({});
    expect(cardProblems({ number: '4242-4242-4242-4242', exp_month: 3, exp_year: 2026, cvc: '1234' }, now)).toEqual({});
    expect(cardProblems({ number: '4242424242424242', exp_month: 2, exp_year: 2026, cvc: '123' }, now)).toEqual({ 'card.exp_month': "Your card's expiration date is in the past." });
    expect(cardProblems({ number: '1234', exp_month: 13, exp_year: 2030, cvc: 'abc' }, now)).toEqual({
      'card.number': 'Your card number is incorrect.',
      'card.exp_month': "Your card's expiration date is invalid.",
      'card.cvc': "Your card's security code is invalid.",
    });
  });

  it("words a failed payment as the SPA shows it", () => {
    expect(paymentFailedMessage('Your card was declined.')).toBe('Payment failed: Your card was declined.');
  });
});

describe('checkout form', () => {
  it('requires name, email and a phone in the spec format', () => {
    expect(ContactInput.safeParse({ name: 'Maria', email: 'maria@example.com', phone: ' +16715551234 ' }).success).toBe(true);
    const bad = ContactInput.safeParse({ name: '', email: 'nope', phone: '5551234' });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toEqual([
      'name: Name is required',
      'email: Enter a valid email address',
      'phone: Phone must be + (3 or 4 digit area code) + 7 digits, e.g. +16711234567',
    ]);
  });
});
