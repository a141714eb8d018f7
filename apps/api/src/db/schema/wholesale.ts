import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgSequence, pgTable, primaryKey, serial, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  WHOLESALE_CREDIT_KINDS,
  WHOLESALE_NOTIFY_CHANNELS,
  WHOLESALE_SUPPORTER_DISPLAYS,
  WHOLESALE_FUNDRAISER_STATUSES,
  WHOLESALE_INVENTORY_MODES,
  WHOLESALE_ORDER_STATUSES,
  WHOLESALE_PAYMENT_STATUSES,
  type WholesaleImage,
} from '@kusina/domain/wholesale';
import { users } from './accounts.ts';
import { createdAt, timestamptz, updatedAt } from './columns.ts';
import { restaurants } from './restaurants.ts';

/**
 * The wholesale fundraiser shop (wholesale.md §3). Money is integer cents. Stock lives where the
 * item's inventory mode says (item row, option rows of tracked groups, or variant rows); each
 * stock pair keeps stock ≥ damaged ≥ 0 by CHECK, so a sale can never drive it below zero.
 */
export const wholesaleFundraisers = pgTable(
  'wholesale_fundraisers',
  {
    id: serial().primaryKey(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    slug: text().notNull(),
    description: text().notNull().default(''),
    /** draft (admins only), current (the shop shows it and takes orders), ended. */
    status: text({ enum: WHOLESALE_FUNDRAISER_STATUSES }).notNull().default('draft'),
    cardImageUrl: text(),
    bannerUrl: text(),
    startDate: date({ mode: 'string' }),
    endDate: date({ mode: 'string' }),
    pickupDisplayName: text(),
    pickupDisplayAddress: text(),
    pickupInstructions: text(),
    pickupHours: text(),
    pickupContactName: text(),
    pickupContactPhone: text(),
    /** When pickup opens: an order's Estimated Pickup (§2 confirmation). NULL: not announced yet. */
    pickupStartsAt: timestamptz(),
    /** The team's goal in cents (its progress: the ledger's net against it); NULL: no goal shown. */
    goalCents: integer(),
    /** The percent of each sale the team receives (decision 0125), 0–100; NULL: not stated. */
    teamSharePercent: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('wholesale_fundraisers_restaurant_slug_unique').on(t.restaurantId, t.slug),
    check('wholesale_fundraisers_status_check', sql`${t.status} in ('draft', 'current', 'ended')`),
    check('wholesale_fundraisers_slug_check', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check('wholesale_fundraisers_goal_check', sql`${t.goalCents} IS NULL OR ${t.goalCents} > 0`),
    check('wholesale_fundraisers_team_share_check', sql`${t.teamSharePercent} IS NULL OR (${t.teamSharePercent} >= 0 AND ${t.teamSharePercent} <= 100)`),
    check('wholesale_fundraisers_dates_check', sql`${t.startDate} IS NULL OR ${t.endDate} IS NULL OR ${t.startDate} <= ${t.endDate}`),
  ],
);

/** Who organises which fundraiser (decision 0124): a user with the role 'organiser' manages only these. */
export const wholesaleFundraiserOrganisers = pgTable(
  'wholesale_fundraiser_organisers',
  {
    fundraiserId: integer()
      .notNull()
      .references(() => wholesaleFundraisers.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'wholesale_fundraiser_organisers_pk', columns: [t.fundraiserId, t.userId] }), index('wholesale_fundraiser_organisers_user_idx').on(t.userId)],
);

/** A person (player, student) a supporter can credit their order to; goal in cents, optional. */
export const wholesaleParticipants = pgTable(
  'wholesale_participants',
  {
    id: serial().primaryKey(),
    fundraiserId: integer()
      .notNull()
      .references(() => wholesaleFundraisers.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text(),
    photoUrl: text(),
    /** The participant's own words on their page and its link preview (decision 0122), at most 280 characters. */
    message: text(),
    goalCents: integer(),
    active: boolean().notNull().default(true),
    position: integer().notNull().default(0),
    /** The participant's opt-in to hear when someone supports them (decision 0121): none, sms or email, to notify_contact. */
    notifyChannel: text({ enum: WHOLESALE_NOTIFY_CHANNELS }).notNull().default('none'),
    notifyContact: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('wholesale_participants_notify_channel_check', sql`${t.notifyChannel} in ('none', 'sms', 'email')`),
    check('wholesale_participants_notify_check', sql`${t.notifyChannel} = 'none' OR ${t.notifyContact} IS NOT NULL`),
    check('wholesale_participants_goal_check', sql`${t.goalCents} IS NULL OR ${t.goalCents} > 0`),
    check('wholesale_participants_message_check', sql`${t.message} IS NULL OR char_length(${t.message}) <= 280`),
    index('wholesale_participants_fundraiser_idx').on(t.fundraiserId, t.position),
  ],
);

export const wholesaleItems = pgTable(
  'wholesale_items',
  {
    id: serial().primaryKey(),
    fundraiserId: integer()
      .notNull()
      .references(() => wholesaleFundraisers.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    sku: text(),
    priceCents: integer().notNull(),
    images: jsonb().$type<WholesaleImage[]>().notNull().default([]),
    /** none: unlimited; item: stock on this row; option: on the options of tracked groups; variant: per variant_key. */
    inventoryMode: text({ enum: WHOLESALE_INVENTORY_MODES }).notNull().default('none'),
    stockQuantity: integer().notNull().default(0),
    damagedQuantity: integer().notNull().default(0),
    lowStockThreshold: integer(),
    active: boolean().notNull().default(true),
    position: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('wholesale_items_price_check', sql`${t.priceCents} >= 0`),
    check('wholesale_items_mode_check', sql`${t.inventoryMode} in ('none', 'item', 'option', 'variant')`),
    check('wholesale_items_stock_check', sql`${t.stockQuantity} >= 0 AND ${t.damagedQuantity} >= 0 AND ${t.damagedQuantity} <= ${t.stockQuantity}`),
    check('wholesale_items_threshold_check', sql`${t.lowStockThreshold} IS NULL OR ${t.lowStockThreshold} >= 0`),
    index('wholesale_items_fundraiser_idx').on(t.fundraiserId, t.position),
  ],
);

export const wholesaleOptionGroups = pgTable(
  'wholesale_option_groups',
  {
    id: serial().primaryKey(),
    itemId: integer()
      .notNull()
      .references(() => wholesaleItems.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    minSelect: integer().notNull().default(0),
    maxSelect: integer().notNull().default(1),
    /** Option-mode items count stock on the options of the groups that have this on. */
    enableInventoryTracking: boolean().notNull().default(false),
    position: integer().notNull().default(0),
  },
  (t) => [
    check('wholesale_option_groups_select_check', sql`${t.minSelect} >= 0 AND ${t.maxSelect} >= 1 AND ${t.minSelect} <= ${t.maxSelect}`),
    index('wholesale_option_groups_item_idx').on(t.itemId, t.position),
  ],
);

export const wholesaleOptions = pgTable(
  'wholesale_options',
  {
    id: serial().primaryKey(),
    optionGroupId: integer()
      .notNull()
      .references(() => wholesaleOptionGroups.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    additionalPriceCents: integer().notNull().default(0),
    available: boolean().notNull().default(true),
    stockQuantity: integer().notNull().default(0),
    damagedQuantity: integer().notNull().default(0),
    position: integer().notNull().default(0),
  },
  (t) => [
    check('wholesale_options_price_check', sql`${t.additionalPriceCents} >= 0`),
    check('wholesale_options_stock_check', sql`${t.stockQuantity} >= 0 AND ${t.damagedQuantity} >= 0 AND ${t.damagedQuantity} <= ${t.stockQuantity}`),
    index('wholesale_options_group_idx').on(t.optionGroupId, t.position),
  ],
);

/** One combination of options (one per group) of a variant-mode item: variant_key = its option ids, ascending, joined by '-'. */
export const wholesaleItemVariants = pgTable(
  'wholesale_item_variants',
  {
    id: serial().primaryKey(),
    itemId: integer()
      .notNull()
      .references(() => wholesaleItems.id, { onDelete: 'cascade' }),
    variantKey: text().notNull(),
    variantName: text().notNull(),
    active: boolean().notNull().default(true),
    stockQuantity: integer().notNull().default(0),
    damagedQuantity: integer().notNull().default(0),
    lowStockThreshold: integer(),
    /**
     * Set when an item edit drops the variant's combination while orders name it (as merchandise
     * variants, decision 0072): no longer listed or sold, kept for those orders' lines and for the
     * stock a cancellation gives back. A variant no order names is deleted instead.
     */
    archivedAt: timestamptz(),
  },
  (t) => [
    // Unique among the live variants (archived_at NULL, equal under NULLS NOT DISTINCT); archived ones each have their own time.
    unique('wholesale_item_variants_item_key_unique').on(t.itemId, t.variantKey, t.archivedAt).nullsNotDistinct(),
    check('wholesale_item_variants_key_check', sql`${t.variantKey} ~ '^[0-9]+(-[0-9]+)*$'`),
    check('wholesale_item_variants_stock_check', sql`${t.stockQuantity} >= 0 AND ${t.damagedQuantity} >= 0 AND ${t.damagedQuantity} <= ${t.stockQuantity}`),
  ],
);

/** Order numbers of the fundraiser shop: W-20001, … */
export const wholesaleOrderNumberSeq = pgSequence('wholesale_order_number_seq', { startWith: 20001, increment: 1 });

/**
 * A supporter's order (wholesale.md §3 Order): priced by the server, paid before it is written
 * (payments.wholesale_order_id links the captured payment). The same Idempotency-Key places one
 * order per restaurant, whatever races.
 */
export const wholesaleOrders = pgTable(
  'wholesale_orders',
  {
    id: serial().primaryKey(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id),
    fundraiserId: integer()
      .notNull()
      .references(() => wholesaleFundraisers.id),
    /** NULL: general support of the organisation. */
    participantId: integer().references(() => wholesaleParticipants.id, { onDelete: 'set null' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    orderNumber: text()
      .notNull()
      .default(sql`'W-' || nextval('wholesale_order_number_seq')::text`),
    status: text({ enum: WHOLESALE_ORDER_STATUSES }).notNull(),
    paymentStatus: text({ enum: WHOLESALE_PAYMENT_STATUSES }).notNull(),
    totalCents: integer().notNull(),
    refundedCents: integer().notNull().default(0),
    customerName: text().notNull(),
    customerEmail: text().notNull(),
    customerPhone: text().notNull(),
    shippingAddress: text().notNull(),
    notes: text(),
    estimatedPickupTime: timestamptz(),
    /** The guest's key to the confirmation and detail pages (?token=). */
    accessToken: text().notNull(),
    idempotencyKey: text().notNull(),
    /** How the supporters wall shows the supporter (decision 0119): 'name' (first name and last initial, derived when read) or 'anonymous'. */
    supporterDisplay: text({ enum: WHOLESALE_SUPPORTER_DISPLAYS }).notNull().default('anonymous'),
    /** The part of total_cents that is a donation and a round-up (decision 0120); the rest is the items. */
    donationCents: integer().notNull().default(0),
    roundUpCents: integer().notNull().default(0),
    cancelledAt: timestamptz(),
    /** The supporter asked at checkout for a pickup-day text (decision 0123). */
    pickupReminderOptIn: boolean().notNull().default(false),
    /** Set in the transaction that queues the pickup-day text: at most one per order, whichever node runs the job. */
    pickupReminderSentAt: timestamptz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('wholesale_orders_pickup_reminder_idx').on(t.fundraiserId).where(sql`${t.pickupReminderOptIn} AND ${t.pickupReminderSentAt} IS NULL`),
    uniqueIndex('wholesale_orders_restaurant_idempotency_unique').on(t.restaurantId, t.idempotencyKey),
    uniqueIndex('wholesale_orders_number_unique').on(t.orderNumber),
    check(
      'wholesale_orders_status_check',
      sql`${t.status} in ('pending', 'confirmed', 'processing', 'fulfilled', 'shipped', 'delivered', 'completed', 'cancelled')`,
    ),
    check('wholesale_orders_payment_status_check', sql`${t.paymentStatus} in ('pending', 'paid', 'refunded')`),
    check('wholesale_orders_supporter_display_check', sql`${t.supporterDisplay} in ('name', 'anonymous')`),
    check(
      'wholesale_orders_donation_check',
      sql`${t.donationCents} >= 0 AND ${t.roundUpCents} >= 0 AND ${t.roundUpCents} < 100 AND ${t.donationCents} + ${t.roundUpCents} <= ${t.totalCents}`,
    ),
    check('wholesale_orders_money_check', sql`${t.totalCents} >= 0 AND ${t.refundedCents} >= 0 AND ${t.refundedCents} <= ${t.totalCents}`),
    index('wholesale_orders_user_idx').on(t.userId, t.createdAt),
    index('wholesale_orders_fundraiser_idx').on(t.fundraiserId, t.createdAt),
  ],
);

export const wholesaleOrderItems = pgTable(
  'wholesale_order_items',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => wholesaleOrders.id, { onDelete: 'cascade' }),
    itemId: integer().references(() => wholesaleItems.id, { onDelete: 'set null' }),
    variantId: integer().references(() => wholesaleItemVariants.id, { onDelete: 'set null' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    sku: text(),
    unitPriceCents: integer().notNull(),
    quantity: integer().notNull(),
    lineTotalCents: integer().notNull(),
    variantDescription: text(),
    /** Group name → chosen option names, as sold. */
    selectedOptions: jsonb().$type<Record<string, string[]>>().notNull().default({}),
    /** Group id → chosen option ids (what Reorder puts back in the cart and cancellation restocks). */
    selectedOptionIds: jsonb().$type<Record<string, number[]>>().notNull().default({}),
    /** The stock rows this line took (item, option or variant ids with units): what a cancellation gives back. */
    stockTaken: jsonb().$type<{ kind: 'item' | 'option' | 'variant'; id: number; quantity: number }[]>().notNull().default([]),
    position: integer().notNull().default(0),
  },
  (t) => [
    check('wholesale_order_items_money_check', sql`${t.quantity} > 0 AND ${t.unitPriceCents} >= 0 AND ${t.lineTotalCents} = ${t.unitPriceCents} * ${t.quantity}`),
    index('wholesale_order_items_order_idx').on(t.orderId, t.position),
  ],
);

/**
 * Participant credit as a ledger: a 'sale' row (+items) and a 'donation' row (+donation and
 * round-up, decision 0120) when a paid order is placed, and a 'reversal' row (−their sum) when it
 * is refunded or cancelled. "Raised" is the sum, so it is net and
 * auditable; participant_id NULL is general support. At most one row of each kind per order.
 */
export const wholesaleParticipantCredits = pgTable(
  'wholesale_participant_credits',
  {
    id: serial().primaryKey(),
    fundraiserId: integer()
      .notNull()
      .references(() => wholesaleFundraisers.id, { onDelete: 'cascade' }),
    participantId: integer().references(() => wholesaleParticipants.id, { onDelete: 'set null' }),
    orderId: integer()
      .notNull()
      .references(() => wholesaleOrders.id, { onDelete: 'cascade' }),
    kind: text({ enum: WHOLESALE_CREDIT_KINDS }).notNull(),
    amountCents: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('wholesale_participant_credits_order_kind_unique').on(t.orderId, t.kind),
    check('wholesale_participant_credits_kind_check', sql`(${t.kind} in ('sale', 'donation') AND ${t.amountCents} >= 0) OR (${t.kind} = 'reversal' AND ${t.amountCents} <= 0)`),
    index('wholesale_participant_credits_fundraiser_idx').on(t.fundraiserId, t.participantId),
  ],
);

/**
 * A guest's way back to an order (decision 0123): the link e-mailed after a lookup by e-mail and
 * order number carries a token; only its SHA-256 is kept, and it opens the order until expires_at.
 */
export const wholesaleOrderLookupTokens = pgTable(
  'wholesale_order_lookup_tokens',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => wholesaleOrders.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    expiresAt: timestamptz().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('wholesale_order_lookup_tokens_hash_unique').on(t.tokenHash), index('wholesale_order_lookup_tokens_order_idx').on(t.orderId)],
);

/** Every status change of a wholesale order, the first at creation (from_status NULL). */
export const wholesaleOrderStatusEvents = pgTable(
  'wholesale_order_status_events',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => wholesaleOrders.id, { onDelete: 'cascade' }),
    fromStatus: text({ enum: WHOLESALE_ORDER_STATUSES }),
    toStatus: text({ enum: WHOLESALE_ORDER_STATUSES }).notNull(),
    actorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('wholesale_order_status_events_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * A signed-in supporter's server cart (§7 GET/POST/PUT/DELETE /cart): one fundraiser at a time,
 * one line per item and selection (selection_key is the variant key of the chosen options).
 */
export const wholesaleCartLines = pgTable(
  'wholesale_cart_lines',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fundraiserId: integer()
      .notNull()
      .references(() => wholesaleFundraisers.id, { onDelete: 'cascade' }),
    itemId: integer()
      .notNull()
      .references(() => wholesaleItems.id, { onDelete: 'cascade' }),
    selectionKey: text().notNull().default(''),
    selectedOptions: jsonb().$type<Record<string, number[]>>().notNull().default({}),
    quantity: integer().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('wholesale_cart_lines_user_item_selection_unique').on(t.userId, t.itemId, t.selectionKey),
    check('wholesale_cart_lines_quantity_check', sql`${t.quantity} > 0 AND ${t.quantity} <= 999`),
  ],
);
