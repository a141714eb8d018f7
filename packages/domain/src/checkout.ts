import { z } from 'zod';
import { coercedInt4 } from './integers.ts';
import { centsToDollars, type Cents } from './money.ts';
import {
  ADVANCE_NOTICE_THRESHOLD_HOURS,
  availableQuantity,
  cannotAddMoreMessage,
  hasRequiredUnavailableOptions,
  isOptionSelectable,
  optionAvailableQuantity,
} from './menu.ts';
import { itemUnavailableReason } from './menu-calendar.ts';
import { MERCHANDISE_MAX_QUANTITY, variantAvailableQuantity, variantLabel, variantPriceCents } from './merchandise.ts';
import { validateSelection, unitPrice, type PricedGroup } from './pricing.ts';
import { phoneSchema } from './phone.ts';

/** The spec's checkout and stock words, verbatim (storefront.md §5, §8). */
export const CheckoutMessages = {
  outOfStock: 'Sorry, this item is out of stock.',
  requiredOptionsUnavailable: 'Sorry, this item has required options that are currently unavailable.',
  paymentFailedPrefix: 'Payment failed: ',
  placeOrderFailed: 'Failed to place order. Please try again.',
  paymentNotAvailable: 'Payment processing is not available',
  checkoutFailed: 'Failed to process checkout. Please try again.',
  unableToLoadOrder: 'Unable to load order details',
  locationLoadFailed: 'Failed to load location details',
  orderDetailsNotAvailable: 'Order details not available',
  // Server answers the spec leaves to us.
  itemNotFound: 'This item is no longer on the menu.',
  merchandiseNotFound: 'This item is no longer available.',
  cartHasIssues: 'Some items in your cart need attention before checkout.',
  paymentAmountMismatch: 'Payment amount does not match the order total',
  paymentNotAuthorized: 'Payment has not been completed. Please pay before placing the order.',
  paymentAlreadyProcessed: 'This payment has already been processed.',
  paymentNotFound: 'Payment not found.',
  paymentConfirmedByProcessor: 'This payment is confirmed on the payment form, not here.',
  cardDeclined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  cardNumberInvalid: 'Your card number is incorrect.',
  cardExpired: "Your card's expiration date is in the past.",
  cardExpiryInvalid: "Your card's expiration date is invalid.",
  cvcInvalid: "Your card's security code is invalid.",
  staffOnly: 'Only staff can place a staff order.',
  staffDiscountUnavailable: 'This staff discount is not available.',
  staffDiscountWithPromo: 'A promo code cannot be combined with a staff discount.',
  staffMemberRequired: 'Choose the staff member this order is for.',
  orderNotFound: 'Order not found.',
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  idempotencyKeyRequired: 'An Idempotency-Key header of 8 to 100 characters is required.',
} as const;

function unavailableTodayMessage(name: string): string {
  return `${name} is not available today.`;
}

function optionUnavailableMessage(name: string): string {
  return `${name} is currently unavailable.`;
}

/** The SPA's toast for a failed payment (storefront.md §8). */
export function paymentFailedMessage(message: string): string {
  return `${CheckoutMessages.paymentFailedPrefix}${message}`;
}

export const DEFAULT_ADVANCE_NOTICE_HOURS = 24;
const STANDARD_PICKUP_ESTIMATE = '20-25 minutes';
/** The later end of the standard estimate, for estimated_pickup_time. */
const STANDARD_PICKUP_MINUTES = 25;

export function pickupEstimate(maxAdvanceNoticeHours: number | null): string {
  return maxAdvanceNoticeHours === null ? STANDARD_PICKUP_ESTIMATE : `${maxAdvanceNoticeHours} hours`;
}

export function estimatedPickupTime(placedAt: Date, maxAdvanceNoticeHours: number | null): Date {
  const ms = maxAdvanceNoticeHours === null ? STANDARD_PICKUP_MINUTES * 60_000 : maxAdvanceNoticeHours * 3_600_000;
  return new Date(placedAt.getTime() + ms);
}

// ---- Cart lines as the API receives them ----------------------------------------------

const MAX_LINE_QUANTITY = 100;
export const MAX_CART_LINES = 50;

const lineNotes = z.string().trim().max(500).optional();

/** A food line: a menu item with its chosen options. `type` may be left out (carts before merchandise). */
export const FoodLineInput = z.object({
  type: z.literal('food').optional(),
  menu_item_id: z.int32().positive(),
  quantity: z.int32().min(1, 'Quantity must be at least 1').max(MAX_LINE_QUANTITY),
  /** Option group id → chosen option ids. */
  selected_options: z.record(z.string().regex(/^\d+$/, 'Option group ids are numbers'), z.array(z.int32().positive()).max(50)).default({}),
  notes: lineNotes,
});
export type FoodLineInput = z.infer<typeof FoodLineInput>;

/**
 * A merchandise line (storefront.md §3 Merchandise cart line): the variant and how many. The cart's
 * name, price and variant_details may ride along; they are dropped here, the server reads its own.
 */
export const MerchandiseLineInput = z.object({
  type: z.literal('merchandise'),
  variant_id: z.int32().positive(),
  quantity: z.int32().min(1, 'Quantity must be at least 1').max(MERCHANDISE_MAX_QUANTITY),
  notes: lineNotes,
});
export type MerchandiseLineInput = z.infer<typeof MerchandiseLineInput>;

/** One cart line: food (type 'food' or none) or merchandise (type 'merchandise'). */
export const CartLineInput = z.discriminatedUnion('type', [FoodLineInput, MerchandiseLineInput]);
export type CartLineInput = z.infer<typeof CartLineInput>;

const optionalCode = z
  .string()
  .trim()
  .max(40)
  .optional()
  .transform((v) => (v ? v : undefined));

/** An instant with its offset ('2026-03-05T11:30:00+10:00' or '…Z'): a pickup time the customer chose. */
export const PickupTimeInput = z.iso.datetime({ offset: true, message: 'Enter a valid pickup time.' }).optional();

export const QuoteInput = z.object({
  restaurant_id: z.int32().positive().optional(),
  items: z.array(CartLineInput).min(1, 'Your cart is empty').max(MAX_CART_LINES),
  promo_code: optionalCode,
  /**
   * Staff orders only (issue #5): an active discount configuration of the restaurant
   * (backoffice-reservations.md §3). The server reads its percentage; it never stacks with a promo.
   */
  staff_discount_id: z.int32().positive().optional(),
  /** The chosen pickup time; checked against the hours and the cart's advance notice (422 naming pickup_time). */
  pickup_time: PickupTimeInput,
});
export type QuoteInput = z.infer<typeof QuoteInput>;

const ISSUE_CODES = [
  'not_found',
  'out_of_stock',
  'unavailable_today',
  'required_options_unavailable',
  'option_unavailable',
  'insufficient_stock',
  'invalid_selection',
] as const;
type IssueCode = (typeof ISSUE_CODES)[number];

export const CartIssue = z.object({
  /** Index of the cart line the issue belongs to. */
  line: z.int32(),
  /** Food lines. */
  menu_item_id: z.int32().optional(),
  option_id: z.int32().optional(),
  /** Merchandise lines (merchandise_item_id only when the item is still sold). */
  variant_id: z.int32().optional(),
  merchandise_item_id: z.int32().optional(),
  code: z.enum(ISSUE_CODES),
  message: z.string(),
});
export type CartIssue = z.infer<typeof CartIssue>;

const VariantDetails = z.object({ size: z.string().nullable(), color: z.string().nullable() });
type VariantDetails = z.infer<typeof VariantDetails>;

export const QuoteLineOutput = z.object({
  line: z.int32(),
  type: z.enum(['food', 'merchandise']),
  menu_item_id: z.int32().nullable(),
  merchandise_item_id: z.int32().nullable(),
  variant_id: z.int32().nullable(),
  variant_details: VariantDetails.nullable(),
  name: z.string(),
  quantity: z.int32(),
  unit_price_cents: z.int32(),
  unit_price: z.number(),
  line_total_cents: z.int32(),
  line_total: z.number(),
  /** Group name → chosen option names; {} for merchandise. */
  customizations: z.record(z.string(), z.array(z.string())),
  notes: z.string().nullable(),
});
export type QuoteLineOutput = z.infer<typeof QuoteLineOutput>;

export const PickupOptionsOutput = z.object({
  /** Open now (operating hours and special events, in the restaurant's zone). */
  open: z.boolean(),
  /** Open and the cart has no advance-notice items: "as soon as possible" may be chosen. */
  asap_available: z.boolean(),
  /** ISO instants, ascending: the times the customer may choose. */
  slots: z.array(z.string()),
  closes_at: z.string().nullable(),
  next_opens_at: z.string().nullable(),
  /** Today's hours: '11AM-9PM', 'Open 24 hours' or 'Closed'. */
  hours_today: z.string(),
  /** The line to show: 'Open now · closes Wed 9:00 PM', 'Closed now · opens Thu 11:00 AM' (the restaurant's clock). */
  state_text: z.string(),
  time_zone: z.string(),
});
export type PickupOptionsOutput = z.infer<typeof PickupOptionsOutput>;

/** GET /restaurants/{id}/ordering_status: open or closed now, for the menu's line (issue #23). */
export const OrderingStatusOutput = PickupOptionsOutput.pick({ open: true, closes_at: true, next_opens_at: true, hours_today: true, state_text: true, time_zone: true }).extend({
  restaurant_id: z.int32(),
});
export type OrderingStatusOutput = z.infer<typeof OrderingStatusOutput>;

export const QuoteOutput = z.object({
  restaurant_id: z.int32(),
  items: z.array(QuoteLineOutput),
  food_subtotal_cents: z.int32(),
  merchandise_subtotal_cents: z.int32(),
  subtotal_cents: z.int32(),
  discount_cents: z.int32(),
  total_cents: z.int32(),
  food_subtotal: z.number(),
  merchandise_subtotal: z.number(),
  subtotal: z.number(),
  discount: z.number(),
  total: z.number(),
  promo_code: z.string().nullable(),
  /** The staff discount applied (its share is in discount); null when none. */
  staff_discount: z.object({ id: z.int32(), name: z.string(), discount_percentage: z.number() }).nullable(),
  requires_advance_notice: z.boolean(),
  max_advance_notice_hours: z.int32().nullable(),
  pickup_estimate: z.string(),
  /** When this cart can be picked up (issue #23): the restaurant's state now and the slots it offers. */
  pickup: PickupOptionsOutput,
  issues: z.array(CartIssue),
});
export type QuoteOutput = z.infer<typeof QuoteOutput>;

// ---- The pure cart check --------------------------------------------------------------

export interface CatalogOption {
  id: number;
  name: string;
  additionalPriceCents: Cents | null;
  available: boolean;
  stockQuantity: number;
  damagedQuantity: number;
}

interface CatalogGroup extends PricedGroup {
  enableInventoryTracking: boolean;
  options: CatalogOption[];
}

export interface CatalogItem {
  id: number;
  name: string;
  priceCents: Cents;
  available: boolean;
  enableStockTracking: boolean;
  stockQuantity: number;
  damagedQuantity: number;
  advanceNoticeHours: number;
  availableDays: number[];
  /** Last day offered, YYYY-MM-DD in the restaurant's zone; null: no end. */
  availableUntil: string | null;
  optionGroups: CatalogGroup[];
}

/** A merchandise variant with what the cart check needs of its item (stock lives on the variant). */
export interface CatalogVariant {
  id: number;
  merchandiseItemId: number;
  restaurantId: number;
  itemName: string;
  basePriceCents: Cents;
  priceAdjustmentCents: Cents;
  size: string | null;
  color: string | null;
  hidden: boolean;
  /** Deleted by an admin while orders name it: kept for them, never sold again (decision 0072). */
  archived: boolean;
  enableStockTracking: boolean;
  stockQuantity: number;
  damagedQuantity: number;
}

/** The variants a cart names, keyed by variant id, and the restaurant whose shop sells them. */
export interface MerchandiseCatalog {
  restaurantId: number;
  variants: Map<number, CatalogVariant>;
}

interface PricedLine {
  line: number;
  menuItemId: number;
  name: string;
  quantity: number;
  unitPriceCents: Cents;
  lineTotalCents: Cents;
  customizations: Record<string, string[]>;
  selectedOptionIds: number[];
  notes: string | null;
}

interface PricedMerchandiseLine {
  line: number;
  variantId: number;
  merchandiseItemId: number;
  /** The item's name; size and colour travel in variantDetails. */
  name: string;
  variantDetails: VariantDetails;
  quantity: number;
  unitPriceCents: Cents;
  lineTotalCents: Cents;
  notes: string | null;
}

/** What to take from a tracked variant's stock, and the words its audit row keeps. */
export interface VariantDemand {
  variantId: number;
  merchandiseItemId: number;
  itemName: string;
  variantLabel: string;
  quantity: number;
}

export interface CartCheck {
  lines: PricedLine[];
  merchandiseLines: PricedMerchandiseLine[];
  issues: CartIssue[];
  foodSubtotalCents: Cents;
  merchandiseSubtotalCents: Cents;
  requiresAdvanceNotice: boolean;
  /** The largest notice among items needing 24 h or more; null when none does. */
  maxAdvanceNoticeHours: number | null;
  /** Units to take from stock: tracked items and options of tracked groups only. */
  itemDemand: Map<number, number>;
  optionDemand: Map<number, number>;
  /** Units to take from stock per variant of stock-tracked merchandise, summed across lines. */
  variantDemand: Map<number, VariantDemand>;
}

export interface FoodLine {
  type?: 'food' | undefined;
  menu_item_id: number;
  quantity: number;
  selected_options: Record<string, number[]>;
  notes?: string | undefined;
}

export interface MerchandiseLine {
  type: 'merchandise';
  variant_id: number;
  quantity: number;
  notes?: string | undefined;
}

export type CartLine = FoodLine | MerchandiseLine;

export function isMerchandiseLine(line: CartLine): line is MerchandiseLine {
  return line.type === 'merchandise';
}

export function isFoodLine(line: CartLine): line is FoodLine {
  return line.type !== 'merchandise';
}

/** A cart line naming a variant the shop stopped selling (an archived one, decision 0072). */
function variantNoLongerSoldMessage(itemName: string, label: string): string {
  return `${itemName} (${label}) is no longer sold. Please remove it from your cart.`;
}

const NO_MERCHANDISE: MerchandiseCatalog = { restaurantId: 0, variants: new Map() };

/** A variant the restaurant's shop sells now: known, of this restaurant, its item not hidden, itself not archived. */
function sellableVariant(merchandise: MerchandiseCatalog, variantId: number): CatalogVariant | null {
  const variant = merchandise.variants.get(variantId);
  return variant && variant.restaurantId === merchandise.restaurantId && !variant.hidden && !variant.archived ? variant : null;
}

/**
 * Prices a cart from catalog rows and lists every reason it cannot be sold as it is. Stock is
 * counted across lines: two lines of the same item (or the same tracked option, or the same
 * merchandise variant) share its stock. Food lines read `catalog` (menu items by id), merchandise
 * lines read `merchandise` (variants by id); a line whose row is missing, hidden or another
 * restaurant's is `not_found`.
 */
export function checkCart(
  cart: CartLine[],
  catalog: Map<number, CatalogItem>,
  now: Date,
  timeZone: string,
  merchandise: MerchandiseCatalog = NO_MERCHANDISE,
): CartCheck {
  const lines: PricedLine[] = [];
  const merchandiseLines: PricedMerchandiseLine[] = [];
  const issues: CartIssue[] = [];
  const itemDemand = new Map<number, number>();
  const optionDemand = new Map<number, number>();
  const variantDemand = new Map<number, VariantDemand>();
  const itemBlocked = new Set<number>();
  const optionBlocked = new Set<number>();
  const variantBlocked = new Set<number>();
  let maxNotice: number | null = null;

  cart.forEach((input, line) => {
    if (isMerchandiseLine(input)) {
      const variant = sellableVariant(merchandise, input.variant_id);
      if (!variant) {
        const archived = merchandise.variants.get(input.variant_id);
        const message =
          archived?.archived && archived.restaurantId === merchandise.restaurantId && !archived.hidden
            ? variantNoLongerSoldMessage(archived.itemName, variantLabel(archived))
            : CheckoutMessages.merchandiseNotFound;
        issues.push({ line, variant_id: input.variant_id, code: 'not_found', message });
        return;
      }
      const available = variantAvailableQuantity(variant, variant.enableStockTracking);
      if (available === 0) {
        issues.push({ line, variant_id: variant.id, merchandise_item_id: variant.merchandiseItemId, code: 'out_of_stock', message: CheckoutMessages.outOfStock });
        variantBlocked.add(variant.id);
      }
      if (variant.enableStockTracking) {
        const demand = variantDemand.get(variant.id);
        if (demand) demand.quantity += input.quantity;
        else {
          variantDemand.set(variant.id, {
            variantId: variant.id,
            merchandiseItemId: variant.merchandiseItemId,
            itemName: variant.itemName,
            variantLabel: variantLabel(variant),
            quantity: input.quantity,
          });
        }
      }
      const unitPriceCents = variantPriceCents(variant.basePriceCents, variant.priceAdjustmentCents);
      merchandiseLines.push({
        line,
        variantId: variant.id,
        merchandiseItemId: variant.merchandiseItemId,
        name: variant.itemName,
        variantDetails: { size: variant.size, color: variant.color },
        quantity: input.quantity,
        unitPriceCents,
        lineTotalCents: unitPriceCents * input.quantity,
        notes: input.notes ?? null,
      });
      return;
    }

    const item = catalog.get(input.menu_item_id);
    if (!item) {
      issues.push({ line, menu_item_id: input.menu_item_id, code: 'not_found', message: CheckoutMessages.itemNotFound });
      return;
    }
    const issue = (code: IssueCode, message: string, optionId?: number) =>
      issues.push({ line, menu_item_id: item.id, code, message, ...(optionId === undefined ? {} : { option_id: optionId }) });

    const selected: Record<number, number[]> = {};
    for (const [groupId, ids] of Object.entries(input.selected_options)) selected[Number(groupId)] = ids;

    const unavailable = itemUnavailableReason(item, now, timeZone);
    if (unavailable === 'switched_off' || unavailable === 'sold_out') {
      issue('out_of_stock', CheckoutMessages.outOfStock);
      itemBlocked.add(item.id);
    } else if (unavailable) {
      issue('unavailable_today', unavailableTodayMessage(item.name));
    } else if (hasRequiredUnavailableOptions(item.optionGroups)) {
      issue('required_options_unavailable', CheckoutMessages.requiredOptionsUnavailable);
    }
    for (const problem of validateSelection(item.optionGroups, selected)) issue('invalid_selection', problem.message);

    const selectedOptionIds: number[] = [];
    for (const group of item.optionGroups) {
      const chosen = new Set(selected[group.id] ?? []);
      for (const option of group.options) {
        if (!chosen.has(option.id)) continue;
        selectedOptionIds.push(option.id);
        if (!isOptionSelectable(option, group.enableInventoryTracking)) {
          issue('option_unavailable', optionUnavailableMessage(option.name), option.id);
          optionBlocked.add(option.id);
        }
        if (group.enableInventoryTracking) optionDemand.set(option.id, (optionDemand.get(option.id) ?? 0) + input.quantity);
      }
    }
    if (item.enableStockTracking) itemDemand.set(item.id, (itemDemand.get(item.id) ?? 0) + input.quantity);
    if (item.advanceNoticeHours >= ADVANCE_NOTICE_THRESHOLD_HOURS) maxNotice = Math.max(maxNotice ?? 0, item.advanceNoticeHours);

    const price = unitPrice(item.priceCents, item.optionGroups, selected);
    lines.push({
      line,
      menuItemId: item.id,
      name: item.name,
      quantity: input.quantity,
      unitPriceCents: price.unitPriceCents,
      lineTotalCents: price.unitPriceCents * input.quantity,
      customizations: price.customizations,
      selectedOptionIds,
      notes: input.notes ?? null,
    });
  });

  // Shared stock: report once, on the line where the running count first goes past what is left.
  const running = new Map<string, number>();
  const overflows = (key: string, quantity: number, available: number): boolean => {
    const before = running.get(key) ?? 0;
    const after = before + quantity;
    running.set(key, after);
    return before <= available && after > available;
  };
  cart.forEach((input, line) => {
    if (isMerchandiseLine(input)) {
      const variant = sellableVariant(merchandise, input.variant_id);
      // Untracked merchandise is never short; a sold-out variant was reported as out of stock.
      if (!variant || !variant.enableStockTracking || variantBlocked.has(variant.id)) return;
      const available = variantAvailableQuantity(variant, true) ?? 0;
      if (overflows(`variant:${variant.id}`, input.quantity, available)) {
        issues.push({
          line,
          variant_id: variant.id,
          merchandise_item_id: variant.merchandiseItemId,
          code: 'insufficient_stock',
          message: cannotAddMoreMessage(`${variant.itemName} (${variantLabel(variant)})`, available),
        });
      }
      return;
    }
    const item = catalog.get(input.menu_item_id);
    if (!item) return;
    if (item.enableStockTracking && !itemBlocked.has(item.id)) {
      const available = availableQuantity(item) ?? 0;
      if (overflows(`item:${item.id}`, input.quantity, available)) {
        issues.push({ line, menu_item_id: item.id, code: 'insufficient_stock', message: cannotAddMoreMessage(item.name, available) });
      }
    }
    for (const group of item.optionGroups) {
      if (!group.enableInventoryTracking) continue;
      const chosen = new Set(input.selected_options[String(group.id)] ?? []);
      for (const option of group.options) {
        if (!chosen.has(option.id) || optionBlocked.has(option.id)) continue;
        const available = optionAvailableQuantity(option, true) ?? 0;
        if (overflows(`option:${option.id}`, input.quantity, available)) {
          issues.push({
            line,
            menu_item_id: item.id,
            option_id: option.id,
            code: 'insufficient_stock',
            message: cannotAddMoreMessage(option.name, available),
          });
        }
      }
    }
  });

  issues.sort((a, b) => a.line - b.line);
  return {
    lines,
    merchandiseLines,
    issues,
    foodSubtotalCents: lines.reduce((sum, l) => sum + l.lineTotalCents, 0),
    merchandiseSubtotalCents: merchandiseLines.reduce((sum, l) => sum + l.lineTotalCents, 0),
    requiresAdvanceNotice: maxNotice !== null,
    maxAdvanceNoticeHours: maxNotice,
    itemDemand,
    optionDemand,
    variantDemand,
  };
}

function toQuoteLine(l: PricedLine): QuoteLineOutput {
  return {
    line: l.line,
    type: 'food',
    menu_item_id: l.menuItemId,
    merchandise_item_id: null,
    variant_id: null,
    variant_details: null,
    name: l.name,
    quantity: l.quantity,
    unit_price_cents: l.unitPriceCents,
    unit_price: centsToDollars(l.unitPriceCents),
    line_total_cents: l.lineTotalCents,
    line_total: centsToDollars(l.lineTotalCents),
    customizations: l.customizations,
    notes: l.notes,
  };
}

function toMerchandiseQuoteLine(l: PricedMerchandiseLine): QuoteLineOutput {
  return {
    line: l.line,
    type: 'merchandise',
    menu_item_id: null,
    merchandise_item_id: l.merchandiseItemId,
    variant_id: l.variantId,
    variant_details: l.variantDetails,
    name: l.name,
    quantity: l.quantity,
    unit_price_cents: l.unitPriceCents,
    unit_price: centsToDollars(l.unitPriceCents),
    line_total_cents: l.lineTotalCents,
    line_total: centsToDollars(l.lineTotalCents),
    customizations: {},
    notes: l.notes,
  };
}

/** Every priced line of a cart, food and merchandise, in cart order. */
export function quoteLines(check: Pick<CartCheck, 'lines' | 'merchandiseLines'>): QuoteLineOutput[] {
  return [...check.lines.map(toQuoteLine), ...check.merchandiseLines.map(toMerchandiseQuoteLine)].sort((a, b) => a.line - b.line);
}

// ---- Payments -------------------------------------------------------------------------

export const PROCESSORS = ['test', 'stripe', 'paypal'] as const;
export type ProcessorName = (typeof PROCESSORS)[number];

export const PAYMENT_STATUSES = ['requires_confirmation', 'authorized', 'captured', 'failed', 'voided', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PaymentCreateInput = QuoteInput.extend({
  vip_code: optionalCode,
});
export type PaymentCreateInput = z.infer<typeof PaymentCreateInput>;

export const PaymentCreateOutput = z.object({
  payment_id: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  amount_cents: z.int32(),
  amount: z.number(),
  currency: z.literal('usd'),
  processor: z.enum(PROCESSORS),
  /** Stripe: the PaymentIntent's client secret for Stripe.js confirmCardPayment. */
  client_secret: z.string().optional(),
  /** Stripe: the PaymentIntent id. */
  payment_intent_id: z.string().optional(),
  /** PayPal: the order id the PayPal buttons approve. */
  paypal_order_id: z.string().optional(),
});
export type PaymentCreateOutput = z.infer<typeof PaymentCreateOutput>;

export const CardInput = z.object({
  number: z.string().trim().min(1, CheckoutMessages.cardNumberInvalid).max(30),
  exp_month: coercedInt4(),
  exp_year: coercedInt4(),
  cvc: z.string().trim(),
});
export type CardInput = z.infer<typeof CardInput>;

export const PaymentConfirmInput = z.object({ card: CardInput });

export const PaymentConfirmOutput = z.object({
  payment_id: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  amount_cents: z.int32(),
  processor: z.enum(PROCESSORS),
  transaction_id: z.string().nullable(),
  card_brand: z.string().nullable(),
  card_last4: z.string().nullable(),
});
export type PaymentConfirmOutput = z.infer<typeof PaymentConfirmOutput>;

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}

/**
 * Field problems of a card, keyed card.number / card.exp_month / card.cvc (empty when fine).
 * `now` decides whether the expiry is past; the card is good through the end of its month.
 */
export function cardProblems(card: CardInput, now: Date): Record<string, string> {
  const problems: Record<string, string> = {};
  const digits = card.number.replace(/[\s-]/g, '');
  if (!luhnValid(digits)) problems['card.number'] = CheckoutMessages.cardNumberInvalid;
  const year = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year;
  if (card.exp_month < 1 || card.exp_month > 12 || year < 2000 || year > 2100) {
    problems['card.exp_month'] = CheckoutMessages.cardExpiryInvalid;
  } else {
    const nowMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
    if (year * 12 + (card.exp_month - 1) < nowMonth) problems['card.exp_month'] = CheckoutMessages.cardExpired;
  }
  if (!/^\d{3,4}$/.test(card.cvc)) problems['card.cvc'] = CheckoutMessages.cvcInvalid;
  return problems;
}

// ---- The checkout form (storefront.md §3 Checkout form, §5 Checkout) -------------------

export const ContactInput = z.object({
  name: z.string({ error: CheckoutMessages.nameRequired }).trim().min(1, CheckoutMessages.nameRequired).max(120),
  email: z
    .string({ error: CheckoutMessages.emailRequired })
    .trim()
    .min(1, CheckoutMessages.emailRequired)
    .max(254)
    .pipe(z.email(CheckoutMessages.emailInvalid)),
  phone: phoneSchema,
});
export type ContactInput = z.infer<typeof ContactInput>;

export const IDEMPOTENCY_KEY_MIN = 8;
export const IDEMPOTENCY_KEY_MAX = 100;
