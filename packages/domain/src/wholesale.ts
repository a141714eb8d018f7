import { z } from 'zod';
import { INT4_MAX } from './integers.ts';
import { parseRestaurantDateTime } from './restaurant-schedule.ts';
import { centsToDollars, type Cents } from './money.ts';
import { isAcceptedPhone, normalizePhone } from './phone.ts';
import { phoneRuleMessage } from './phone-rules.ts';
import { SupporterMessages, WHOLESALE_DONATION_MAX_CENTS } from './supporter-rules.ts';
import { fundraiserTakesOrders, isCurrentCartFormat, normaliseSelection, sameSelection, variantKey, type OptionSelection } from './wholesale-rules.ts';

export { fundraiserTakesOrders, isCurrentCartFormat, normaliseSelection, sameSelection, variantKey, type OptionSelection };

/**
 * The wholesale fundraiser shop (wholesale.md): constants, the spec's words, the pure rules the
 * server decides with (pricing, variant keys, stock, cart validation issues, status transitions)
 * and the zod contracts of /api/v1/wholesale. Rule helpers take camelCase shapes that the Drizzle
 * rows satisfy as they are; the contracts use the spec's field names.
 */

// ── Constants (§9) ───────────────────────────────────────────────────────────────────────────

export const WHOLESALE_FUNDRAISER_STATUSES = ['draft', 'current', 'ended'] as const;
export const WHOLESALE_INVENTORY_MODES = ['none', 'item', 'option', 'variant'] as const;
export type WholesaleInventoryMode = (typeof WHOLESALE_INVENTORY_MODES)[number];
export const WHOLESALE_ORDER_STATUSES = ['pending', 'confirmed', 'processing', 'fulfilled', 'shipped', 'delivered', 'completed', 'cancelled'] as const;
export type WholesaleOrderStatus = (typeof WHOLESALE_ORDER_STATUSES)[number];
export const WHOLESALE_PAYMENT_STATUSES = ['pending', 'paid', 'refunded'] as const;
export const WHOLESALE_CREDIT_KINDS = ['sale', 'donation', 'reversal'] as const;
/** How the supporters wall shows a supporter (decision 0119). */
export const WHOLESALE_SUPPORTER_DISPLAYS = ['name', 'anonymous'] as const;
export type WholesaleSupporterDisplay = (typeof WHOLESALE_SUPPORTER_DISPLAYS)[number];
/** How a participant hears that someone supported them (decision 0121): not at all unless they opted in. */
export const WHOLESALE_NOTIFY_CHANNELS = ['none', 'sms', 'email'] as const;

/** Display: low stock at or below 5; an item's own threshold falls back to 2; unlimited shows as 999. */
const WHOLESALE_LOW_STOCK_DISPLAY = 5;
const WHOLESALE_ITEM_THRESHOLD_FALLBACK = 2;
export const WHOLESALE_UNLIMITED_STOCK = 999;
export const WHOLESALE_CART_CLEAR_DELAY_MS = 100;
export const WHOLESALE_FIX_MESSAGE_MS = 3000;
export const WHOLESALE_DEFAULT_PHONE_PREFIX = '+1671';
export const WHOLESALE_DEFAULT_PICKUP_LOCATION = 'restaurant';
const WHOLESALE_MAX_LINE_QUANTITY = 999;
const WHOLESALE_MAX_CART_LINES = 50;
export { INT4_MAX };

export interface WholesaleImage {
  image_url: string;
  alt_text: string | null;
}

// ── The spec's words ───────────────────────────────────────────────────────────────────────────

export const WholesaleMessages = {
  loadFundraisersFailed: 'Unable to load fundraisers. Please try again.',
  fundraiserNotAvailable: 'That fundraiser is not available.',
  fundraiserNotAccepting: 'This fundraiser is not currently accepting orders.',
  fundraiserLoadFailed: 'Failed to load fundraiser',
  fundraiserLoadRetry: 'Unable to load fundraiser. Please try again.',
  cannotAddToCart: 'Cannot add to cart',
  cartEmptyTitle: 'Your Cart is Empty',
  cartEmpty: 'Cart is empty',
  noFundraiser: 'No fundraiser selected',
  variantNoLongerAvailable: 'variant is no longer available',
  selectOption: 'Please select an option',
  paymentUnavailable: 'Payment System Unavailable: Stripe payment processing is not configured. Please contact support.',
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  phoneRequired: 'Phone number is required',
  pickupRequired: 'Pickup location is required',
  fundraiserInactive: 'This fundraiser is no longer accepting orders',
  unknownIssue: 'Unknown issue with cart item',
  validationFailed: 'Cart validation failed',
  validateRetry: 'Unable to validate cart. Please try again.',
  updateCartFailed: 'Failed to update cart. Please try again.',
  needsAttention: 'Some items in your cart need attention',
  paymentFailed: 'Payment failed. Please try again.',
  paymentNotInitialized: 'Payment system not initialized',
  createOrderFailed: 'Failed to create order',
  placeOrderFailed: 'Failed to place order',
  loadOrdersFailed: 'Failed to load orders',
  loadOrdersRetry: 'Unable to load orders. Please try again.',
  invalidOrderData: 'Invalid order data received',
  orderDetailsNotAvailable: 'Order details not available',
  loadOrderFailed: 'Failed to load order details',
  loadOrderRetry: 'Unable to load order details. Please try again.',
  cancelFailed: 'Failed to cancel order',
  cancelRetry: 'Unable to cancel order. Please try again.',
  cancelConfirm: 'Are you sure you want to cancel this order?',
  cartAlreadyUpToDate: 'Your cart is already up to date!',
  // Server answers the spec leaves to us.
  orderNotFound: 'Order not found.',
  itemNotFound: 'This item is no longer available.',
  itemInactive: 'This item is no longer offered.',
  optionUnavailable: 'This option is no longer available.',
  cartHasIssues: 'Some items in your cart need attention before checkout.',
  cartMixesFundraisers: 'A cart belongs to one fundraiser.',
  participantNotFound: 'That participant is not part of this fundraiser.',
  orderNumberRequired: 'Order number is required',
  orderNumberInvalid: 'Enter the order number as it appears on your confirmation, e.g. W-20001',
  lookupSent: 'If an order matches that e-mail and number, we have e-mailed a link to it. The link works for 24 hours.',
  participantPhotoInvalid: 'Upload a photo, or give an https:// address of one.',
  participantMessageTooLong: 'Keep the message to 280 characters.',
  cannotCancel: 'Only pending or confirmed orders can be cancelled.',
  paymentAmountMismatch: 'Payment amount does not match the order total',
  paymentNotAuthorized: 'Payment has not been completed. Please pay before placing the order.',
  paymentNotFound: 'Payment not found.',
  paymentNotWholesale: 'This payment was not opened for a fundraiser order.',
  idempotencyKeyRequired: 'An Idempotency-Key header of 8 to 100 characters is required.',
  illegalTransition: 'That status change is not allowed.',
  slugTaken: 'Another fundraiser already uses this slug.',
  variantNotFound: 'Variant not found.',
} as const;

function outOfStockMessage(name: string): string {
  return `${name} is out of stock`;
}
function onlyAvailableMessage(name: string, available: number, requested: number): string {
  return `${name} has only ${available} available (you're trying to add ${requested})`;
}
function combinationUnavailableMessage(item: string, combination?: string | null): string {
  return `${combination || 'This combination'} is not available for ${item}`;
}
function atLeastOptionsMessage(n: number): string {
  return `Please select at least ${n} options`;
}
function atMostOptionsMessage(n: number): string {
  return `Please select no more than ${n} options`;
}
export function nowOutOfStockMessage(name: string): string {
  return `${name} is now out of stock. Please review your cart.`;
}

// ── Order statuses (§4) ──────────────────────────────────────────────────────────────────────

export function orderStatusMessage(status: string, paymentStatus?: string | null): string {
  if (status === 'confirmed' || status === 'paid') return 'Your order has been confirmed and payment has been processed successfully.';
  switch (status) {
    case 'pending':
      return 'Your order is pending and will be processed soon.';
    case 'processing':
      return 'Your order is being prepared for shipment.';
    case 'fulfilled':
    case 'ready':
      return 'Your order is ready for pickup!';
    case 'shipped':
      return 'Your order has been shipped and is on its way.';
    case 'delivered':
    case 'completed':
      return 'Your order has been delivered successfully.';
    case 'cancelled':
      return 'This order has been cancelled.';
    default:
      return paymentStatus === 'paid' ? 'Your order has been confirmed and payment has been processed successfully.' : 'Order status is being updated.';
  }
}

export function orderStatusLabel(status: string): string {
  if (status === 'fulfilled') return 'Ready for Pickup';
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** Cancel is offered (and allowed by the server) for pending or confirmed orders only. */
export function canCancelOrder(status: string): boolean {
  return status === 'pending' || status === 'confirmed';
}

/**
 * The legal status changes an admin may make (pickup only: shipped and delivered are never
 * entered). Cancellation returns stock and refunds; completed and cancelled are final.
 */
export const WHOLESALE_TRANSITIONS: Record<WholesaleOrderStatus, readonly WholesaleOrderStatus[]> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['processing', 'fulfilled', 'cancelled'],
  processing: ['fulfilled', 'cancelled'],
  fulfilled: ['completed'],
  shipped: ['delivered'],
  delivered: ['completed'],
  completed: [],
  cancelled: [],
};

export function canTransition(from: WholesaleOrderStatus, to: WholesaleOrderStatus): boolean {
  return WHOLESALE_TRANSITIONS[from].includes(to);
}

// ── Catalog shapes the rules read ────────────────────────────────────────────────────────────

export interface RuleOption {
  id: number;
  name: string;
  additionalPriceCents: Cents;
  available: boolean;
  stockQuantity: number;
  damagedQuantity: number;
}

export interface RuleGroup {
  id: number;
  name: string;
  minSelect: number;
  maxSelect: number;
  enableInventoryTracking: boolean;
  options: RuleOption[];
}

export interface RuleVariant {
  id: number;
  variantKey: string;
  variantName: string;
  active: boolean;
  stockQuantity: number;
  damagedQuantity: number;
  lowStockThreshold: number | null;
}

export interface RuleItem {
  id: number;
  fundraiserId: number;
  name: string;
  description: string;
  sku: string | null;
  priceCents: Cents;
  active: boolean;
  inventoryMode: WholesaleInventoryMode;
  stockQuantity: number;
  damagedQuantity: number;
  lowStockThreshold: number | null;
  groups: RuleGroup[];
  variants: RuleVariant[];
}


// ── Variant keys ─────────────────────────────────────────────────────────────────────────────

export function selectedOptionIds(selection: OptionSelection): number[] {
  return Object.values(selection).flat();
}

/**
 * Every combination of one option per group (groups in position order): what an admin's
 * "generate variants" creates for a variant-mode item. Names read 'Large / Red'.
 */
export function generateVariants(groups: readonly { options: readonly Pick<RuleOption, 'id' | 'name'>[] }[]): { variantKey: string; variantName: string }[] {
  const nonEmpty = groups.filter((g) => g.options.length > 0);
  if (nonEmpty.length === 0) return [];
  let combos: { ids: number[]; names: string[] }[] = [{ ids: [], names: [] }];
  for (const group of nonEmpty) {
    combos = combos.flatMap((c) => group.options.map((o) => ({ ids: [...c.ids, o.id], names: [...c.names, o.name] })));
  }
  return combos.map((c) => ({ variantKey: variantKey(c.ids), variantName: c.names.join(' / ') }));
}

/** The variant a selection names (undefined when no row has its key). */
export function findVariant(item: Pick<RuleItem, 'variants'>, selection: OptionSelection): RuleVariant | undefined {
  const key = variantKey(selectedOptionIds(selection));
  return item.variants.find((v) => v.variantKey === key);
}

/** 'Large / Red' from a selection, in group order. */
export function combinationName(item: Pick<RuleItem, 'groups'>, selection: OptionSelection): string {
  const names: string[] = [];
  for (const group of item.groups) {
    const ids = new Set(selection[String(group.id)] ?? []);
    for (const o of group.options) if (ids.has(o.id)) names.push(o.name);
  }
  return names.join(' / ');
}

// ── Option selection (§5) ────────────────────────────────────────────────────────────────────

/** Per group: the §5 message when the selection breaks its min/max (none when fine). */
export function selectionProblems(groups: readonly RuleGroup[], selection: OptionSelection): Record<number, string> {
  const problems: Record<number, string> = {};
  for (const group of groups) {
    const count = new Set(selection[String(group.id)] ?? []).size;
    if (count < group.minSelect) problems[group.id] = group.minSelect === 1 ? WholesaleMessages.selectOption : atLeastOptionsMessage(group.minSelect);
    else if (count > group.maxSelect) problems[group.id] = atMostOptionsMessage(group.maxSelect);
  }
  return problems;
}

/** Choosing beyond max drops the oldest choice; choosing a chosen option unchooses it. */
export function toggleWholesaleOption(current: readonly number[], optionId: number, maxSelect: number): number[] {
  if (current.includes(optionId)) return current.filter((id) => id !== optionId);
  const next = [...current, optionId];
  return next.length > maxSelect ? next.slice(next.length - maxSelect) : next;
}

/** Add to Cart is enabled once every group with min_select above 0 has enough choices. */
export function selectionComplete(groups: readonly RuleGroup[], selection: OptionSelection): boolean {
  return groups.every((g) => g.minSelect === 0 || new Set(selection[String(g.id)] ?? []).size >= g.minSelect);
}

// ── Pricing ──────────────────────────────────────────────────────────────────────────────────

/** Base price plus every chosen option's additional price (per unit). */
export function wholesaleUnitPrice(item: Pick<RuleItem, 'priceCents' | 'groups'>, selection: OptionSelection): Cents {
  let cents = item.priceCents;
  for (const group of item.groups) {
    const ids = new Set(selection[String(group.id)] ?? []);
    for (const option of group.options) if (ids.has(option.id)) cents += option.additionalPriceCents;
  }
  return cents;
}

/** Group name → chosen option names (the cart's selectedOptions and the order line's selected_options). */
export function selectedOptionNames(item: Pick<RuleItem, 'groups'>, selection: OptionSelection): Record<string, string[]> {
  const names: Record<string, string[]> = {};
  for (const group of item.groups) {
    const ids = new Set(selection[String(group.id)] ?? []);
    const chosen = group.options.filter((o) => ids.has(o.id)).map((o) => o.name);
    if (chosen.length > 0) names[group.name] = chosen;
  }
  return names;
}

// ── Stock ────────────────────────────────────────────────────────────────────────────────────

type StockUnit = { kind: 'item' | 'option' | 'variant'; id: number; name: string };

function sellable(row: { stockQuantity: number; damagedQuantity: number }): number {
  return Math.max(0, row.stockQuantity - row.damagedQuantity);
}

/** The item's tracking mode in the spec's words: variant, item, option or none. */
export function inventoryInfo(item: Pick<RuleItem, 'inventoryMode'>) {
  return {
    track_variants: item.inventoryMode === 'variant',
    track_inventory: item.inventoryMode === 'item',
    uses_option_level_inventory: item.inventoryMode === 'option',
    mode: item.inventoryMode,
  };
}

/** Sellable units of the item as a whole: null when unlimited. Option/variant modes: the sum of their rows. */
export function itemAvailableQuantity(item: RuleItem): number | null {
  switch (item.inventoryMode) {
    case 'none':
      return null;
    case 'item':
      return sellable(item);
    case 'variant':
      return item.variants.filter((v) => v.active).reduce((sum, v) => sum + sellable(v), 0);
    case 'option': {
      const tracked = item.groups.filter((g) => g.enableInventoryTracking);
      if (tracked.length === 0) return null;
      // Each unit takes one option of each tracked group: the scarcest group bounds the item.
      return Math.min(...tracked.map((g) => g.options.filter((o) => o.available).reduce((sum, o) => sum + sellable(o), 0)));
    }
  }
}

export type WholesaleStockStatus = 'in_stock' | 'low_stock' | 'out_of_stock';

export function wholesaleStockStatus(available: number | null, threshold: number | null = null): WholesaleStockStatus {
  if (available === null) return 'in_stock';
  if (available <= 0) return 'out_of_stock';
  return available <= (threshold ?? WHOLESALE_ITEM_THRESHOLD_FALLBACK) ? 'low_stock' : 'in_stock';
}

/**
 * The stock rows one unit of this line takes, with what each has now. An item-mode line takes the
 * item row; option mode the chosen options of tracked groups; variant mode the variant of its key
 * (missing when no active variant has the key).
 */
function stockUnitsOf(item: RuleItem, selection: OptionSelection): { units: (StockUnit & { available: number })[]; missingVariant: boolean; variant?: RuleVariant } {
  switch (item.inventoryMode) {
    case 'none':
      return { units: [], missingVariant: false };
    case 'item':
      return { units: [{ kind: 'item', id: item.id, name: item.name, available: sellable(item) }], missingVariant: false };
    case 'option': {
      const units: (StockUnit & { available: number })[] = [];
      for (const group of item.groups) {
        if (!group.enableInventoryTracking) continue;
        const ids = new Set(selection[String(group.id)] ?? []);
        for (const o of group.options) if (ids.has(o.id)) units.push({ kind: 'option', id: o.id, name: `${item.name} (${o.name})`, available: sellable(o) });
      }
      return { units, missingVariant: false };
    }
    case 'variant': {
      const variant = findVariant(item, selection);
      if (!variant || !variant.active) return { units: [], missingVariant: true, ...(variant ? { variant } : {}) };
      return { units: [{ kind: 'variant', id: variant.id, name: `${item.name} (${variant.variantName})`, available: sellable(variant) }], missingVariant: false, variant };
    }
  }
}

/**
 * An option that cannot be chosen for lack of stock (§5): in option mode, a tracked group's option
 * with nothing left; in variant mode, an option that no active variant with stock contains.
 */
export function optionSoldOut(item: Pick<RuleItem, 'inventoryMode' | 'variants'>, group: Pick<RuleGroup, 'enableInventoryTracking'>, option: RuleOption): boolean {
  if (item.inventoryMode === 'option') return group.enableInventoryTracking && sellable(option) <= 0;
  if (item.inventoryMode === 'variant') return !item.variants.some((v) => v.active && sellable(v) > 0 && v.variantKey.split('-').map(Number).includes(option.id));
  return false;
}

/** How many units of this selection can be bought (null: unlimited). */
export function selectionAvailableQuantity(item: RuleItem, selection: OptionSelection): number | null {
  const { units, missingVariant } = stockUnitsOf(item, selection);
  if (missingVariant) return 0;
  if (units.length === 0) return item.inventoryMode === 'none' || item.inventoryMode === 'option' ? null : 0;
  return Math.min(...units.map((u) => u.available));
}

/** The quantity control's maximum: stock by variant, option or item; unlimited counts as 999. */
export function maxSelectableQuantity(available: number | null): number {
  return available === null ? WHOLESALE_UNLIMITED_STOCK : Math.min(available, WHOLESALE_UNLIMITED_STOCK);
}

/**
 * The stock check before adding (§5): `quantity` more of this selection when `inCart` are already
 * in the cart. Returns the spec's messages (empty when the add is fine).
 */
export function addToCartProblems(item: RuleItem, selection: OptionSelection, quantity: number, inCart = 0): string[] {
  const { units, missingVariant } = stockUnitsOf(item, selection);
  if (missingVariant) {
    const variant = findVariant(item, selection);
    return [variant ? WholesaleMessages.variantNoLongerAvailable : combinationUnavailableMessage(item.name, combinationName(item, selection))];
  }
  const problems: string[] = [];
  const wanted = quantity + inCart;
  for (const unit of units) {
    if (unit.available <= 0) problems.push(outOfStockMessage(unit.name));
    else if (unit.available < wanted) problems.push(onlyAvailableMessage(unit.name, unit.available, wanted));
  }
  return problems;
}

/**
 * The cart line's stock hint (§5): shown when the maximum is under 999 and at most 5 remain, or
 * stock is low or out. null: no hint.
 */
export function stockHint(input: { max: number | null | undefined; quantity: number; status?: WholesaleStockStatus | null; loading?: boolean }): string | null {
  if (input.loading) return 'Loading inventory...';
  // undefined: the stock could not be learned.
  if (input.max === undefined) return 'Inventory status unknown';
  if (input.max === null) return null;
  const remaining = input.max - input.quantity;
  const low = input.status === 'low_stock' || input.status === 'out_of_stock';
  if (!(input.max < WHOLESALE_UNLIMITED_STOCK && remaining <= WHOLESALE_LOW_STOCK_DISPLAY) && !low) return null;
  if (remaining <= 0) return 'Max reached';
  return `${remaining} more available`;
}

// ── Cart validation (§7, §8) ─────────────────────────────────────────────────────────────────

const CART_ISSUE_TYPES = [
  'out_of_stock',
  'insufficient_stock',
  'option_unavailable',
  'item_inactive',
  'item_not_found',
  'fundraiser_inactive',
  'price_changed',
  'invalid_options',
  'variant_unavailable',
  'variant_out_of_stock',
  'variant_insufficient_stock',
] as const;

export const CartIssueOutput = z.object({
  type: z.enum(CART_ISSUE_TYPES),
  message: z.string(),
  line: z.number().int(),
  item_id: z.number().int(),
  item_name: z.string().nullable(),
  option_id: z.number().int().nullable().optional(),
  option_name: z.string().nullable().optional(),
  group_name: z.string().nullable().optional(),
  available: z.number().int().nullable().optional(),
  requested: z.number().int().nullable().optional(),
  new_price: z.number().nullable().optional(),
  new_price_cents: z.number().int().nullable().optional(),
  variant_id: z.number().int().nullable().optional(),
  variant_key: z.string().nullable().optional(),
  variant_name: z.string().nullable().optional(),
});
export type CartIssue = z.infer<typeof CartIssueOutput>;

/** The message a cart issue shows (§8's wording where it has one). */
function cartIssueMessage(issue: Pick<CartIssue, 'type' | 'item_name' | 'available' | 'requested' | 'option_name' | 'variant_name'>): string {
  const name = issue.item_name ?? 'This item';
  switch (issue.type) {
    case 'insufficient_stock':
    case 'variant_insufficient_stock':
      return `Only ${issue.available ?? 0} left, you have ${issue.requested ?? 0}`;
    case 'fundraiser_inactive':
      return WholesaleMessages.fundraiserInactive;
    case 'price_changed':
      return `Price changed for ${name}, please review`;
    case 'out_of_stock':
      return outOfStockMessage(issue.option_name ? `${name} (${issue.option_name})` : name);
    case 'variant_out_of_stock':
      return outOfStockMessage(issue.variant_name ? `${name} (${issue.variant_name})` : name);
    case 'variant_unavailable':
      return combinationUnavailableMessage(name, issue.variant_name);
    case 'option_unavailable':
      return `${issue.option_name ?? 'An option'} is no longer available for ${name}`;
    case 'item_inactive':
      return `${name} is no longer offered`;
    case 'item_not_found':
      return `${name} is no longer available`;
    case 'invalid_options':
      return `Please review the options of ${name}`;
    default:
      return WholesaleMessages.unknownIssue;
  }
}

export interface CartLineForCheck {
  item_id: number;
  fundraiser_id?: number | undefined;
  name?: string | undefined;
  quantity: number;
  price_cents?: number | undefined;
  selected_options?: OptionSelection | undefined;
}

interface PricedWholesaleLine {
  line: number;
  item: RuleItem;
  selection: OptionSelection;
  quantity: number;
  unitPriceCents: Cents;
  lineTotalCents: Cents;
  variant: RuleVariant | undefined;
  selectedOptions: Record<string, string[]>;
  units: StockUnit[];
}

export interface WholesaleCartCheck {
  issues: CartIssue[];
  lines: PricedWholesaleLine[];
  totalCents: Cents;
  /** Stock rows the cart takes: "kind:id" → units. */
  demand: Map<string, { unit: StockUnit; quantity: number }>;
}

/**
 * The server's check of a cart against the catalog (read, or locked inside the order's
 * transaction). Every line is priced from the catalog; a client price that differs is a
 * price_changed issue; stock is checked cumulatively (two lines of one item share its stock).
 * `fundraiser` is the fundraiser the cart belongs to (null when missing or not current).
 */
export function checkWholesaleCart(
  fundraiser: { id: number; current: boolean } | null,
  items: ReadonlyMap<number, RuleItem>,
  lines: readonly CartLineForCheck[],
  options: { comparePrices?: boolean } = {},
): WholesaleCartCheck {
  const issues: CartIssue[] = [];
  const priced: PricedWholesaleLine[] = [];
  const remaining = new Map<string, number>();
  const demand = new Map<string, { unit: StockUnit; quantity: number }>();
  const compare = options.comparePrices ?? true;

  lines.forEach((line, index) => {
    const item = items.get(line.item_id);
    const base = { line: index, item_id: line.item_id, item_name: item?.name ?? line.name ?? null };
    const push = (issue: Omit<CartIssue, 'message' | 'line' | 'item_id' | 'item_name'> & Partial<Pick<CartIssue, 'item_name'>>) => {
      const full = { ...base, ...issue } as CartIssue;
      full.message = cartIssueMessage(full);
      issues.push(full);
    };
    if (!fundraiser || (line.fundraiser_id !== undefined && line.fundraiser_id !== fundraiser.id) || (item && item.fundraiserId !== fundraiser.id)) {
      if (!item) return push({ type: 'item_not_found' });
      return push({ type: 'fundraiser_inactive' });
    }
    if (!fundraiser.current) return push({ type: 'fundraiser_inactive' });
    if (!item) return push({ type: 'item_not_found' });
    if (!item.active) return push({ type: 'item_inactive' });

    const selection = normaliseSelection(line.selected_options ?? {});
    // Options: each must exist in its group and be available; groups must meet min/max.
    const known = new Map(item.groups.map((g) => [String(g.id), g]));
    for (const [groupId, ids] of Object.entries(selection)) {
      const group = known.get(groupId);
      if (!group) return push({ type: 'invalid_options' });
      for (const id of ids) {
        const option = group.options.find((o) => o.id === id);
        if (!option) return push({ type: 'option_unavailable', option_id: id, option_name: null, group_name: group.name });
        if (!option.available) return push({ type: 'option_unavailable', option_id: id, option_name: option.name, group_name: group.name });
      }
    }
    if (Object.keys(selectionProblems(item.groups, selection)).length > 0) return push({ type: 'invalid_options' });

    const unitPriceCents = wholesaleUnitPrice(item, selection);
    const { units, missingVariant, variant } = stockUnitsOf(item, selection);
    if (missingVariant) {
      return push({ type: 'variant_unavailable', variant_id: variant?.id ?? null, variant_key: variantKey(selectedOptionIds(selection)), variant_name: combinationName(item, selection) });
    }
    let stockIssue = false;
    for (const unit of units) {
      const key = `${unit.kind}:${unit.id}`;
      const left = remaining.get(key) ?? unit.available;
      const variantFields = unit.kind === 'variant' && variant ? { variant_id: variant.id, variant_key: variant.variantKey, variant_name: variant.variantName } : {};
      const optionFields = unit.kind === 'option' ? optionFieldsOf(item, unit.id) : {};
      if (left <= 0) {
        push({ type: unit.kind === 'variant' ? 'variant_out_of_stock' : 'out_of_stock', available: 0, requested: line.quantity, ...variantFields, ...optionFields });
        stockIssue = true;
      } else if (left < line.quantity) {
        push({ type: unit.kind === 'variant' ? 'variant_insufficient_stock' : 'insufficient_stock', available: left, requested: line.quantity, ...variantFields, ...optionFields });
        stockIssue = true;
      }
    }
    if (compare && line.price_cents !== undefined && line.price_cents !== unitPriceCents) {
      push({ type: 'price_changed', new_price: centsToDollars(unitPriceCents), new_price_cents: unitPriceCents });
    }
    if (stockIssue) return;
    for (const unit of units) {
      const key = `${unit.kind}:${unit.id}`;
      remaining.set(key, (remaining.get(key) ?? (unit as { available: number }).available) - line.quantity);
      const d = demand.get(key);
      if (d) d.quantity += line.quantity;
      else demand.set(key, { unit: { kind: unit.kind, id: unit.id, name: unit.name }, quantity: line.quantity });
    }
    priced.push({
      line: index,
      item,
      selection,
      quantity: line.quantity,
      unitPriceCents,
      lineTotalCents: unitPriceCents * line.quantity,
      variant,
      selectedOptions: selectedOptionNames(item, selection),
      units: units.map(({ kind, id, name }) => ({ kind, id, name })),
    });
  });
  return { issues, lines: priced, totalCents: priced.reduce((sum, l) => sum + l.lineTotalCents, 0), demand };
}

function optionFieldsOf(item: RuleItem, optionId: number) {
  for (const g of item.groups) {
    const o = g.options.find((x) => x.id === optionId);
    if (o) return { option_id: o.id, option_name: o.name, group_name: g.name };
  }
  return {};
}

/**
 * The cart check run before the server is asked (§5): an empty cart fails with 'Cart is empty', a
 * cart whose fundraiser is not known (no fundraiser id, or lines of another one) with 'No
 * fundraiser selected'. null when the server may check it.
 */
export function cartPrecheck(lines: readonly { fundraiserId?: number | null | undefined }[], fundraiserId: number | null | undefined): string | null {
  if (lines.length === 0) return WholesaleMessages.cartEmpty;
  const known = typeof fundraiserId === 'number' && Number.isInteger(fundraiserId) && fundraiserId > 0;
  if (!known || lines.some((l) => l.fundraiserId !== fundraiserId)) return WholesaleMessages.noFundraiser;
  return null;
}

/**
 * The words a validation answer shows (§8): nothing when valid; 'Some items in your cart need
 * attention' with issues; otherwise the server's message, or 'Cart validation failed'.
 */
export function cartValidationMessage(answer: { valid: boolean; issues: readonly unknown[] }, serverMessage?: string | null): string | null {
  if (answer.valid) return null;
  if (answer.issues.length > 0) return WholesaleMessages.needsAttention;
  return serverMessage?.trim() || WholesaleMessages.validationFailed;
}

/** How long the shop's toasts stay (§9). */
export const WHOLESALE_TOAST_MS = 5000;

// ── The cart's automatic fix (§4) ────────────────────────────────────────────────────────────

export interface FixableLine {
  quantity: number;
  priceCents: number;
}

/**
 * Applies the server's issues to the cart: lines that cannot be bought are removed, lines over the
 * stock are lowered to it, changed prices take the new price. Lines keep their order.
 */
export function fixCart<L extends FixableLine>(lines: readonly L[], issues: readonly Pick<CartIssue, 'type' | 'line' | 'available' | 'new_price_cents'>[]) {
  const next: (L | null)[] = lines.map((l) => ({ ...l }));
  let removed = 0;
  let adjusted = 0;
  let priceUpdated = 0;
  for (const issue of issues) {
    const line = next[issue.line];
    if (!line) continue;
    if (issue.type === 'insufficient_stock' || issue.type === 'variant_insufficient_stock') {
      const available = issue.available ?? 0;
      if (available > 0 && available < line.quantity) {
        line.quantity = available;
        adjusted++;
        continue;
      }
    }
    if (issue.type === 'price_changed') {
      if (issue.new_price_cents !== undefined && issue.new_price_cents !== null && line.priceCents !== issue.new_price_cents) {
        line.priceCents = issue.new_price_cents;
        priceUpdated++;
      }
      continue;
    }
    next[issue.line] = null;
    removed++;
  }
  return { lines: next.filter((l): l is L => l !== null), removed, adjusted, priceUpdated };
}

export function fixResultMessage(result: { removed: number; adjusted: number; priceUpdated: number }): string {
  if (result.removed + result.adjusted + result.priceUpdated === 0) return WholesaleMessages.cartAlreadyUpToDate;
  return `✓ Cart fixed! Removed ${result.removed}, adjusted ${result.adjusted}, price updated ${result.priceUpdated}.`;
}

// ── Contracts ────────────────────────────────────────────────────────────────────────────────

const id = z.coerce.number().int().min(1).max(INT4_MAX);
export const SlugParams = z.object({ slug: z.string().trim().min(1).max(120) });

/** The envelope every wholesale answer carries (§7). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.boolean(), message: z.string(), data });
}

export const SelectionInput = z
  .record(z.string().regex(/^\d{1,10}$/, 'Option group ids are numbers'), z.array(z.number().int().min(1).max(INT4_MAX)).max(50))
  .refine((r) => Object.keys(r).length <= 50, 'Too many option groups');

export const CartLineInput = z.object({
  item_id: z.number({ error: 'item_id is required' }).int().min(1).max(INT4_MAX),
  fundraiser_id: z.number().int().min(1).max(INT4_MAX).optional(),
  name: z.string().max(200).optional(),
  description: z.string().max(2000).optional(),
  quantity: z.number({ error: 'quantity is required' }).int('quantity must be a whole number').min(1, 'quantity must be at least 1').max(WHOLESALE_MAX_LINE_QUANTITY),
  price_cents: z.number().int().min(0).max(INT4_MAX).optional(),
  line_total_cents: z.number().int().min(0).max(INT4_MAX).optional(),
  selected_options: SelectionInput.optional(),
});
export type CartLineInput = z.infer<typeof CartLineInput>;

export const CartValidateInput = z.object({
  cart_items: z.array(CartLineInput).max(WHOLESALE_MAX_CART_LINES),
});
export type CartValidateInput = z.infer<typeof CartValidateInput>;

export const CartValidateOutput = envelope(
  z.object({ valid: z.boolean(), issues: z.array(CartIssueOutput), total_cents: z.number().int(), total: z.number() }),
);

export const QuantityInput = z.object({
  quantity: z.number({ error: 'quantity is required' }).int('quantity must be a whole number').min(1, 'quantity must be at least 1').max(WHOLESALE_MAX_LINE_QUANTITY),
  selected_options: SelectionInput.optional(),
});

export const AvailabilityOutput = envelope(
  z.object({
    available: z.boolean(),
    available_quantity: z.number().int().nullable(),
    requested: z.number().int(),
    errors: z.array(z.string()),
  }),
);

export const ParticipantOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  photoUrl: z.string().nullable(),
  description: z.string().nullable(),
  /** The participant's own message on their page (decision 0122). */
  message: z.string().nullable().optional(),
  hasGoal: z.boolean(),
  goalAmount: z.number().nullable(),
  goalCents: z.number().int().nullable(),
  raisedCents: z.number().int(),
  raisedAmount: z.number(),
  /** 0–100, rounded down; null without a goal. */
  progressPercent: z.number().int().nullable(),
});
export type ParticipantOutput = z.infer<typeof ParticipantOutput>;

export const FundraiserOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  status: z.enum(WHOLESALE_FUNDRAISER_STATUSES),
  card_image_url: z.string().nullable(),
  banner_url: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  pickup_display_name: z.string().nullable(),
  pickup_display_address: z.string().nullable(),
  pickup_instructions: z.string().nullable(),
  pickup_hours: z.string().nullable(),
  pickup_contact_name: z.string().nullable(),
  pickup_contact_phone: z.string().nullable(),
  /** When pickup opens (an instant, ISO 8601); null when not announced. */
  pickup_starts_at: z.string().nullable(),
  item_count: z.number().int(),
  participant_count: z.number().int(),
  /** Team progress (issue #36 item 1, decision 0111): the team's goal, the ledger's net raised, distinct supporters, whole days left (0: ends today; null: no end date). */
  goal_cents: z.number().int().nullable(),
  raised_cents: z.number().int(),
  progress_percent: z.number().int().nullable(),
  supporters_count: z.number().int(),
  days_left: z.number().int().nullable(),
  /** The percent of each sale the team receives (decision 0125), 0–100; null when not stated. */
  team_share_percent: z.number().int().nullable(),
});
export type FundraiserOutput = z.infer<typeof FundraiserOutput>;

export const VariantOutput = z.object({
  id: z.number().int(),
  item_id: z.number().int(),
  variant_key: z.string(),
  variant_name: z.string(),
  active: z.boolean(),
  stock_quantity: z.number().int(),
  damaged_quantity: z.number().int(),
  low_stock_threshold: z.number().int().nullable(),
  available_quantity: z.number().int(),
  stock_status: z.enum(['in_stock', 'low_stock', 'out_of_stock']),
});
export type VariantOutput = z.infer<typeof VariantOutput>;

const OptionOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  additional_price: z.number(),
  additional_price_cents: z.number().int(),
  available: z.boolean(),
  stock_quantity: z.number().int(),
  damaged_quantity: z.number().int(),
});

const OptionGroupOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  required: z.boolean(),
  min_select: z.number().int(),
  max_select: z.number().int(),
  enable_inventory_tracking: z.boolean(),
  options: z.array(OptionOutput),
});

export const ItemOutput = z.object({
  id: z.number().int(),
  fundraiser_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  sku: z.string().nullable(),
  price: z.number(),
  price_cents: z.number().int(),
  primary_image_url: z.string().nullable(),
  images: z.array(z.object({ image_url: z.string(), alt_text: z.string().nullable() })),
  active: z.boolean(),
  inventory_mode: z.enum(WHOLESALE_INVENTORY_MODES),
  in_stock: z.boolean(),
  stock_status: z.enum(['in_stock', 'low_stock', 'out_of_stock']),
  track_inventory: z.boolean(),
  available_quantity: z.number().int().nullable(),
  uses_option_level_inventory: z.boolean(),
  effective_available_quantity: z.number().int(),
  low_stock_threshold: z.number().int().nullable(),
  stock_quantity: z.number().int(),
  damaged_quantity: z.number().int(),
  track_variants: z.boolean(),
  item_variants: z.array(VariantOutput),
  option_groups: z.array(OptionGroupOutput),
});
export type ItemOutput = z.infer<typeof ItemOutput>;

export const FundraiserDetailOutput = FundraiserOutput.extend({
  participants: z.array(ParticipantOutput),
  items: z.array(ItemOutput),
});
export type FundraiserDetailOutput = z.infer<typeof FundraiserDetailOutput>;

const OrderItemOutput = z.object({
  id: z.number().int(),
  item_id: z.number().int().nullable(),
  name: z.string(),
  description: z.string(),
  sku: z.string().nullable(),
  price_cents: z.number().int(),
  quantity: z.number().int(),
  line_total_cents: z.number().int(),
  variant_description: z.string().nullable(),
  selected_options: z.record(z.string(), z.array(z.string())),
  selected_option_ids: z.record(z.string(), z.array(z.number().int())),
});

export const OrderOutput = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  status: z.enum(WHOLESALE_ORDER_STATUSES),
  statusLabel: z.string(),
  statusMessage: z.string(),
  paymentStatus: z.enum(WHOLESALE_PAYMENT_STATUSES),
  total: z.number(),
  totalCents: z.number().int(),
  totalPaid: z.number(),
  refundedCents: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  estimated_pickup_time: z.string().nullable(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string(),
  shippingAddress: z.string(),
  notes: z.string().nullable(),
  itemCount: z.number().int(),
  uniqueItemCount: z.number().int(),
  canCancel: z.boolean(),
  fundraiser: FundraiserOutput.pick({
    id: true,
    name: true,
    slug: true,
    status: true,
    pickup_display_name: true,
    pickup_display_address: true,
    pickup_instructions: true,
    pickup_hours: true,
    pickup_contact_name: true,
    pickup_contact_phone: true,
    pickup_starts_at: true,
  }),
  participant: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  payment: z
    .object({ processor: z.string(), card_brand: z.string().nullable(), card_last4: z.string().nullable(), transaction_id: z.string().nullable() })
    .nullable(),
  items: z.array(OrderItemOutput),
  /** What of the total is a donation and a round-up (decision 0120). */
  donationCents: z.number().int().optional(),
  roundUpCents: z.number().int().optional(),
  /** Only in the answer to the order's creation: the guest's key to its pages. */
  access_token: z.string().optional(),
});
export type OrderOutput = z.infer<typeof OrderOutput>;

const requiredText = (message: string, max = 200) => z.string({ error: message }).trim().min(1, message).max(max);

export const CheckoutCustomerInput = z.object({
  customerName: requiredText(WholesaleMessages.nameRequired),
  customerEmail: requiredText(WholesaleMessages.emailRequired, 254).pipe(z.email({ error: WholesaleMessages.emailInvalid })),
  // The platform's one phone rule (decision 0031): the spec's form or a valid international number, stored E.164.
  customerPhone: requiredText(WholesaleMessages.phoneRequired, 40).refine(isAcceptedPhone, { message: phoneRuleMessage() }).transform(normalizePhone),
  shippingAddress: requiredText(WholesaleMessages.pickupRequired, 500),
  notes: z.string().trim().max(2000).optional().nullable(),
  /** null: general support of the organisation. */
  participantId: z.number().int().min(1).max(INT4_MAX).nullable().optional(),
  /** The supporter asks for a text on pickup day (decision 0123); off unless ticked. */
  pickupReminder: z.boolean().optional(),
  /** How the supporters wall shows this supporter (decision 0119); anonymous unless they choose their name. */
  supporterDisplay: z.enum(WHOLESALE_SUPPORTER_DISPLAYS).optional(),
});
export type CheckoutCustomerInput = z.infer<typeof CheckoutCustomerInput>;

/** The checkout form's field errors, in the spec's words (the SPA runs it before the server does). */
export function checkoutFieldErrors(form: { customerName?: string; customerEmail?: string; customerPhone?: string; pickupLocation?: string }): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!form.customerName?.trim()) errors.customerName = WholesaleMessages.nameRequired;
  const email = form.customerEmail?.trim() ?? '';
  if (!email) errors.customerEmail = WholesaleMessages.emailRequired;
  else if (!z.email().safeParse(email).success) errors.customerEmail = WholesaleMessages.emailInvalid;
  if (!form.customerPhone?.trim()) errors.customerPhone = WholesaleMessages.phoneRequired;
  else if (!isAcceptedPhone(form.customerPhone)) errors.customerPhone = phoneRuleMessage();
  if (!form.pickupLocation?.trim()) errors.pickupLocation = WholesaleMessages.pickupRequired;
  return errors;
}

/** A donation and a round-up at checkout (decision 0120): whole cents, 0 to $10,000.00; the server computes the round-up. */
const DonationFields = {
  donation_cents: z
    .number({ error: SupporterMessages.donationWhole })
    .int(SupporterMessages.donationWhole)
    .min(0, SupporterMessages.donationNegative)
    .max(WHOLESALE_DONATION_MAX_CENTS, SupporterMessages.donationTooLarge)
    .optional(),
  round_up: z.boolean().optional(),
};

/** A checkout holds items, a donation, or both (a donation-only order has no items). */
function itemsOrDonation(value: { cart_items: readonly unknown[]; donation_cents?: number | undefined }, ctx: z.RefinementCtx): void {
  if (value.cart_items.length === 0 && !(value.donation_cents && value.donation_cents > 0)) {
    ctx.addIssue({ code: 'custom', path: ['cart_items'], message: WholesaleMessages.cartEmpty });
  }
}

export const PaymentOpenInput = z
  .object({
    fundraiser_id: z.number({ error: 'fundraiser_id is required' }).int().min(1).max(INT4_MAX),
    cart_items: z.array(CartLineInput).max(WHOLESALE_MAX_CART_LINES),
    ...DonationFields,
  })
  .superRefine(itemsOrDonation);
export type PaymentOpenInput = z.infer<typeof PaymentOpenInput>;

export const OrderCreateInput = z
  .object({
    order: CheckoutCustomerInput,
    fundraiser_id: z.number().int().min(1).max(INT4_MAX).optional(),
    cart_items: z.array(CartLineInput).max(WHOLESALE_MAX_CART_LINES),
    payment_id: z.uuid({ error: 'payment_id is required' }),
    ...DonationFields,
  })
  .superRefine(itemsOrDonation);
export type OrderCreateInput = z.infer<typeof OrderCreateInput>;

export const OrdersQuery = z.object({
  status: z.enum(WHOLESALE_ORDER_STATUSES).optional(),
  fundraiser: z.string().trim().max(200).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});

export const TokenQuery = z.object({ token: z.string().min(10).max(100).optional() });

/** A guest finding an order again (decision 0123): the e-mail it was placed with and its number. */
export const OrderLookupInput = z.object({
  email: requiredText(WholesaleMessages.emailRequired, 254).pipe(z.email({ error: WholesaleMessages.emailInvalid })),
  order_number: z
    .string({ error: WholesaleMessages.orderNumberRequired })
    .trim()
    .min(1, WholesaleMessages.orderNumberRequired)
    .max(20)
    .regex(/^(w-?)?\d{1,12}$/i, WholesaleMessages.orderNumberInvalid),
});
export type OrderLookupInput = z.infer<typeof OrderLookupInput>;
/** An order number as the shop writes it, from what a guest typed ('w20001', '20001' → 'W-20001'). */
export function normaliseOrderNumber(typed: string): string {
  return `W-${typed.trim().replace(/^w-?/i, '')}`;
}

// ── Management contracts ─────────────────────────────────────────────────────────────────────

const optionalText = (max = 2000) => z.string().trim().max(max).nullable().optional();

export const TEAM_SHARE_MESSAGE = 'Enter the team share as a whole percent from 0 to 100';

export const FundraiserInput = z.object({
  name: requiredText('Name is required'),
  slug: z
    .string()
    .trim()
    .min(1, 'Slug is required')
    .max(100)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Slug may use lower-case letters, digits and single hyphens'),
  description: z.string().trim().max(5000).default(''),
  status: z.enum(WHOLESALE_FUNDRAISER_STATUSES).default('draft'),
  start_date: z.iso.date().nullable().optional(),
  end_date: z.iso.date().nullable().optional(),
  card_image_url: optionalText(500),
  banner_url: optionalText(500),
  pickup_display_name: optionalText(200),
  pickup_display_address: optionalText(500),
  pickup_instructions: optionalText(),
  pickup_hours: optionalText(200),
  pickup_contact_name: optionalText(200),
  pickup_contact_phone: optionalText(40),
  /** When pickup opens: the restaurant's wall-clock time ('2026-12-20T09:00') or an instant with its offset. */
  goal_cents: z.number().int().min(1).max(INT4_MAX).nullable().optional(),
  /** The percent of each sale the team receives (decision 0125): a whole number from 0 to 100; null: not stated. Admins only. */
  team_share_percent: z
    .number({ error: TEAM_SHARE_MESSAGE })
    .int(TEAM_SHARE_MESSAGE)
    .min(0, TEAM_SHARE_MESSAGE)
    .max(100, TEAM_SHARE_MESSAGE)
    .nullable()
    .optional(),
  pickup_starts_at: z
    .string()
    .trim()
    .max(40)
    .refine((v) => !Number.isNaN(parseRestaurantDateTime(v)), 'Enter a date and time, e.g. 2026-12-20T09:00')
    .nullable()
    .optional(),
});
export type FundraiserInput = z.infer<typeof FundraiserInput>;

/** A participant's personal message, at most this many characters (the database checks it too). */
export const PARTICIPANT_MESSAGE_MAX = 280;
const PARTICIPANT_PHOTO_URL = /^(\/(uploads|images)\/[\w./-]+|https:\/\/[^\s"'<>]+)$/;

export const ParticipantInput = z.object({
  name: requiredText('Name is required'),
  description: optionalText(),
  /** An uploaded image (/uploads/…), one of the app's own (/images/…) or an https address. */
  photo_url: optionalText(500).refine((v) => !v || PARTICIPANT_PHOTO_URL.test(v), WholesaleMessages.participantPhotoInvalid),
  message: z.string().trim().max(PARTICIPANT_MESSAGE_MAX, WholesaleMessages.participantMessageTooLong).nullable().optional(),
  goal_cents: z.number().int().min(1).max(INT4_MAX).nullable().optional(),
  active: z.boolean().default(true),
});
export type ParticipantInput = z.infer<typeof ParticipantInput>;

const stock = z.number().int().min(0).max(INT4_MAX);

/**
 * An item as management writes it. On an edit (PUT) the groups and options are matched to the
 * item's own by id, else by name (the screen's text form names them), and updated in place, so
 * order lines, carts and stock keep pointing at the same rows; a stock field left out keeps the
 * stock as it is (sales since the form was opened are not undone). On creation it counts as 0.
 */
export const ItemInput = z.object({
  name: requiredText('Name is required'),
  description: z.string().trim().max(5000).default(''),
  sku: optionalText(100),
  price_cents: z.number({ error: 'price_cents is required' }).int().min(0).max(INT4_MAX),
  images: z.array(z.object({ image_url: z.string().max(500), alt_text: z.string().max(300).nullable() })).max(10).default([]),
  inventory_mode: z.enum(WHOLESALE_INVENTORY_MODES).default('none'),
  stock_quantity: stock.optional(),
  damaged_quantity: stock.optional(),
  low_stock_threshold: stock.nullable().optional(),
  active: z.boolean().default(true),
  option_groups: z
    .array(
      z.object({
        id: z.number().int().min(1).max(INT4_MAX).optional(),
        name: requiredText('Group name is required'),
        min_select: z.number().int().min(0).max(50).default(0),
        max_select: z.number().int().min(1).max(50).default(1),
        enable_inventory_tracking: z.boolean().default(false),
        options: z
          .array(
            z.object({
              id: z.number().int().min(1).max(INT4_MAX).optional(),
              name: requiredText('Option name is required'),
              additional_price_cents: z.number().int().min(0).max(INT4_MAX).default(0),
              available: z.boolean().default(true),
              stock_quantity: stock.optional(),
              damaged_quantity: stock.optional(),
            }),
          )
          .max(50),
      }),
    )
    .max(10)
    .default([]),
  /** Variant stock by option names ('Large / Red' → stock); variants are generated from the options. A variant left out keeps its stock (a new one starts at 0). */
  variant_stock: z.record(z.string().max(500), stock).optional(),
});
export type ItemInput = z.infer<typeof ItemInput>;

export const VariantUpdateInput = z.object({
  stock_quantity: stock.optional(),
  damaged_quantity: stock.optional(),
  low_stock_threshold: stock.nullable().optional(),
  active: z.boolean().optional(),
});

export const AdminOrdersQuery = z.object({
  fundraiser_id: id.optional(),
  participant_id: z.union([id, z.literal('general')]).optional(),
  status: z.enum(WHOLESALE_ORDER_STATUSES).optional(),
});

export const StatusChangeInput = z.object({ status: z.enum(WHOLESALE_ORDER_STATUSES) });
export const BulkStatusInput = z.object({
  order_ids: z.array(z.number().int().min(1).max(INT4_MAX)).min(1, 'Choose at least one order').max(500),
  status: z.enum(WHOLESALE_ORDER_STATUSES),
});

export const DashboardOutput = z.object({
  fundraiser: FundraiserOutput,
  orders: z.number().int(),
  cancelled_orders: z.number().int(),
  items_sold: z.number().int(),
  gross_cents: z.number().int(),
  net_raised_cents: z.number().int(),
  general_support_cents: z.number().int(),
  /** Clear money (decision 0125): sales net of refunds, and what the team receives of them (its share, plus donations). */
  net_sales_cents: z.number().int(),
  team_share_percent: z.number().int().nullable(),
  team_raised_cents: z.number().int().nullable(),
  participants: z.array(ParticipantOutput),
});
export type DashboardOutput = z.infer<typeof DashboardOutput>;

/** Goal progress from the ledger's net: 0–100, rounded down; null without a goal. */
export function goalProgress(raisedCents: number, goalCents: number | null): number | null {
  if (!goalCents) return null;
  return Math.max(0, Math.min(100, Math.floor((raisedCents * 100) / goalCents)));
}

/** 'Pickup at {name}, {address}' — the order's shippingAddress composed from the fundraiser's pickup details. */
export function pickupText(f: { pickup_display_name: string | null; pickup_display_address: string | null }, fallbackAddress: string): string {
  const parts = [f.pickup_display_name, f.pickup_display_address ?? fallbackAddress].filter(Boolean);
  return `Pickup: ${parts.join(', ')}`;
}

// ── Supporters (issue #36 items 2, 4; decisions 0119, 0121) ──────────────────────────────────

/** GET /fundraisers/{slug}/leaderboard: participants by amount raised, and the recent supporters wall. */
export const LeaderboardOutput = z.object({
  participants: z.array(
    z.object({
      rank: z.number().int(),
      id: z.number().int(),
      name: z.string(),
      photoUrl: z.string().nullable(),
      raisedCents: z.number().int(),
      goalCents: z.number().int().nullable(),
      progressPercent: z.number().int().nullable(),
    }),
  ),
  /** Most recent first; display_name is 'Maria C.' or 'Anonymous' (the server derives it). */
  supporters: z.array(z.object({ display_name: z.string(), participant_name: z.string().nullable(), created_at: z.string() })),
});
export type LeaderboardOutput = z.infer<typeof LeaderboardOutput>;

/** GET /orders/{id}/impact: what the order added to its participant's (or the team's) goal, from the ledger. */
export const ImpactOutput = z.object({
  added_cents: z.number().int(),
  participant_id: z.number().int().nullable(),
  recipient_name: z.string().nullable(),
  raised_cents: z.number().int(),
  goal_cents: z.number().int().nullable(),
  progress_percent: z.number().int().nullable(),
  fundraiser_slug: z.string(),
  fundraiser_name: z.string(),
});
export type ImpactOutput = z.infer<typeof ImpactOutput>;

/**
 * A participant's opt-in to hear when someone supports them (decision 0121), set in management:
 * none, a text to a phone (the platform's phone rule, stored E.164) or an e-mail.
 */
export const ParticipantNotifyInput = z
  .object({
    channel: z.enum(WHOLESALE_NOTIFY_CHANNELS, { error: 'Choose none, text or e-mail' }),
    contact: z.string().trim().max(254).nullable().optional(),
  })
  .superRefine((value, ctx) => {
    const contact = value.contact?.trim() ?? '';
    if (value.channel === 'sms' && !isAcceptedPhone(contact)) ctx.addIssue({ code: 'custom', path: ['contact'], message: contact ? phoneRuleMessage() : WholesaleMessages.phoneRequired });
    if (value.channel === 'email' && !z.email().safeParse(contact).success) ctx.addIssue({ code: 'custom', path: ['contact'], message: contact ? WholesaleMessages.emailInvalid : WholesaleMessages.emailRequired });
  })
  .transform((value) => ({
    channel: value.channel,
    contact: value.channel === 'none' ? null : value.channel === 'sms' ? normalizePhone(value.contact!.trim()) : value.contact!.trim().toLowerCase(),
  }));
export type ParticipantNotifyInput = z.input<typeof ParticipantNotifyInput>;

export const ParticipantNotifyOutput = z.object({ participant_id: z.number().int(), channel: z.enum(WHOLESALE_NOTIFY_CHANNELS), contact: z.string().nullable() });
export type ParticipantNotifyOutput = z.infer<typeof ParticipantNotifyOutput>;
