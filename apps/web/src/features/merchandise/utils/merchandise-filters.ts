import {
  compareSizes,
  inPriceBucket,
  PRICE_FILTER,
  priceBuckets,
  sortedSizes,
  type MerchandiseItemOutput,
  type MerchandiseVariantOutput,
  type PriceBucket,
} from '@kusina/domain/merchandise';

/**
 * The merchandise shop's filters (storefront.md §2 Merchandise, §9): sizes in the XS…5XL order,
 * colours, a price slider (0 to 100, step 10; 100 means no upper limit), the price buckets rule,
 * and availability. The state lives in the URL query so a filtered shop can be shared, reloaded
 * and navigated back to.
 *
 * Filters apply per variant: an item matches when one of its variants has a chosen size, a chosen
 * colour and a price within the limits, so "M + Red + In stock" finds shirts that really come in a
 * red M that can be bought, not shirts with some M and some red variant.
 */

export const AVAILABILITY_FILTERS = ['in_stock', 'out_of_stock'] as const;
export type AvailabilityFilter = (typeof AVAILABILITY_FILTERS)[number];

export const AVAILABILITY_LABELS: Record<AvailabilityFilter, string> = {
  in_stock: 'In stock',
  out_of_stock: 'Out of stock',
};

export interface ShopFilters {
  sizes: string[];
  colors: string[];
  /** Upper price limit in dollars; PRICE_FILTER.max means any price. */
  priceMax: number;
  /** The chosen price bucket's key (bucketKey), or null. */
  bucket: string | null;
  availability: AvailabilityFilter | null;
}

export const EMPTY_FILTERS: ShopFilters = { sizes: [], colors: [], priceMax: PRICE_FILTER.max, bucket: null, availability: null };

/** "All Items" or a collection id. */
export type CollectionTab = 'all' | number;

/** Query parameter names. */
export const ShopParams = {
  collection: 'collection',
  size: 'size',
  color: 'color',
  priceMax: 'max',
  bucket: 'price',
  availability: 'stock',
  item: 'item',
} as const;

export function bucketKey(bucket: Pick<PriceBucket, 'min' | 'max'>): string {
  return `${bucket.min}-${bucket.max ?? ''}`;
}

function readPriceMax(value: string | null): number {
  if (value === null) return PRICE_FILTER.max;
  const n = Number(value);
  const valid = Number.isInteger(n) && n >= PRICE_FILTER.min && n <= PRICE_FILTER.max && (n - PRICE_FILTER.min) % PRICE_FILTER.step === 0;
  return valid ? n : PRICE_FILTER.max;
}

function unique(values: string[]): string[] {
  return [...new Set(values.map((v) => v.trim()).filter(Boolean))];
}

export function readFilters(params: URLSearchParams): ShopFilters {
  const availability = params.get(ShopParams.availability);
  return {
    sizes: unique(params.getAll(ShopParams.size)).sort(compareSizes),
    colors: unique(params.getAll(ShopParams.color)),
    priceMax: readPriceMax(params.get(ShopParams.priceMax)),
    bucket: params.get(ShopParams.bucket) || null,
    availability: (AVAILABILITY_FILTERS as readonly string[]).includes(availability ?? '') ? (availability as AvailabilityFilter) : null,
  };
}

/** The query with `filters` written in place of the old ones; other parameters (collection, item) are kept. */
export function writeFilters(params: URLSearchParams, filters: ShopFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of [ShopParams.size, ShopParams.color, ShopParams.priceMax, ShopParams.bucket, ShopParams.availability]) next.delete(name);
  for (const size of filters.sizes) next.append(ShopParams.size, size);
  for (const color of filters.colors) next.append(ShopParams.color, color);
  if (filters.priceMax < PRICE_FILTER.max) next.set(ShopParams.priceMax, String(filters.priceMax));
  if (filters.bucket) next.set(ShopParams.bucket, filters.bucket);
  if (filters.availability) next.set(ShopParams.availability, filters.availability);
  return next;
}

export function readCollectionTab(params: URLSearchParams): CollectionTab | null {
  const value = params.get(ShopParams.collection);
  if (value === 'all') return 'all';
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

export function isVariantInStock(variant: Pick<MerchandiseVariantOutput, 'available_quantity'>): boolean {
  return variant.available_quantity === null || variant.available_quantity > 0;
}

type ShopVariant = Pick<MerchandiseVariantOutput, 'size' | 'color' | 'price' | 'available_quantity'>;

/** An item's variants; an item without any (never written by the API) stands for one plain variant. */
export function itemVariants(item: MerchandiseItemOutput): ShopVariant[] {
  if (item.variants.length > 0) return item.variants;
  return [{ size: null, color: null, price: item.base_price, available_quantity: item.available_quantity }];
}

/** The lowest and highest variant price, dollars. */
export function priceRange(item: MerchandiseItemOutput): { min: number; max: number } {
  const prices = itemVariants(item).map((v) => v.price);
  return { min: Math.min(...prices), max: Math.max(...prices) };
}

export function isItemInStock(item: MerchandiseItemOutput): boolean {
  return itemVariants(item).some(isVariantInStock);
}

/** §9 buckets for the items on screen (every variant price counts toward the top price). */
export function bucketsFor(items: readonly MerchandiseItemOutput[]): PriceBucket[] {
  return priceBuckets(items.flatMap((item) => itemVariants(item).map((v) => v.price)));
}

/** The chosen bucket, when it is one of the buckets the current items offer. */
export function activeBucket(filters: ShopFilters, buckets: readonly PriceBucket[]): PriceBucket | null {
  return buckets.find((bucket) => bucketKey(bucket) === filters.bucket) ?? null;
}

export function matchesFilters(item: MerchandiseItemOutput, filters: ShopFilters, bucket: PriceBucket | null): boolean {
  const matching = itemVariants(item).filter(
    (variant) =>
      (filters.sizes.length === 0 || (variant.size !== null && filters.sizes.includes(variant.size))) &&
      (filters.colors.length === 0 || (variant.color !== null && filters.colors.includes(variant.color))) &&
      (filters.priceMax >= PRICE_FILTER.max || variant.price <= filters.priceMax) &&
      (bucket === null || inPriceBucket(variant.price, bucket)),
  );
  if (matching.length === 0) return false;
  if (filters.availability === 'in_stock') return matching.some(isVariantInStock);
  if (filters.availability === 'out_of_stock') return !matching.some(isVariantInStock);
  return true;
}

export function applyFilters(items: readonly MerchandiseItemOutput[], filters: ShopFilters, buckets: readonly PriceBucket[]): MerchandiseItemOutput[] {
  const bucket = activeBucket(filters, buckets);
  return items.filter((item) => matchesFilters(item, filters, bucket));
}

export function itemsInTab(items: readonly MerchandiseItemOutput[], tab: CollectionTab): MerchandiseItemOutput[] {
  return tab === 'all' ? [...items] : items.filter((item) => item.merchandise_collection_id === tab);
}

/** The sizes the items come in (§9 order) and their colours (first-seen order), for the filter panel. */
export function filterOptions(items: readonly MerchandiseItemOutput[]): { sizes: string[]; colors: string[] } {
  const variants = items.flatMap(itemVariants);
  return {
    sizes: sortedSizes(variants),
    colors: [...new Set(variants.map((v) => v.color).filter((c): c is string => c !== null))],
  };
}

export function toggleValue(values: readonly string[], value: string): string[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}

export function priceMaxLabel(priceMax: number): string {
  return priceMax >= PRICE_FILTER.max ? 'Any price' : `Up to $${priceMax}`;
}

export interface FilterChip {
  key: string;
  label: string;
  /** The filters without this one. */
  without: ShopFilters;
}

/** One removable chip per active filter value. */
export function filterChips(filters: ShopFilters, buckets: readonly PriceBucket[]): FilterChip[] {
  const chips: FilterChip[] = [];
  for (const size of filters.sizes) chips.push({ key: `size:${size}`, label: `Size: ${size}`, without: { ...filters, sizes: filters.sizes.filter((s) => s !== size) } });
  for (const color of filters.colors)
    chips.push({ key: `color:${color}`, label: `Color: ${color}`, without: { ...filters, colors: filters.colors.filter((c) => c !== color) } });
  const bucket = activeBucket(filters, buckets);
  if (bucket) chips.push({ key: 'bucket', label: `Price: ${bucket.label}`, without: { ...filters, bucket: null } });
  if (filters.priceMax < PRICE_FILTER.max) chips.push({ key: 'max', label: `Price: ${priceMaxLabel(filters.priceMax)}`, without: { ...filters, priceMax: PRICE_FILTER.max } });
  if (filters.availability) chips.push({ key: 'availability', label: AVAILABILITY_LABELS[filters.availability], without: { ...filters, availability: null } });
  return chips;
}
