import { describe, expect, it } from 'vitest';
import { applyPromoToTotal, codeSchema, isPromoUsable, normalizeCode, PromoCodeCreateInput, promoDiscountCents } from './promotions.ts';

describe('promo discounts', () => {
  it('takes a percentage (rounded half up to the cent) or an amount, never below zero', () => {
    expect(promoDiscountCents({ discountType: 'percent', value: 10 }, 4995)).toBe(500);
    expect(promoDiscountCents({ discountType: 'percent', value: 10 }, 4994)).toBe(499);
    expect(promoDiscountCents({ discountType: 'percent', value: 100 }, 1234)).toBe(1234);
    expect(promoDiscountCents({ discountType: 'amount', value: 500 }, 4995)).toBe(500);
    expect(promoDiscountCents({ discountType: 'amount', value: 500 }, 300)).toBe(300);
    expect(promoDiscountCents({ discountType: 'amount', value: 500 }, 0)).toBe(0);
  });

  it('answers apply in dollars', () => {
    expect(applyPromoToTotal({ discountType: 'percent', value: 10 }, 24.99)).toEqual({ newTotal: 22.49, discount: 2.5 });
    expect(applyPromoToTotal({ discountType: 'amount', value: 500 }, 3)).toEqual({ newTotal: 0, discount: 3 });
  });
});

describe('promo usability', () => {
  const now = new Date('2026-03-04T00:00:00Z');
  const base = { active: true, validUntil: null, maxUses: null, currentUses: 0 };
  it('needs active, unexpired and under max uses', () => {
    expect(isPromoUsable(base, now)).toBe(true);
    expect(isPromoUsable({ ...base, active: false }, now)).toBe(false);
    expect(isPromoUsable({ ...base, validUntil: new Date('2026-03-05T00:00:00Z') }, now)).toBe(true);
    expect(isPromoUsable({ ...base, validUntil: now }, now)).toBe(false);
    expect(isPromoUsable({ ...base, maxUses: 2, currentUses: 1 }, now)).toBe(true);
    expect(isPromoUsable({ ...base, maxUses: 2, currentUses: 2 }, now)).toBe(false);
  });
});

describe('codes', () => {
  it('are trimmed and upper-cased, letters, digits, - and _ only', () => {
    expect(normalizeCode('  aloha10 ')).toBe('ALOHA10');
    expect(codeSchema.parse(' hafa_5 ')).toBe('HAFA_5');
    expect(codeSchema.safeParse('no spaces').success).toBe(false);
  });

  it('a percentage is at most 100', () => {
    expect(PromoCodeCreateInput.safeParse({ code: 'X', discountType: 'percent', discountValue: 101 }).success).toBe(false);
    expect(PromoCodeCreateInput.safeParse({ code: 'X', discountType: 'amount', discountValue: 10100 }).success).toBe(true);
  });
});
