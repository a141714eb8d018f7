import { z } from 'zod';
import { coercedInt4 } from './integers.ts';
import type { Cents } from './money.ts';
import { STOCK_STATUSES, type StockStatus } from './menu.ts';
import { dollars, dollarsInputToCents } from './menu-inputs.ts';

/**
 * The merchandise shop: response contracts, admin inputs and the shop's rules shared by the API and
 * the SPA (storefront.md §3 Merchandise item / variant / collection / cart line, §4 Item stock and
 * Inventory polling, §5 Merchandise quick view and Stock display, §9 Merchandise).
 *
 * Stock lives on variants (an item without sizes or colours has one variant with neither); an
 * item's figures are the sums of its variants'. Rule helpers take the camelCase shapes Drizzle rows
 * satisfy as they are.
 */

// ── Constants (§9) ───────────────────────────────────────────────────────────────────────────

export const MERCHANDISE_SIZE_ORDER = ['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL', '4XL', '5XL'] as const;
/** Inventory polling interval of the shop (§4). */
export const MERCHANDISE_POLL_INTERVAL_MS = 10_000;
/** Quick-view quantity cap when the variant's stock is unknown (§5, §9). */
export const MERCHANDISE_MAX_QUANTITY = 99;
/** 'Only N left' notice and low_stock at or below this many (§9). */
const MERCHANDISE_LOW_STOCK_THRESHOLD = 3;
/** Stock display (§5): 'N left' at or below 5, 'N in stock' at or below 20, 999 when untracked. */
const STOCK_LEFT_THRESHOLD = 5;
export const STOCK_IN_STOCK_THRESHOLD = 20;
const UNTRACKED_MERCHANDISE_STOCK = 999;
/** Price filter slider (§9). */
export const PRICE_FILTER = { min: 0, max: 100, step: 10 } as const;
/** Accepted uploads: type and size. */
export const MERCHANDISE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const MERCHANDISE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const MERCHANDISE_MAX_ADDITIONAL_IMAGES = 8;

const STOCK_EVENT_KINDS = ['update', 'damaged', 'sale', 'return'] as const;
export type StockEventKind = (typeof STOCK_EVENT_KINDS)[number];

export const MerchandiseMessages = {
  itemNotFound: 'Merchandise item not found.',
  variantNotFound: 'Merchandise variant not found.',
  collectionNotFound: 'Merchandise collection not found.',
  noItemsInCollection: 'No merchandise items available in this collection',
  noItemsMatchFilters: 'No items match the selected filters. Try adjusting your filters.',
  variantRequired: 'This item has several variants: choose one (variant_id).',
  stockBelowDamaged: 'Stock quantity cannot be less than the damaged quantity.',
  imageType: 'Images must be JPEG, PNG, WebP or GIF.',
  imageTooLarge: 'Images must be 5 MB or smaller.',
  imageCorrupt: 'The image could not be read. Please upload a valid JPEG, PNG, WebP or GIF file.',
  tooManyImages: `At most ${MERCHANDISE_MAX_ADDITIONAL_IMAGES} additional images.`,
  imageRequired: 'Choose an image to upload (field "image").',
  outOfStock: 'Sorry, this item is out of stock.',
  duplicateVariant: 'Another variant of this item has the same size and colour.',
  lastVariant: 'An item needs at least one variant. Delete the item instead, or add another variant first.',
} as const;

/** 'Only N available to mark as damaged.' — the damaged count may not exceed the stock. */
export function notEnoughToDamageMessage(available: number): string {
  return `Only ${available} available to mark as damaged.`;
}

/** §8: 'Added {n} {name} to cart' for more than one, 'Added {name} to cart' for one. */
export function addedToCartMessage(name: string, quantity: number): string {
  return quantity > 1 ? `Added ${quantity} ${name} to cart` : `Added ${name} to cart`;
}

// ── Stock rules ──────────────────────────────────────────────────────────────────────────────

export interface VariantStock {
  stockQuantity: number;
  damagedQuantity: number;
}

/** Sellable units of a variant (stock − damaged, never below 0); null when the item is untracked. */
export function variantAvailableQuantity(variant: VariantStock, tracked: boolean): number | null {
  return tracked ? Math.max(0, variant.stockQuantity - variant.damagedQuantity) : null;
}

/** out_of_stock at 0, low_stock at 3 or fewer, else in_stock; untracked (null) is in_stock. */
export function merchandiseStockStatus(available: number | null): StockStatus {
  if (available === null) return 'in_stock';
  if (available <= 0) return 'out_of_stock';
  return available <= MERCHANDISE_LOW_STOCK_THRESHOLD ? 'low_stock' : 'in_stock';
}

/** An item's sellable units: the sum over its variants; null when untracked. */
export function itemAvailableQuantity(variants: readonly VariantStock[], tracked: boolean): number | null {
  if (!tracked) return null;
  return variants.reduce((sum, v) => sum + Math.max(0, v.stockQuantity - v.damagedQuantity), 0);
}

/** The number the shop shows as stock: 999 when untracked (§5 Stock display). */
function displayStock(available: number | null): number {
  return available ?? UNTRACKED_MERCHANDISE_STOCK;
}

/** §5 Stock display: 'Out of stock', 'N left' (≤ 5), 'N in stock' (≤ 20), else nothing. */
export function merchandiseStockLabel(available: number | null): string | null {
  const left = displayStock(available);
  if (left <= 0) return 'Out of stock';
  if (left <= STOCK_LEFT_THRESHOLD) return `${left} left`;
  if (left <= STOCK_IN_STOCK_THRESHOLD) return `${left} in stock`;
  return null;
}

/** §9 low-stock notice: 'Only N left' at 3 or fewer (never for untracked or sold-out). */
export function lowStockNotice(available: number | null): string | null {
  if (available === null || available <= 0 || available > MERCHANDISE_LOW_STOCK_THRESHOLD) return null;
  return `Only ${available} left`;
}

/** §5 quick view: quantity between 1 and the variant's stock (99 when unknown); typed values are clamped. */
export function clampQuantity(value: number, available: number | null): number {
  const max = Math.max(1, Math.min(available ?? MERCHANDISE_MAX_QUANTITY, MERCHANDISE_MAX_QUANTITY));
  if (!Number.isFinite(value)) return 1;
  return Math.min(max, Math.max(1, Math.floor(value)));
}

/** Sort rank of a size (§9 order); unknown sizes after the known ones, alphabetically. */
function sizeRank(size: string | null): number {
  if (size === null) return -1;
  const index = (MERCHANDISE_SIZE_ORDER as readonly string[]).indexOf(size.toUpperCase());
  return index === -1 ? MERCHANDISE_SIZE_ORDER.length : index;
}

export function compareSizes(a: string | null, b: string | null): number {
  return sizeRank(a) - sizeRank(b) || (a ?? '').localeCompare(b ?? '');
}

/** Distinct sizes of an item's variants in the §9 order. */
export function sortedSizes(variants: readonly { size: string | null }[]): string[] {
  const sizes = [...new Set(variants.map((v) => v.size).filter((s): s is string => s !== null))];
  return sizes.sort(compareSizes);
}

type VariantView = Pick<MerchandiseVariantOutput, 'size' | 'color' | 'available_quantity'>;

/** §5: a size button is disabled when no variant of that size has stock. */
export function isSizeAvailable(variants: readonly VariantView[], size: string): boolean {
  return variants.some((v) => v.size === size && (v.available_quantity === null || v.available_quantity > 0));
}

/** §5: colours of the chosen size; the picker shows only when there is more than one. */
export function colorsForSize(variants: readonly VariantView[], size: string | null): string[] {
  return [...new Set(variants.filter((v) => v.size === size && v.color !== null).map((v) => v.color as string))];
}

export interface PriceBucket {
  label: string;
  min: number;
  /** Upper bound in dollars (exclusive unless includeMax); null = no upper bound. */
  max: number | null;
  includeMax: boolean;
}

/**
 * §9 price buckets: when the top price (rounded up to a multiple of 5) is at most 25, one bucket
 * 0 to that price; otherwise 0-25, 25-50, 50-100, 100+.
 */
export function priceBuckets(prices: readonly number[]): PriceBucket[] {
  const top = Math.ceil(Math.max(0, ...prices) / 5) * 5;
  if (top <= 25) return [{ label: `$0 - $${top}`, min: 0, max: top, includeMax: true }];
  return [
    { label: '$0 - $25', min: 0, max: 25, includeMax: false },
    { label: '$25 - $50', min: 25, max: 50, includeMax: false },
    { label: '$50 - $100', min: 50, max: 100, includeMax: false },
    { label: '$100+', min: 100, max: null, includeMax: false },
  ];
}

export function inPriceBucket(price: number, bucket: PriceBucket): boolean {
  return price >= bucket.min && (bucket.max === null || price < bucket.max || (bucket.includeMax && price === bucket.max));
}

/** A variant's price: base plus its adjustment, never below 0. */
export function variantPriceCents(basePriceCents: Cents, priceAdjustmentCents: Cents): Cents {
  return Math.max(0, basePriceCents + priceAdjustmentCents);
}

/** 'M / Navy', 'One size'. */
export function variantLabel(variant: { size: string | null; color: string | null }): string {
  return [variant.size, variant.color].filter(Boolean).join(' / ') || 'One size';
}

// ── Response contracts ───────────────────────────────────────────────────────────────────────

export const MerchandiseVariantOutput = z.object({
  id: z.int32(),
  merchandise_item_id: z.int32(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  /** Dollars added to the base price. */
  price_adjustment: z.number(),
  price_adjustment_cents: z.int32(),
  /** Base plus adjustment, dollars. */
  price: z.number(),
  stock_quantity: z.int32(),
  damaged_quantity: z.int32(),
  /** stock − damaged; null when the item does not track stock (shown as 999). */
  available_quantity: z.int32().nullable(),
  stock_status: z.enum(STOCK_STATUSES),
});
export type MerchandiseVariantOutput = z.infer<typeof MerchandiseVariantOutput>;

export const MerchandiseItemOutput = z.object({
  id: z.int32(),
  restaurant_id: z.int32(),
  merchandise_collection_id: z.int32().nullable(),
  name: z.string(),
  description: z.string(),
  /** Dollars. */
  base_price: z.number(),
  base_price_cents: z.int32(),
  image_url: z.string().nullable(),
  second_image_url: z.string().nullable(),
  additional_images: z.array(z.string()),
  category_name: z.string().nullable(),
  hidden: z.boolean(),
  enable_stock_tracking: z.boolean(),
  /** Sums over the variants. */
  stock_quantity: z.int32(),
  damaged_quantity: z.int32(),
  available_quantity: z.int32().nullable(),
  stock_status: z.enum(STOCK_STATUSES),
  position: z.int32(),
  /** Sizes in the §9 order, then colours by position. */
  variants: z.array(MerchandiseVariantOutput),
});
export type MerchandiseItemOutput = z.infer<typeof MerchandiseItemOutput>;

export const MerchandiseCollectionOutput = z.object({
  id: z.int32(),
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  /** The first active collection: the shop opens on it. */
  current: z.boolean(),
  position: z.int32(),
});
export type MerchandiseCollectionOutput = z.infer<typeof MerchandiseCollectionOutput>;

export const MerchandiseCategoryOutput = z.object({ name: z.string(), item_count: z.int32() });
export type MerchandiseCategoryOutput = z.infer<typeof MerchandiseCategoryOutput>;

export const StockEventOutput = z.object({
  id: z.int32(),
  merchandise_item_id: z.int32().nullable(),
  merchandise_variant_id: z.int32().nullable(),
  variant_label: z.string(),
  kind: z.enum(STOCK_EVENT_KINDS),
  delta: z.int32(),
  stock_quantity: z.int32(),
  damaged_quantity: z.int32(),
  reason: z.string(),
  user_id: z.int32().nullable(),
  created_at: z.string(),
});
export type StockEventOutput = z.infer<typeof StockEventOutput>;

/** The answer of the stock calls: the item as it now is, and the audit row the change wrote. */
export const StockChangeOutput = z.object({ item: MerchandiseItemOutput, event: StockEventOutput });
export type StockChangeOutput = z.infer<typeof StockChangeOutput>;

/**
 * DELETE /merchandise_variants/:id (decision 0072): `archived` true when orders name the variant, so
 * it was archived (no longer sold, kept for those orders) rather than deleted.
 */
export const MerchandiseVariantDeleteOutput = z.object({ id: z.int32(), archived: z.boolean() });
export type MerchandiseVariantDeleteOutput = z.infer<typeof MerchandiseVariantDeleteOutput>;

// ── Queries ──────────────────────────────────────────────────────────────────────────────────

const queryFlag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1');

export const MerchandiseItemsQuery = z.object({
  restaurant_id: coercedInt4().positive().optional(),
  collection_id: coercedInt4().positive().optional(),
  /** Variants and their stock are always included; accepted for the spec's clients. */
  include_stock: queryFlag,
  /** Admin view (hidden items too); honoured for the restaurant's admins only. */
  admin: queryFlag,
  /** Hidden items too; honoured for the restaurant's admins only. */
  show_all: queryFlag,
});
export type MerchandiseItemsQuery = z.infer<typeof MerchandiseItemsQuery>;

export const MerchandiseCollectionsQuery = z.object({
  restaurant_id: coercedInt4().positive().optional(),
  /** Inactive collections too; honoured for the restaurant's admins only. */
  show_all: queryFlag,
});
export type MerchandiseCollectionsQuery = z.infer<typeof MerchandiseCollectionsQuery>;

// ── Admin inputs ─────────────────────────────────────────────────────────────────────────────
// Multipart forms send every value as text: numbers, booleans and blanks are read from strings
// here, so one schema checks both a JSON body and a form.

const fromText = (v: unknown): unknown => (typeof v === 'string' ? v.trim() : v);
const numberFromText = (v: unknown): unknown => {
  const t = fromText(v);
  return typeof t === 'string' && t !== '' && Number.isFinite(Number(t)) ? Number(t) : t;
};
const boolFromText = (v: unknown): unknown => {
  const t = fromText(v);
  if (t === 'true' || t === '1' || t === 'on') return true;
  if (t === 'false' || t === '0' || t === '') return false;
  return t;
};
const blankToNull = (v: unknown): unknown => (typeof v === 'string' && v.trim() === '' ? null : fromText(v));

const formDollars = z.preprocess(numberFromText, dollars);
const formAdjustment = z.preprocess(
  numberFromText,
  z
    .number()
    .min(-1000, 'Must be at least -1000')
    .max(1000, 'Must be at most 1000')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Use at most 2 decimals'),
);
const formQuantity = z.preprocess(numberFromText, z.int32('Must be a whole number').min(0, 'Must be 0 or more').max(1_000_000));
const formPositiveQuantity = z.preprocess(numberFromText, z.int32('Must be a whole number').min(1, 'Must be 1 or more').max(1_000_000));
const formBool = z.preprocess(boolFromText, z.boolean());
const formId = z.preprocess(numberFromText, z.int32().positive());
const formText = (max: number) => z.preprocess(blankToNull, z.string().max(max).nullable());
const formName = z.preprocess(fromText, z.string().min(1, 'Required').max(120));
const reason = z.preprocess(fromText, z.string().min(1, 'Give a reason').max(500));
/** An image reference kept as it is: a same-origin path or an https URL. */
const imageUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v.startsWith('/') || v.startsWith('https://'), 'Use a /path or an https:// URL');

const sizeOrColor = formText(40);

export const MerchandiseVariantInput = z.object({
  id: formId.optional(),
  size: sizeOrColor.optional(),
  color: sizeOrColor.optional(),
  price_adjustment: formAdjustment.optional(),
  stock_quantity: formQuantity.optional(),
  damaged_quantity: formQuantity.optional(),
});
export type MerchandiseVariantInput = z.infer<typeof MerchandiseVariantInput>;

function damagedWithinStock(v: { stock_quantity?: number | undefined; damaged_quantity?: number | undefined }): boolean {
  return v.stock_quantity === undefined || v.damaged_quantity === undefined || v.damaged_quantity <= v.stock_quantity;
}
const damagedIssue = { message: 'Damaged quantity cannot exceed stock quantity', path: ['damaged_quantity'] };

/** Variants arrive as an array (JSON, or merchandise_item[variants][0][size] in a form) or as a JSON string. */
const variantsField = z.preprocess((v) => {
  if (typeof v === 'string') {
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  }
  return v;
}, z.array(MerchandiseVariantInput.refine(damagedWithinStock, damagedIssue)).max(100));

const itemFields = z.object({
  restaurant_id: formId.optional(),
  merchandise_collection_id: z.preprocess(blankToNull, z.preprocess(numberFromText, z.int32().positive().nullable())).optional(),
  name: formName,
  description: z.preprocess(fromText, z.string().max(4000)).optional(),
  base_price: formDollars,
  image_url: z.preprocess(blankToNull, imageUrl.nullable()).optional(),
  second_image_url: z.preprocess(blankToNull, imageUrl.nullable()).optional(),
  category_name: formText(80).optional(),
  hidden: formBool.optional(),
  enable_stock_tracking: formBool.optional(),
  position: z.preprocess(numberFromText, z.int32().min(0)).optional(),
  /** Stock of the single variant created when no variants are given. */
  stock_quantity: formQuantity.optional(),
  variants: variantsField.optional(),
});

export const MerchandiseItemCreateInput = itemFields;
export type MerchandiseItemCreateInput = z.infer<typeof MerchandiseItemCreateInput>;

/** Variants with an id are edited (size, colour, price adjustment), without one added; stock moves only through the stock calls. */
export const MerchandiseItemUpdateInput = itemFields.omit({ restaurant_id: true, stock_quantity: true }).partial();
export type MerchandiseItemUpdateInput = z.infer<typeof MerchandiseItemUpdateInput>;

export const MarkAsDamagedInput = z.object({
  variant_id: formId.optional(),
  quantity: formPositiveQuantity,
  reason,
});
export type MarkAsDamagedInput = z.infer<typeof MarkAsDamagedInput>;

export const UpdateStockInput = z.object({
  variant_id: formId.optional(),
  stock_quantity: formQuantity,
  reason,
});
export type UpdateStockInput = z.infer<typeof UpdateStockInput>;

export const VariantStockInput = UpdateStockInput.omit({ variant_id: true });
export type VariantStockInput = z.infer<typeof VariantStockInput>;

export const MerchandiseVariantUpdateInput = z.object({
  merchandise_variant: MerchandiseVariantInput.omit({ id: true })
    .extend({ reason: reason.optional() })
    .refine(damagedWithinStock, damagedIssue),
});
export type MerchandiseVariantUpdateInput = z.infer<typeof MerchandiseVariantUpdateInput>;

/** Dollars → cents for inputs checked above. */
export { dollarsInputToCents };

// ── Cart line (§3 Merchandise cart line) ─────────────────────────────────────────────────────

export const MerchandiseCartLine = z.object({
  id: z.int32(),
  name: z.string(),
  price: z.number(),
  image_url: z.string().nullable(),
  quantity: z.int32().min(1).max(MERCHANDISE_MAX_QUANTITY),
  type: z.literal('merchandise'),
  variant_id: z.int32(),
  variant_details: z.object({ size: z.string().nullable(), color: z.string().nullable() }),
});
export type MerchandiseCartLine = z.infer<typeof MerchandiseCartLine>;

