import { createHash } from 'node:crypto';
import {
  checkCart,
  CheckoutMessages,
  pickupEstimate,
  quoteLines,
  type CartCheck,
  type CartIssue,
  type CartLine,
  type QuoteOutput,
} from '@kusina/domain/checkout';
import { centsToDollars } from '@kusina/domain/money';
import { staffDiscountCents } from '@kusina/domain/order-management';
import { promoDiscountCents } from '@kusina/domain/promotions';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { PromoCodeRow } from '../promotions/service.ts';
import { loadCatalog, type CatalogRead } from './catalog.ts';

/** A staff discount configuration as checkout applies it (percentage in hundredths of a percent). */
export interface StaffDiscount {
  id: number;
  name: string;
  basisPoints: number;
}

export interface PricedCart {
  restaurantId: number;
  check: CartCheck;
  promo: PromoCodeRow | null;
  staffDiscount: StaffDiscount | null;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
}

/**
 * The server's price of a cart: catalog rows from the database, the shared pricing rules, and the
 * promo's — or a staff order's — discount on the subtotal (the two never stack; callers refuse
 * both at once). Nothing the client sent about money is read.
 */
export async function priceCart(
  db: DbOrTx,
  restaurant: { id: number; timeZone: string },
  items: CartLine[],
  promo: PromoCodeRow | null,
  options: { lock?: boolean; now?: Date; preloaded?: CatalogRead; staffDiscount?: StaffDiscount | null } = {},
): Promise<PricedCart> {
  const catalogs = await loadCatalog(db, restaurant.id, items, options.lock ?? false, options.preloaded);
  const check = checkCart(items, catalogs.items, options.now ?? new Date(), restaurant.timeZone, catalogs.merchandise);
  // Food and merchandise share one subtotal; a promo discounts the whole of it.
  const subtotalCents = check.foodSubtotalCents + check.merchandiseSubtotalCents;
  const staffDiscount = options.staffDiscount ?? null;
  const discountCents = discountOf(subtotalCents, promo, staffDiscount);
  return { restaurantId: restaurant.id, check, promo, staffDiscount, subtotalCents, discountCents, totalCents: subtotalCents - discountCents };
}

/** The discount on a subtotal: a staff order's percentage, else the promo's, else none (they never stack). */
export function discountOf(subtotalCents: number, promo: PromoCodeRow | null, staffDiscount: StaffDiscount | null): number {
  if (staffDiscount) return staffDiscountCents(subtotalCents, staffDiscount.basisPoints / 100);
  return promo ? promoDiscountCents({ discountType: promo.discountType, value: promo.value }, subtotalCents) : 0;
}

export function toQuoteOutput(priced: PricedCart, pickup: QuoteOutput['pickup']): QuoteOutput {
  const { check } = priced;
  return {
    restaurant_id: priced.restaurantId,
    items: quoteLines(check),
    food_subtotal_cents: check.foodSubtotalCents,
    merchandise_subtotal_cents: check.merchandiseSubtotalCents,
    subtotal_cents: priced.subtotalCents,
    discount_cents: priced.discountCents,
    total_cents: priced.totalCents,
    food_subtotal: centsToDollars(check.foodSubtotalCents),
    merchandise_subtotal: centsToDollars(check.merchandiseSubtotalCents),
    subtotal: centsToDollars(priced.subtotalCents),
    discount: centsToDollars(priced.discountCents),
    total: centsToDollars(priced.totalCents),
    promo_code: priced.promo?.code ?? null,
    staff_discount: priced.staffDiscount
      ? { id: priced.staffDiscount.id, name: priced.staffDiscount.name, discount_percentage: priced.staffDiscount.basisPoints / 100 }
      : null,
    requires_advance_notice: check.requiresAdvanceNotice,
    max_advance_notice_hours: check.maxAdvanceNoticeHours,
    pickup_estimate: pickupEstimate(check.maxAdvanceNoticeHours),
    pickup,
    issues: check.issues,
  };
}

/** 409 with every issue, so the cart can list them (storefront.md §5 Cart). */
export function cartIssuesError(issues: CartIssue[]): AppError {
  return AppError.conflict(CheckoutMessages.cartHasIssues, { issues });
}

/** A fingerprint of what was priced: the lines (food and merchandise), the code and the total (kept with the payment). */
export function quoteHash(priced: PricedCart): string {
  const canonical = JSON.stringify({
    restaurant: priced.restaurantId,
    lines: priced.check.lines.map((l) => [l.menuItemId, l.quantity, [...l.selectedOptionIds].sort((a, b) => a - b), l.unitPriceCents]),
    merchandise: priced.check.merchandiseLines.map((l) => [l.variantId, l.quantity, l.unitPriceCents]),
    promo: priced.promo?.code ?? null,
    ...(priced.staffDiscount ? { staffDiscount: [priced.staffDiscount.id, priced.staffDiscount.basisPoints] } : {}),
    total: priced.totalCents,
  });
  return createHash('sha256').update(canonical).digest('hex');
}
