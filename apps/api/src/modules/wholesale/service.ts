import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gte, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { centsToDollars } from '@kusina/domain/money';
import { zonedParts } from '@kusina/domain/restaurant-schedule';
import { RestaurantDefaults } from '@kusina/domain/restaurants';
import {
  addToCartProblems,
  canCancelOrder,
  canTransition,
  checkWholesaleCart,
  combinationName,
  findVariant,
  fundraiserTakesOrders,
  normaliseSelection,
  selectedOptionIds,
  selectionAvailableQuantity,
  variantKey,
  WholesaleMessages,
  type CartIssue,
  type CartLineInput,
  type FundraiserDetailOutput,
  FundraiserOutput,
  type ItemOutput,
  type OptionSelection,
  type OrderCreateInput,
  type OrderOutput,
  type PaymentOpenInput,
  type RuleItem,
  type VariantOutput,
  type WholesaleCartCheck,
} from '@kusina/domain/wholesale';
import type { DbOrTx } from '../../db/client.ts';
import {
  payments,
  restaurants,
  wholesaleCartLines,
  wholesaleFundraisers,
  wholesaleItems,
  wholesaleItemVariants,
  wholesaleOptions,
  wholesaleOrderItems,
  wholesaleOrders,
  wholesaleOrderStatusEvents,
  wholesaleParticipants,
} from '../../db/schema/index.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { isUniqueViolation, transaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/errors.ts';
import type { Auth } from '../../lib/access.ts';
import { rooms } from '../../realtime/socket.ts';
import { withinDestinationLimits } from '../notifications/service.ts';
import { lookupTokenOpens } from './lookup.ts';
import { enqueueNotifications, type NotificationMessage } from '../notifications/service.ts';
import { PaymentDeclinedError, processorFor } from '../payments/service.ts';
import {
  createOutput,
  ensureAuthorized,
  findPayment,
  openProcessorPayment,
  paymentFailed,
  processorRef,
  settleFailedOrderPayment,
  releasePayment,
  WHOLESALE_QUOTE_PREFIX,
  type PaymentRow,
} from '../payments/service.ts';
import {
  canSeeOrder,
  findFundraiser,
  findFundraiserBySlug,
  findOrder,
  loadItems,
  orderOutputOf,
  participantProgress,
  participantsOf,
  toFundraiserOutput,
  toItemOutput,
  toOrderOutputs,
  toVariantOutput,
  type CatalogItem,
  type FundraiserRow,
  type WholesaleOrderRow,
} from './repository.ts';
import type { ServiceDeps } from '../../deps.ts';
import { amountsOf, creditOrder, reverseOrderCredit } from './donations.ts';
import { impactOf, supportedMessages } from './impact.ts';
import { leaderboardOf } from './leaderboard.ts';
import type { ListBody } from './list-cache.ts';

/** The part of the services' dependencies (decision 0095) the fundraiser shop uses. */
// A participant page's link preview for the SPA's server (decision 0122).
export { participantPreview } from './share.ts';
// Guest lookups and pickup-day texts (decision 0123).
export { requestOrderLink } from './lookup.ts';
export { sendDuePickupReminders, startWholesaleJobs } from './reminders.ts';

export type WholesaleDeps = Pick<ServiceDeps, 'db' | 'pool' | 'config' | 'log' | 'boss' | 'realtime' | 'clock'>;

/** What a payment row opened for a fundraiser order carries in quote_hash (so no storefront payment pays one). */
const QUOTE_PREFIX = WHOLESALE_QUOTE_PREFIX;

export const WholesaleEvents = {
  newOrder: 'wholesale_new_order',
  orderUpdated: 'wholesale_order_updated',
  itemStockUpdated: 'wholesale_item_stock_updated',
  fundraiserUpdated: 'wholesale_fundraiser_updated',
  participantGoalUpdated: 'wholesale_participant_goal_updated',
} as const;

/** The restaurant's calendar date now (Guam), by the app's clock: what end dates are judged by (decision 0110). */
export function shopToday(deps: Pick<ServiceDeps, 'clock'>): string {
  return zonedParts(deps.clock().getTime()).date;
}

/** Whether the fundraiser takes orders today: current, and not past its end date (decision 0110). */
function takesOrders(deps: Pick<ServiceDeps, 'clock'>, row: Pick<FundraiserRow, 'status' | 'endDate'>): boolean {
  return fundraiserTakesOrders(row, shopToday(deps));
}

function cartIssuesError(issues: CartIssue[]): AppError {
  return AppError.conflict(WholesaleMessages.cartHasIssues, { issues });
}

// ── Fundraisers and items ────────────────────────────────────────────────────────────────────

/**
 * A fundraiser's active items and participants and its team progress (decision 0111), computed in
 * the statement that reads its row — each a scalar subquery on a fundraiser_id index — so a list
 * is one round trip: raised is the ledger's net (sales less reversals, general support included),
 * supporters the distinct e-mails of its orders not cancelled, days_left its end date less today
 * (the restaurant's date, passed in: the app's clock). Written with the outer table named, since
 * Drizzle leaves a one-table query's columns unqualified.
 */
function fundraiserColumns(today: SQL | SQL.Aliased | ReturnType<typeof sql.placeholder> | string) {
  return {
    row: wholesaleFundraisers,
    items: sql<number>`(SELECT count(*)::int FROM wholesale_items i WHERE i.fundraiser_id = ${wholesaleFundraisers}.id AND i.active)`,
    participants: sql<number>`(SELECT count(*)::int FROM wholesale_participants p WHERE p.fundraiser_id = ${wholesaleFundraisers}.id AND p.active)`,
    raised: sql<number>`(SELECT coalesce(sum(c.amount_cents), 0)::int FROM wholesale_participant_credits c WHERE c.fundraiser_id = ${wholesaleFundraisers}.id)`,
    supporters: sql<number>`(SELECT count(DISTINCT lower(o.customer_email))::int FROM wholesale_orders o WHERE o.fundraiser_id = ${wholesaleFundraisers}.id AND o.status <> 'cancelled')`,
    daysLeft: sql<number | null>`(${wholesaleFundraisers}.end_date - ${today}::date)`,
  };
}

type FundraiserColumns = { row: FundraiserRow; items: number; participants: number; raised: number; supporters: number; daysLeft: number | null };

function outputOf({ row, ...counts }: FundraiserColumns): FundraiserOutput {
  return toFundraiserOutput(row, counts);
}

/** The fundraisers matching `where`, in `orderBy` order, as the shop and the admin list show them. */
export async function fundraiserList(db: DbOrTx, today: string, where: SQL | undefined, orderBy: SQL[]): Promise<FundraiserOutput[]> {
  const rows = await db.select(fundraiserColumns(today)).from(wholesaleFundraisers).where(where).orderBy(...orderBy);
  return rows.map(outputOf);
}

/** One fundraiser already read, with its counts and progress. */
export async function fundraiserOutput(db: DbOrTx, today: string, row: FundraiserRow): Promise<FundraiserOutput> {
  const { row: _row, ...columns } = fundraiserColumns(today);
  const [counts] = await db.select(columns).from(wholesaleFundraisers).where(eq(wholesaleFundraisers.id, row.id));
  return toFundraiserOutput(row, counts ?? { items: 0, participants: 0, raised: 0, supporters: 0, daysLeft: null });
}

/**
 * The shop's list, one fixed-shape statement prepared once per connection: its current fundraisers
 * whose name matches a LIKE pattern ('%' without a search; names are never null).
 */
const shopFundraisers = preparedQuery((db) =>
  db
    .select(fundraiserColumns(sql.placeholder('today')))
    .from(wholesaleFundraisers)
    .where(
      and(
        eq(wholesaleFundraisers.restaurantId, sql.placeholder('restaurantId')),
        eq(wholesaleFundraisers.status, 'current'),
        // Past its end date a current fundraiser is closed (decision 0110): the shop no longer lists it.
        sql`(${wholesaleFundraisers.endDate} IS NULL OR ${wholesaleFundraisers.endDate} >= ${sql.placeholder('today')}::date)`,
        ilike(wholesaleFundraisers.name, sql.placeholder('pattern')),
      ),
    )
    .orderBy(asc(wholesaleFundraisers.endDate), asc(wholesaleFundraisers.id))
    .prepare('wholesale_shop_fundraisers'),
);

/** GET /fundraisers: the current ones (the only visible status) not past their end date, optionally matching a search. */
export async function listFundraisers(deps: Pick<ServiceDeps, 'db' | 'clock'>, restaurantId: number, search?: string): Promise<FundraiserOutput[]> {
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : '%';
  const rows = await shopFundraisers(deps.db).execute({ restaurantId, pattern, today: shopToday(deps) });
  return rows.map(outputOf);
}

/**
 * GET /fundraisers without a search, from the list cache (decision 0126): loaded and serialized
 * once per restaurant and Guam day until a write invalidates it on every node.
 */
export async function fundraiserListBody(deps: Pick<ServiceDeps, 'db' | 'clock' | 'wholesaleListCache'>, restaurantId: number): Promise<ListBody> {
  const today = shopToday(deps);
  return deps.wholesaleListCache.get(restaurantId, today, async () => {
    const fundraisers = await listFundraisers(deps, restaurantId);
    const value = { success: true, message: '', data: { fundraisers: fundraisers.map((f) => FundraiserOutput.parse(f)) } };
    return { value, json: JSON.stringify(value) };
  });
}

/** A fundraiser a supporter may open: 404 when missing or a draft, 403 when it has ended (§2) or is past its end date (decision 0110). */
async function openFundraiser(deps: Pick<ServiceDeps, 'db' | 'clock'>, restaurantId: number, slug: string): Promise<FundraiserRow> {
  const row = await findFundraiserBySlug(deps.db, restaurantId, slug);
  if (!row || row.status === 'draft') throw AppError.notFound(WholesaleMessages.fundraiserNotAvailable);
  if (!takesOrders(deps, row)) throw AppError.forbidden(WholesaleMessages.fundraiserNotAccepting);
  return row;
}

export async function getFundraiser(deps: Pick<ServiceDeps, 'db' | 'clock'>, restaurantId: number, slug: string): Promise<FundraiserDetailOutput> {
  const row = await openFundraiser(deps, restaurantId, slug);
  const [summary, participants, items] = await Promise.all([
    fundraiserOutput(deps.db, shopToday(deps), row),
    participantsOf(deps.db, row.id),
    loadItems(deps.db, { fundraiserIds: [row.id] }),
  ]);
  return { ...summary, participants, items: items.filter((i) => i.active).map(toItemOutput) };
}

/** GET /fundraisers/:slug/leaderboard: participants by amount raised and the supporters wall (issue #36 item 2). */
export async function getLeaderboard(deps: Pick<ServiceDeps, 'db' | 'clock'>, restaurantId: number, slug: string) {
  const row = await openFundraiser(deps, restaurantId, slug);
  return leaderboardOf(deps.db, row.id);
}

export async function fundraiserItems(deps: Pick<ServiceDeps, 'db' | 'clock'>, restaurantId: number, slug: string): Promise<ItemOutput[]> {
  const row = await openFundraiser(deps, restaurantId, slug);
  return (await loadItems(deps.db, { fundraiserIds: [row.id] })).filter((i) => i.active).map(toItemOutput);
}

/** An item of a current fundraiser of this restaurant (404 otherwise). */
async function shopItem(deps: Pick<ServiceDeps, 'db' | 'clock'>, restaurantId: number, itemId: number): Promise<CatalogItem> {
  const [item] = await loadItems(deps.db, { itemIds: [itemId] });
  const fundraiser = item ? await findFundraiser(deps.db, item.fundraiserId) : null;
  if (!item || !item.active || !fundraiser || fundraiser.restaurantId !== restaurantId || !takesOrders(deps, fundraiser)) {
    throw AppError.notFound(WholesaleMessages.itemNotFound);
  }
  return item;
}

export async function getItem(deps: Pick<ServiceDeps, 'db' | 'clock'>, restaurantId: number, itemId: number): Promise<ItemOutput> {
  return toItemOutput(await shopItem(deps, restaurantId, itemId));
}

export interface AvailabilityAnswer {
  available: boolean;
  available_quantity: number | null;
  requested: number;
  errors: string[];
}

/** POST /items/:id/check_availability: the §5 stock check for `quantity` more of a selection. */
export async function checkItemAvailability(deps: Pick<ServiceDeps, 'db' | 'clock'>, restaurantId: number, itemId: number, quantity: number, selection: OptionSelection = {}): Promise<AvailabilityAnswer> {
  const item = await shopItem(deps, restaurantId, itemId);
  const errors = addToCartProblems(item, normaliseSelection(selection), quantity);
  return { available: errors.length === 0, available_quantity: selectionAvailableQuantity(item, normaliseSelection(selection)), requested: quantity, errors };
}

// ── Variants ─────────────────────────────────────────────────────────────────────────────────

export async function itemVariants(deps: Pick<ServiceDeps, 'db' | 'clock'>, restaurantId: number, itemId: number): Promise<VariantOutput[]> {
  const item = await shopItem(deps, restaurantId, itemId);
  return item.variants.map((v) => toVariantOutput(item.id, v));
}

async function shopVariant(deps: Pick<ServiceDeps, 'db' | 'clock'>, restaurantId: number, variantId: number, itemId?: number): Promise<{ item: CatalogItem; variant: RuleItem['variants'][number] }> {
  const [row] = await deps.db.select({ itemId: wholesaleItemVariants.itemId }).from(wholesaleItemVariants).where(eq(wholesaleItemVariants.id, variantId)).limit(1);
  if (!row || (itemId !== undefined && row.itemId !== itemId)) throw AppError.notFound(WholesaleMessages.variantNotFound);
  const item = await shopItem(deps, restaurantId, row.itemId);
  const variant = item.variants.find((v) => v.id === variantId);
  if (!variant) throw AppError.notFound(WholesaleMessages.variantNotFound);
  return { item, variant };
}

export async function getVariant(deps: Pick<ServiceDeps, 'db' | 'clock'>, restaurantId: number, variantId: number, itemId?: number): Promise<VariantOutput> {
  const { item, variant } = await shopVariant(deps, restaurantId, variantId, itemId);
  return toVariantOutput(item.id, variant);
}

export async function variantStockStatus(deps: Pick<ServiceDeps, 'db' | 'clock'>, restaurantId: number, variantId: number, itemId?: number) {
  const v = await getVariant(deps, restaurantId, variantId, itemId);
  return { variant_id: v.id, variant_key: v.variant_key, in_stock: v.stock_status !== 'out_of_stock', stock_status: v.stock_status, available_quantity: v.available_quantity };
}

function variantCheck(item: CatalogItem, variant: RuleItem['variants'][number], quantity: number): AvailabilityAnswer {
  const available = variant.active ? Math.max(0, variant.stockQuantity - variant.damagedQuantity) : 0;
  const name = `${item.name} (${variant.variantName})`;
  const errors = !variant.active
    ? [WholesaleMessages.variantNoLongerAvailable]
    : available <= 0
      ? [`${name} is out of stock`]
      : available < quantity
        ? [`${name} has only ${available} available (you're trying to add ${quantity})`]
        : [];
  return { available: errors.length === 0, available_quantity: available, requested: quantity, errors };
}

export async function checkVariantAvailability(deps: Pick<ServiceDeps, 'db' | 'clock'>, restaurantId: number, variantId: number, quantity: number, itemId?: number): Promise<AvailabilityAnswer> {
  const { item, variant } = await shopVariant(deps, restaurantId, variantId, itemId);
  return variantCheck(item, variant, quantity);
}

/** POST /items/:id/variants/bulk_stock_check: each asked variant (by id or key) against a quantity. */
export async function bulkVariantCheck(deps: Pick<ServiceDeps, 'db' | 'clock'>, restaurantId: number, itemId: number, asks: { variant_id?: number | undefined; variant_key?: string | undefined; quantity: number }[]) {
  const item = await shopItem(deps, restaurantId, itemId);
  return asks.map((ask) => {
    const variant = item.variants.find((v) => (ask.variant_id !== undefined ? v.id === ask.variant_id : v.variantKey === ask.variant_key));
    if (!variant) {
      return { variant_id: ask.variant_id ?? null, variant_key: ask.variant_key ?? null, available: false, available_quantity: 0, requested: ask.quantity, errors: [WholesaleMessages.variantNoLongerAvailable] };
    }
    return { variant_id: variant.id, variant_key: variant.variantKey, ...variantCheck(item, variant, ask.quantity) };
  });
}

/** POST /items/:id/variants/validate_combinations: which option combinations exist as active variants. */
export async function validateCombinations(deps: Pick<ServiceDeps, 'db' | 'clock'>, restaurantId: number, itemId: number, combinations: OptionSelection[]) {
  const item = await shopItem(deps, restaurantId, itemId);
  return combinations.map((selection) => {
    const key = variantKey(selectedOptionIds(selection));
    const variant = findVariant(item, selection);
    const valid = !!variant && variant.active;
    return {
      variant_key: key,
      valid,
      variant_id: variant?.id ?? null,
      variant_name: variant?.variantName ?? combinationName(item, selection),
      available_quantity: valid ? Math.max(0, variant.stockQuantity - variant.damagedQuantity) : 0,
      message: valid ? null : variant ? WholesaleMessages.variantNoLongerAvailable : `${combinationName(item, selection) || 'This combination'} is not available for ${item.name}`,
    };
  });
}

// ── Cart validation ──────────────────────────────────────────────────────────────────────────

/** The fundraiser a cart belongs to: the lines' fundraiser_id, else the first item's. */
async function cartFundraiser(db: DbOrTx, restaurantId: number, lines: readonly CartLineInput[], items: CatalogItem[], explicit?: number, lock = false): Promise<FundraiserRow | null> {
  const id = explicit ?? lines.find((l) => l.fundraiser_id !== undefined)?.fundraiser_id ?? items.find((i) => i.id === lines[0]?.item_id)?.fundraiserId;
  if (id === undefined) return null;
  const query = db
    .select()
    .from(wholesaleFundraisers)
    .where(and(eq(wholesaleFundraisers.id, id), eq(wholesaleFundraisers.restaurantId, restaurantId)))
    .limit(1);
  const [row] = lock ? await query.for('share') : await query;
  return row ?? null;
}

/**
 * The cart against the catalog read through `db` (the order's transaction passes its own, with the
 * fundraiser locked): a fundraiser not current or past its end date today makes every line
 * fundraiser_inactive (decision 0110).
 */
async function checkCart(
  deps: Pick<ServiceDeps, 'clock'>,
  db: DbOrTx,
  restaurantId: number,
  lines: readonly CartLineInput[],
  explicitFundraiser?: number,
  lock = false,
): Promise<{ check: WholesaleCartCheck; fundraiser: FundraiserRow | null }> {
  const items = await loadItems(db, { itemIds: [...new Set(lines.map((l) => l.item_id))] });
  const fundraiser = await cartFundraiser(db, restaurantId, lines, items, explicitFundraiser, lock);
  const check = checkWholesaleCart(fundraiser && { id: fundraiser.id, current: takesOrders(deps, fundraiser) }, new Map(items.map((i) => [i.id, i])), lines);
  return { check, fundraiser };
}

/** POST /cart/validate: every issue of the cart, priced by the server. */
export async function validateCart(deps: Pick<ServiceDeps, 'db' | 'clock'>, restaurantId: number, lines: readonly CartLineInput[]) {
  if (lines.length === 0) return { valid: false, issues: [], total_cents: 0, total: 0, message: WholesaleMessages.cartEmpty };
  const { check } = await checkCart(deps, deps.db, restaurantId, lines);
  return { valid: check.issues.length === 0, issues: check.issues, total_cents: check.totalCents, total: centsToDollars(check.totalCents) };
}

// ── Server cart (signed-in supporters) ───────────────────────────────────────────────────────

export async function getServerCart(deps: Pick<ServiceDeps, 'db' | 'clock'>, userId: number) {
  const rows = await deps.db.select().from(wholesaleCartLines).where(eq(wholesaleCartLines.userId, userId)).orderBy(asc(wholesaleCartLines.id));
  const lines = rows.map((r) => ({ item_id: r.itemId, fundraiser_id: r.fundraiserId, quantity: r.quantity, selected_options: r.selectedOptions }));
  const items = await loadItems(deps.db, { itemIds: [...new Set(rows.map((r) => r.itemId))] });
  const byId = new Map(items.map((i) => [i.id, i]));
  const fundraiserId = rows[0]?.fundraiserId ?? null;
  const fundraiser = fundraiserId === null ? null : await findFundraiser(deps.db, fundraiserId);
  const check = checkWholesaleCart(fundraiser && { id: fundraiser.id, current: takesOrders(deps, fundraiser) }, byId, lines);
  return {
    fundraiser_id: fundraiserId,
    fundraiser_name: fundraiser?.name ?? null,
    items: rows.map((r, index) => {
      const priced = check.lines.find((l) => l.line === index);
      return {
        id: r.id,
        item_id: r.itemId,
        fundraiser_id: r.fundraiserId,
        name: byId.get(r.itemId)?.name ?? '',
        quantity: r.quantity,
        selected_options: r.selectedOptions,
        price_cents: priced?.unitPriceCents ?? null,
        line_total_cents: priced?.lineTotalCents ?? null,
      };
    }),
    issues: check.issues,
    total_cents: check.totalCents,
  };
}

/** POST /cart/add: one fundraiser per cart (409 otherwise), identical lines merge; stock is checked. */
export async function addToServerCart(deps: Pick<ServiceDeps, 'db' | 'clock'>, restaurantId: number, userId: number, input: { item_id: number; quantity: number; selected_options?: OptionSelection | undefined }) {
  const item = await shopItem(deps, restaurantId, input.item_id);
  const selection = normaliseSelection(input.selected_options ?? {});
  const key = variantKey(selectedOptionIds(selection));
  const existing = await deps.db.select().from(wholesaleCartLines).where(eq(wholesaleCartLines.userId, userId));
  if (existing.some((l) => l.fundraiserId !== item.fundraiserId)) throw AppError.conflict(WholesaleMessages.cartMixesFundraisers);
  const same = existing.find((l) => l.itemId === item.id && l.selectionKey === key);
  const problems = addToCartProblems(item, selection, input.quantity, same?.quantity ?? 0);
  const check = checkWholesaleCart({ id: item.fundraiserId, current: true }, new Map([[item.id, item]]), [{ item_id: item.id, quantity: 1, selected_options: selection }]);
  const optionIssue = check.issues.find((i) => i.type === 'invalid_options' || i.type === 'option_unavailable');
  if (optionIssue) throw AppError.validation(optionIssue.message, { selected_options: optionIssue.message });
  if (problems.length > 0) throw AppError.conflict(problems[0]!, { errors: problems });
  await deps.db
    .insert(wholesaleCartLines)
    .values({ userId, fundraiserId: item.fundraiserId, itemId: item.id, selectionKey: key, selectedOptions: selection, quantity: input.quantity })
    .onConflictDoUpdate({
      target: [wholesaleCartLines.userId, wholesaleCartLines.itemId, wholesaleCartLines.selectionKey],
      set: { quantity: sql`least(${wholesaleCartLines.quantity} + ${input.quantity}, 999)`, updatedAt: new Date() },
    });
  return getServerCart(deps, userId);
}

/**
 * PUT /cart/update: sets a line's quantity (0 or less removes it). Raising it is checked against
 * the stock as adding is (409 with the §5 message); lowering always goes through.
 */
export async function updateServerCart(deps: Pick<ServiceDeps, 'db' | 'clock'>, restaurantId: number, userId: number, input: { item_id: number; quantity: number; selected_options?: OptionSelection | undefined }) {
  const selection = normaliseSelection(input.selected_options ?? {});
  const key = variantKey(selectedOptionIds(selection));
  const where = and(eq(wholesaleCartLines.userId, userId), eq(wholesaleCartLines.itemId, input.item_id), eq(wholesaleCartLines.selectionKey, key));
  if (input.quantity <= 0) await deps.db.delete(wholesaleCartLines).where(where);
  else {
    const [line] = await deps.db.select().from(wholesaleCartLines).where(where).limit(1);
    if (!line) throw AppError.notFound(WholesaleMessages.itemNotFound);
    if (input.quantity > line.quantity) {
      const problems = addToCartProblems(await shopItem(deps, restaurantId, input.item_id), line.selectedOptions, input.quantity);
      if (problems.length > 0) throw AppError.conflict(problems[0]!, { errors: problems });
    }
    await deps.db.update(wholesaleCartLines).set({ quantity: input.quantity, updatedAt: new Date() }).where(eq(wholesaleCartLines.id, line.id));
  }
  return getServerCart(deps, userId);
}

export async function removeFromServerCart(deps: Pick<ServiceDeps, 'db' | 'clock'>, userId: number, itemId: number) {
  await deps.db.delete(wholesaleCartLines).where(and(eq(wholesaleCartLines.userId, userId), eq(wholesaleCartLines.itemId, itemId)));
  return getServerCart(deps, userId);
}

export async function clearServerCart(deps: Pick<ServiceDeps, 'db' | 'clock'>, userId: number) {
  await deps.db.delete(wholesaleCartLines).where(eq(wholesaleCartLines.userId, userId));
  return getServerCart(deps, userId);
}

// ── Payment and order ────────────────────────────────────────────────────────────────────────

function quoteHashOf(fundraiserId: number, check: WholesaleCartCheck, totalCents: number): string {
  const canonical = JSON.stringify({ fundraiserId, lines: check.lines.map((l) => [l.item.id, l.quantity, variantKey(selectedOptionIds(l.selection)), l.unitPriceCents]), total: totalCents });
  return QUOTE_PREFIX + createHash('sha256').update(canonical).digest('hex');
}

/**
 * POST /payments: prices the cart on the server (any issue: 409 with the issues), then opens a
 * payment for exactly that total with the restaurant's processor. Nothing is reserved yet.
 */
export async function openPayment(deps: WholesaleDeps, restaurantId: number, input: PaymentOpenInput) {
  const { check, fundraiser } = await checkCart(deps, deps.db, restaurantId, input.cart_items, input.fundraiser_id);
  if (!fundraiser) throw AppError.notFound(WholesaleMessages.fundraiserNotAvailable);
  if (check.issues.length > 0) throw cartIssuesError(check.issues);
  // A donation-only checkout has no line to find a closed fundraiser by (decision 0120).
  if (!takesOrders(deps, fundraiser)) throw AppError.conflict(WholesaleMessages.fundraiserInactive);
  const amounts = amountsOf(check.totalCents, input);
  const [restaurant] = await deps.db.select().from(restaurants).where(eq(restaurants.id, restaurantId)).limit(1);
  if (!restaurant) throw AppError.notFound('Restaurant not found.');
  // The storefront's one way to open a payment: same processors, same 503/402 answers.
  const { row, begun } = await openProcessorPayment(deps, {
    restaurant,
    amountCents: amounts.totalCents,
    quoteHash: quoteHashOf(fundraiser.id, check, amounts.totalCents),
    description: `${fundraiser.name} fundraiser order`,
  });
  return createOutput(row, begun);
}

export interface PlaceWholesaleOrder {
  restaurantId: number;
  body: OrderCreateInput;
  idempotencyKey: string;
  auth: Auth | null;
}

type StockKind = 'item' | 'option' | 'variant';
const stockTables = { item: wholesaleItems, option: wholesaleOptions, variant: wholesaleItemVariants } as const;

/** Takes `quantity` sellable units of one stock row, or nothing when fewer are left (the row lock decides races). */
async function takeStock(tx: DbOrTx, kind: StockKind, id: number, quantity: number): Promise<boolean> {
  const table = stockTables[kind];
  const rows = await tx
    .update(table)
    .set({ stockQuantity: sql`${table.stockQuantity} - ${quantity}` })
    .where(and(eq(table.id, id), sql`${table.stockQuantity} - ${table.damagedQuantity} >= ${quantity}`))
    .returning({ id: table.id });
  return rows.length === 1;
}

async function giveBackStock(tx: DbOrTx, kind: StockKind, id: number, quantity: number): Promise<void> {
  const table = stockTables[kind];
  await tx
    .update(table)
    .set({ stockQuantity: sql`${table.stockQuantity} + ${quantity}` })
    .where(eq(table.id, id));
}

function orderMessages(deps: WholesaleDeps, order: WholesaleOrderRow, fundraiser: FundraiserRow, kind: 'placed' | 'ready' | 'cancelled'): NotificationMessage[] {
  const link = `${deps.config.publicUrl}/wholesale/orders/${order.id}/confirmation?token=${order.accessToken}`;
  const total = `$${centsToDollars(order.totalCents).toFixed(2)}`;
  const where = [fundraiser.pickupDisplayName, fundraiser.pickupDisplayAddress].filter(Boolean).join(', ') || RestaurantDefaults.pickupAddress;
  const text =
    kind === 'placed'
      ? `Your ${fundraiser.name} order ${order.orderNumber} is confirmed (${total}). Pickup: ${where}${fundraiser.pickupHours ? `, ${fundraiser.pickupHours}` : ''}. Details: ${link}`
      : kind === 'ready'
        ? `Your ${fundraiser.name} order ${order.orderNumber} is Ready for Pickup at ${where}${fundraiser.pickupHours ? ` (${fundraiser.pickupHours})` : ''}. Details: ${link}`
        : `Your ${fundraiser.name} order ${order.orderNumber} was cancelled. ${total} is being refunded to your card. Details: ${link}`;
  const template = `wholesale_order_${kind}`;
  const subject =
    kind === 'placed' ? `Your ${fundraiser.name} order ${order.orderNumber}` : kind === 'ready' ? `Order ${order.orderNumber} is Ready for Pickup` : `Order ${order.orderNumber} cancelled`;
  return [
    { restaurantId: order.restaurantId, userId: order.userId, channel: 'sms', recipient: order.customerPhone, body: text, template },
    { restaurantId: order.restaurantId, userId: order.userId, channel: 'email', recipient: order.customerEmail, subject, body: `Hafa adai ${order.customerName},\n\n${text}`, template },
  ];
}

async function replayOrder(deps: WholesaleDeps, orderId: number): Promise<{ created: false; order: OrderOutput }> {
  const row = await findOrder(deps.db, orderId);
  if (!row) throw new Error(`wholesale order ${orderId} vanished`);
  const [order] = await toOrderOutputs(deps.db, [row]);
  return { created: false, order: { ...order!, access_token: row.accessToken } };
}

/** Failures after which this payment can never pay for this cart: its hold is released. */
function releases(error: unknown): boolean {
  return error instanceof AppError && error.httpStatus === 409;
}

/**
 * POST /wholesale/orders: places the order (writeOrder) and, when this call placed it, tells the
 * staff room and the fundraiser's page (stock, participant goal) after the commit.
 */
export async function placeOrder(deps: WholesaleDeps, input: PlaceWholesaleOrder): Promise<{ created: boolean; order: OrderOutput; stockItemIds: number[] }> {
  const result = await writeOrder(deps, input);
  if (result.created) await emitOrderPlaced(deps, result.order, result.stockItemIds, input.restaurantId);
  return result;
}

/**
 * POST /orders, one transaction: the payment row locked first (one payment, one order), the
 * fundraiser locked FOR SHARE (it cannot end mid-order) and required current, every line priced
 * from the database (client prices are ignored; a difference was a price_changed issue before
 * payment), the payment required to hold exactly that total, stock taken by conditional UPDATEs
 * (the row lock decides races: a loser sees the winner's count and gets a 409 with the issues),
 * the order, lines, first status, the participant's credit row and the messages written, and the
 * payment captured last. The same Idempotency-Key or payment answers the order already placed.
 */
async function writeOrder(deps: WholesaleDeps, input: PlaceWholesaleOrder): Promise<{ created: boolean; order: OrderOutput; stockItemIds: number[] }> {
  const { body, restaurantId } = input;
  const [earlier] = await deps.db
    .select({ id: wholesaleOrders.id })
    .from(wholesaleOrders)
    .where(and(eq(wholesaleOrders.restaurantId, restaurantId), eq(wholesaleOrders.idempotencyKey, input.idempotencyKey)))
    .limit(1);
  if (earlier) {
    await releasePayment(deps, body.payment_id, 'Not used: the Idempotency-Key had already placed an order');
    return { ...(await replayOrder(deps, earlier.id)), stockItemIds: [] };
  }
  let payment = await findPayment(deps.db, body.payment_id);
  if (!payment || payment.restaurantId !== restaurantId || !payment.quoteHash.startsWith(QUOTE_PREFIX)) {
    throw AppError.validation(WholesaleMessages.paymentNotFound, { payment_id: WholesaleMessages.paymentNotFound });
  }
  if (payment.wholesaleOrderId !== null) return { ...(await replayOrder(deps, payment.wholesaleOrderId)), stockItemIds: [] };
  payment = await ensureAuthorized(deps, payment);
  const accessToken = randomBytes(24).toString('base64url');
  // Set once the processor took the money: if the transaction then fails, it is given back.
  let captured: { payment: PaymentRow; transactionId: string } | null = null;

  try {
    const placed = await transaction(deps.pool, async ({ tx, client }) => {
      const [locked] = await tx.select().from(payments).where(eq(payments.id, body.payment_id)).for('update');
      if (!locked) throw AppError.validation(WholesaleMessages.paymentNotFound, { payment_id: WholesaleMessages.paymentNotFound });
      if (locked.wholesaleOrderId !== null) return { replay: locked.wholesaleOrderId };
      if (locked.orderId !== null) throw AppError.conflict('This payment has already been processed.');
      if (locked.status === 'failed') throw paymentFailed(locked.failureMessage ?? WholesaleMessages.paymentFailed);
      if (locked.status !== 'authorized') throw AppError.conflict(WholesaleMessages.paymentNotAuthorized);

      const { check, fundraiser } = await checkCart(deps, tx, restaurantId, body.cart_items, body.fundraiser_id, true);
      if (!fundraiser) throw AppError.notFound(WholesaleMessages.fundraiserNotAvailable);
      if (check.issues.length > 0) throw cartIssuesError(check.issues);
      if (!takesOrders(deps, fundraiser)) throw AppError.conflict(WholesaleMessages.fundraiserInactive);
      const amounts = amountsOf(check.totalCents, body);
      const participantId = body.order.participantId ?? null;
      let participant: { id: number; name: string } | undefined;
      if (participantId !== null) {
        [participant] = await tx
          .select({ id: wholesaleParticipants.id, name: wholesaleParticipants.name })
          .from(wholesaleParticipants)
          .where(and(eq(wholesaleParticipants.id, participantId), eq(wholesaleParticipants.fundraiserId, fundraiser.id), eq(wholesaleParticipants.active, true)));
        if (!participant) throw AppError.validation(WholesaleMessages.participantNotFound, { participantId: WholesaleMessages.participantNotFound });
      }
      if (locked.amountCents !== amounts.totalCents) {
        throw AppError.conflict(WholesaleMessages.paymentAmountMismatch, { payment_amount_cents: locked.amountCents, order_total_cents: amounts.totalCents });
      }

      // Stock, in a fixed order (kind, then id) so concurrent orders never deadlock.
      const demand = [...check.demand.values()].sort((a, b) => a.unit.kind.localeCompare(b.unit.kind) || a.unit.id - b.unit.id);
      for (const { unit, quantity } of demand) {
        if (!(await takeStock(tx, unit.kind, unit.id, quantity))) {
          // Another order took it first (its commit is visible now): answer with the fresh issues.
          const again = await checkCart(deps, tx, restaurantId, body.cart_items, fundraiser.id);
          throw cartIssuesError(again.check.issues.length > 0 ? again.check.issues : check.issues);
        }
      }

      const [order] = await tx
        .insert(wholesaleOrders)
        .values({
          restaurantId,
          fundraiserId: fundraiser.id,
          participantId,
          userId: input.auth?.user.id ?? null,
          status: 'confirmed',
          paymentStatus: 'paid',
          totalCents: amounts.totalCents,
          donationCents: amounts.donationCents,
          roundUpCents: amounts.roundUpCents,
          supporterDisplay: body.order.supporterDisplay ?? 'anonymous',
          customerName: body.order.customerName,
          customerEmail: body.order.customerEmail,
          customerPhone: body.order.customerPhone,
          shippingAddress: body.order.shippingAddress,
          notes: body.order.notes || null,
          // Estimated Pickup: when the fundraiser's pickup opens, as it stands when the order is written.
          estimatedPickupTime: fundraiser.pickupStartsAt,
          pickupReminderOptIn: body.order.pickupReminder === true,
          accessToken,
          idempotencyKey: input.idempotencyKey,
        })
        .returning();
      if (!order) throw new Error('order insert returned nothing');
      // A donation-only order has no lines.
      const lines = check.lines.length === 0 ? [] : await tx
        .insert(wholesaleOrderItems)
        .values(
          check.lines.map((l, position) => ({
            orderId: order.id,
            itemId: l.item.id,
            variantId: l.variant?.id ?? null,
            name: l.item.name,
            description: l.item.description,
            sku: l.item.sku,
            unitPriceCents: l.unitPriceCents,
            quantity: l.quantity,
            lineTotalCents: l.lineTotalCents,
            variantDescription: l.variant?.variantName ?? (combinationName(l.item, l.selection) || null),
            selectedOptions: l.selectedOptions,
            selectedOptionIds: l.selection,
            stockTaken: l.units.map((u) => ({ kind: u.kind, id: u.id, quantity: l.quantity })),
            position,
          })),
        )
        .returning();
      await tx.insert(wholesaleOrderStatusEvents).values({ orderId: order.id, fromStatus: null, toStatus: 'confirmed', actorUserId: input.auth?.user.id ?? null });
      await creditOrder(tx, order, amounts);
      // A supporter's order without a sign-in: its confirmation is held to the per-destination
      // limit (issue #33, decision 0085); past it the order stands and only the message is dropped.
      // So is the participant's "someone supported you" (opted in only, decision 0121).
      const participantLink = `${deps.config.publicUrl}/wholesale/${fundraiser.slug}?participant=${participantId}`;
      const placedMessages = orderMessages(deps, order, fundraiser, 'placed');
      const supported = (await withinDestinationLimits(deps, await supportedMessages(tx, order, fundraiser, order.totalCents, participantLink), client)).allowed;
      await enqueueNotifications({ tx, client, boss: deps.boss }, [...(input.auth ? placedMessages : (await withinDestinationLimits(deps, placedMessages, client)).allowed), ...supported]);

      // Capture last: a refusal rolls the whole order back (and the hold is released below).
      let transactionId = locked.transactionId;
      if (locked.amountCents > 0) {
        transactionId = (await processorFor(deps.config, locked.processor).capture({ ...processorRef(locked), amountCents: locked.amountCents })).transactionId;
        captured = { payment: locked, transactionId };
      }
      await tx
        .update(payments)
        .set({ status: 'captured', wholesaleOrderId: order.id, transactionId, capturedAt: new Date() })
        .where(eq(payments.id, locked.id));
      // The answer is built from what this transaction wrote (no read after commit).
      const output = orderOutputOf(order, lines, fundraiser, participant ?? null, { processor: locked.processor, cardBrand: locked.cardBrand, cardLast4: locked.cardLast4, transactionId });
      return { order, output, stockItemIds: [...new Set(check.lines.filter((l) => l.units.length > 0).map((l) => l.item.id))] };
    });
    if ('replay' in placed && placed.replay !== undefined) return { ...(await replayOrder(deps, placed.replay)), stockItemIds: [] };
    if (!('order' in placed)) throw new Error('order transaction answered nothing');
    return { created: true, order: { ...placed.output, access_token: placed.order.accessToken }, stockItemIds: placed.stockItemIds };
  } catch (error) {
    if (isUniqueViolation(error, 'wholesale_orders_restaurant_idempotency_unique')) {
      const [winner] = await deps.db
        .select({ id: wholesaleOrders.id })
        .from(wholesaleOrders)
        .where(and(eq(wholesaleOrders.restaurantId, restaurantId), eq(wholesaleOrders.idempotencyKey, input.idempotencyKey)));
      if (winner) {
        await releasePayment(deps, body.payment_id, 'Not used: the Idempotency-Key had already placed an order');
        return { ...(await replayOrder(deps, winner.id)), stockItemIds: [] };
      }
    }
    // As the storefront's orders do: money taken without an order is refunded; a declined capture
    // releases the hold (the supporter pays again with a new payment).
    return settleFailedOrderPayment(deps, body.payment_id, captured as { payment: PaymentRow; transactionId: string } | null, error, releases);
  }
}

/** After commit: the live events of a placed order (§7). */
async function emitOrderPlaced(deps: WholesaleDeps, order: OrderOutput, stockItemIds: number[], restaurantId: number): Promise<void> {
  deps.realtime.emit(rooms.staff(restaurantId), WholesaleEvents.newOrder, { order: { id: order.id, orderNumber: order.orderNumber, fundraiser_id: order.fundraiser.id, total: order.total } });
  await emitStockAndGoals(deps, order.fundraiser.id, stockItemIds, order.participant?.id ?? null);
}

async function emitStockAndGoals(deps: WholesaleDeps, fundraiserId: number, itemIds: number[], participantId: number | null): Promise<void> {
  const room = rooms.fundraiser(fundraiserId);
  if (itemIds.length > 0) {
    const items = await loadItems(deps.db, { itemIds });
    for (const item of items) {
      const out = toItemOutput(item);
      deps.realtime.emit(room, WholesaleEvents.itemStockUpdated, {
        id: item.id,
        name: item.name,
        inStock: out.in_stock,
        stock_status: out.stock_status,
        effective_available_quantity: out.effective_available_quantity,
      });
    }
  }
  const participant = participantId === null ? undefined : await participantProgress(deps.db, participantId);
  deps.realtime.emit(room, WholesaleEvents.participantGoalUpdated, {
    fundraiser_id: fundraiserId,
    participant_id: participantId,
    ...(participant ? { raisedCents: participant.raisedCents, goalCents: participant.goalCents, progressPercent: participant.progressPercent } : {}),
  });
}

// ── History, detail, cancel ──────────────────────────────────────────────────────────────────

export async function listOrders(deps: Pick<ServiceDeps, 'db' | 'clock'>, restaurantId: number, auth: Auth, query: { status?: string | undefined; fundraiser?: string | undefined; from?: string | undefined; to?: string | undefined }): Promise<OrderOutput[]> {
  const filters: SQL[] = [eq(wholesaleOrders.restaurantId, restaurantId), eq(wholesaleOrders.userId, auth.user.id)];
  if (query.status) filters.push(eq(wholesaleOrders.status, query.status as WholesaleOrderRow['status']));
  // Dates are the restaurant's days (Guam); the end day is included whole.
  if (query.from) filters.push(gte(wholesaleOrders.createdAt, sql`(${query.from}::date)::timestamp AT TIME ZONE 'Pacific/Guam'`));
  if (query.to) filters.push(lt(wholesaleOrders.createdAt, sql`((${query.to}::date + 1)::timestamp) AT TIME ZONE 'Pacific/Guam'`));
  if (query.fundraiser) {
    filters.push(
      inArray(
        wholesaleOrders.fundraiserId,
        deps.db
          .select({ id: wholesaleFundraisers.id })
          .from(wholesaleFundraisers)
          .where(ilike(wholesaleFundraisers.name, `%${query.fundraiser.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)),
      ),
    );
  }
  const rows = await deps.db
    .select()
    .from(wholesaleOrders)
    .where(and(...filters))
    .orderBy(desc(wholesaleOrders.createdAt), desc(wholesaleOrders.id))
    .limit(200);
  return toOrderOutputs(deps.db, rows);
}

/** An order its viewer may see (or a lookup link's holder, decision 0123); 404 for everyone else (its existence is not revealed). */
async function visibleOrder(deps: Pick<ServiceDeps, 'db' | 'clock'>, orderId: number, viewer: { auth: Auth | null; token?: string | undefined }): Promise<WholesaleOrderRow> {
  const order = await findOrder(deps.db, orderId);
  if (!order || !(canSeeOrder(order, { user: viewer.auth?.user ?? null, token: viewer.token }) || (await lookupTokenOpens(deps.db, deps.clock(), order.id, viewer.token)))) {
    throw AppError.notFound(WholesaleMessages.orderNotFound);
  }
  return order;
}

/** The live room of an order its viewer may follow (Socket.IO's wholesale_order channel), or null. */
export async function orderRoomFor(deps: Pick<ServiceDeps, 'db' | 'clock'>, orderId: number, viewer: { user: Auth['user'] | null; token?: string | undefined }): Promise<number | null> {
  const order = await findOrder(deps.db, orderId);
  return order && (canSeeOrder(order, viewer) || (await lookupTokenOpens(deps.db, deps.clock(), order.id, viewer.token))) ? order.id : null;
}

/** GET /orders/:id/impact: what the order added to its participant's (or the team's) goal, for whoever may see the order. */
export async function getOrderImpact(deps: Pick<ServiceDeps, 'db' | 'clock'>, orderId: number, viewer: { auth: Auth | null; token?: string | undefined }) {
  const order = await visibleOrder(deps, orderId, viewer);
  const fundraiser = (await findFundraiser(deps.db, order.fundraiserId))!;
  return impactOf(deps.db, order, fundraiser);
}

export async function getOrder(deps: Pick<ServiceDeps, 'db' | 'clock'>, orderId: number, viewer: { auth: Auth | null; token?: string | undefined }): Promise<OrderOutput> {
  const order = await visibleOrder(deps, orderId, viewer);
  const [output] = await toOrderOutputs(deps.db, [order]);
  return output!;
}

/**
 * Cancels an order (pending or confirmed only, also for admins): in one transaction the stock its
 * lines took goes back, the participant's credit is reversed by a ledger row, the order is marked
 * cancelled and refunded, the supporter is told, and the money is refunded through the processor
 * (a refusal rolls the cancellation back).
 */
export async function cancelOrder(deps: WholesaleDeps, orderId: number, viewer: { auth: Auth | null; token?: string | undefined }): Promise<OrderOutput> {
  await visibleOrder(deps, orderId, viewer);
  return changeStatus(deps, orderId, 'cancelled', viewer.auth?.user.id ?? null, { supporter: true });
}

export async function changeStatus(
  deps: WholesaleDeps,
  orderId: number,
  to: WholesaleOrderRow['status'],
  actorUserId: number | null,
  /** supporter: the supporter's own cancel (pending or confirmed only); admins follow the legal transitions. */
  options: { restaurantId?: number; supporter?: boolean } = {},
): Promise<OrderOutput> {
  const result = await transaction(deps.pool, async ({ tx, client }) => {
    const [order] = await tx.select().from(wholesaleOrders).where(eq(wholesaleOrders.id, orderId)).for('update');
    if (!order || (options.restaurantId !== undefined && order.restaurantId !== options.restaurantId)) throw AppError.notFound(WholesaleMessages.orderNotFound);
    if (options.supporter && to === 'cancelled' && !canCancelOrder(order.status)) throw AppError.conflict(WholesaleMessages.cannotCancel);
    if (!canTransition(order.status, to)) throw AppError.conflict(WholesaleMessages.illegalTransition, { from: order.status, to });
    const fundraiser = (await findFundraiser(tx, order.fundraiserId))!;
    const patch: Partial<WholesaleOrderRow> = { status: to };
    let stockItemIds: number[] = [];
    if (to === 'cancelled') {
      const lines = await tx.select().from(wholesaleOrderItems).where(eq(wholesaleOrderItems.orderId, order.id));
      const back = lines.flatMap((l) => l.stockTaken).sort((a, b) => a.kind.localeCompare(b.kind) || a.id - b.id);
      for (const unit of back) await giveBackStock(tx, unit.kind, unit.id, unit.quantity);
      stockItemIds = [...new Set(lines.filter((l) => l.stockTaken.length > 0 && l.itemId !== null).map((l) => l.itemId!))];
      // Sale and donation alike (decision 0120).
      await reverseOrderCredit(tx, order.id);
      patch.cancelledAt = new Date();
      if (order.paymentStatus === 'paid') {
        patch.paymentStatus = 'refunded';
        patch.refundedCents = order.totalCents;
      }
    }
    const [updated] = await tx.update(wholesaleOrders).set(patch).where(eq(wholesaleOrders.id, order.id)).returning();
    await tx.insert(wholesaleOrderStatusEvents).values({ orderId: order.id, fromStatus: order.status, toStatus: to, actorUserId });
    if (to === 'cancelled' || to === 'fulfilled') {
      await enqueueNotifications({ tx, client, boss: deps.boss }, orderMessages(deps, updated!, fundraiser, to === 'cancelled' ? 'cancelled' : 'ready'));
    }
    if (to === 'cancelled' && order.paymentStatus === 'paid') {
      const [paid] = await tx.select().from(payments).where(eq(payments.wholesaleOrderId, order.id)).for('update');
      if (paid && paid.amountCents > 0) await refund(deps, paid, order.id);
      if (paid) await tx.update(payments).set({ status: 'refunded' }).where(eq(payments.id, paid.id));
    }
    return { updated: updated!, stockItemIds, participantId: order.participantId };
  });
  const [output] = await toOrderOutputs(deps.db, [result.updated]);
  deps.realtime.emit(rooms.order(`wholesale-${result.updated.id}`), WholesaleEvents.orderUpdated, { order: output });
  deps.realtime.emit(rooms.staff(result.updated.restaurantId), WholesaleEvents.orderUpdated, { order: output });
  if (to === 'cancelled') await emitStockAndGoals(deps, result.updated.fundraiserId, result.stockItemIds, result.participantId);
  return output!;
}

async function refund(deps: WholesaleDeps, paid: PaymentRow, orderId: number): Promise<void> {
  try {
    await processorFor(deps.config, paid.processor).refund({ ...processorRef(paid), amountCents: paid.amountCents, idempotencyKey: `wholesale-cancel-${orderId}` });
  } catch (error) {
    deps.log.error({ err: error, payment_id: paid.id }, 'wholesale refund failed');
    if (error instanceof PaymentDeclinedError) throw new AppError('REFUND_FAILED', 502, WholesaleMessages.cancelRetry);
    throw new AppError('REFUND_FAILED', 503, WholesaleMessages.cancelRetry);
  }
}
