import { describe, expect, it } from 'vitest';
import {
  cardBrand,
  cardProblems,
  checkCart,
  ContactInput,
  estimatedPickupTime,
  luhnValid,
  paymentFailedMessage,
  pickupEstimate,
  type CatalogItem,
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
