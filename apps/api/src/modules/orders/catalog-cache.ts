import { eq, sql } from 'drizzle-orm';
import type { CatalogItem, CatalogVariant } from '@kusina/domain/checkout';
import type { DbOrTx } from '../../db/client.ts';
import { restaurants } from '../../db/schema/index.ts';
import { cartItemIds, cartVariantIds, catalogJson, merchandiseCatalogJson, type CatalogRead } from './catalog.ts';
import type { RestaurantRow } from './service.ts';

/**
 * What an order of one restaurant is priced from, read in one statement (one snapshot): the
 * restaurant's row — with its catalog_version — and every menu item (option groups and options
 * included) and merchandise variant it has, as the order read reads them for a cart.
 */
export interface PricingCatalog {
  restaurant: RestaurantRow;
  items: Map<number, CatalogItem>;
  variants: Map<number, CatalogVariant>;
}

export async function loadPricingCatalog(db: DbOrTx, restaurantId: number): Promise<PricingCatalog | null> {
  const [row] = await db
    .select({
      restaurant: restaurants,
      // Qualified by hand: Drizzle leaves a one-table query's columns unqualified.
      items: catalogJson(sql.raw('restaurants.id'), null),
      variants: merchandiseCatalogJson(sql.raw('restaurants.id'), null),
    })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  if (!row) return null;
  return {
    restaurant: row.restaurant,
    items: new Map(row.items.map((item) => [item.id, item])),
    variants: new Map(row.variants.map((variant) => [variant.id, variant])),
  };
}

/** A cart's rows of a cached catalog, as the order read would return them (in id order; rows not found left out). */
export function cartCatalog(catalog: PricingCatalog, cart: Parameters<typeof cartItemIds>[0]): CatalogRead {
  return {
    items: cartItemIds(cart).flatMap((id) => catalog.items.get(id) ?? []),
    variants: cartVariantIds(cart).flatMap((id) => catalog.variants.get(id) ?? []),
  };
}

/**
 * The order batch's per-process cache of pricing catalogs (decision 0026). It needs no
 * invalidation to be correct: the batch's order statement writes an order only if its restaurant's
 * catalog_version is still the one the order was priced with (triggers raise it with every change
 * but stock counts, migration 0011), and the batch forgets a restaurant's catalog whenever the
 * statement left one of its orders alone. A catalog is also read again once it is `maxAgeMs` old:
 * an order the cached catalog refuses (an item since made available, a restaurant no longer
 * VIP-only) is placed alone, correctly but slowly, and never reaches the statement's check. A
 * restaurant that does not exist is not remembered (the ids come from requests: the cache holds
 * only real restaurants). Concurrent batches share one load.
 */
export class PricingCatalogs {
  readonly #load: (restaurantId: number) => Promise<PricingCatalog | null>;
  readonly #maxAgeMs: number;
  readonly #now: () => number;
  readonly #entries = new Map<number, { catalog: Promise<PricingCatalog | null>; loadedAt: number }>();
  /** Loads made (for tests and diagnostics). */
  loads = 0;

  constructor(load: (restaurantId: number) => Promise<PricingCatalog | null>, options: { maxAgeMs?: number; now?: () => number } = {}) {
    this.#load = load;
    this.#maxAgeMs = options.maxAgeMs ?? 5000;
    this.#now = options.now ?? (() => performance.now());
  }

  get(restaurantId: number): Promise<PricingCatalog | null> {
    const now = this.#now();
    const entry = this.#entries.get(restaurantId);
    if (entry && now - entry.loadedAt < this.#maxAgeMs) return entry.catalog;
    this.loads++;
    const loading = this.#load(restaurantId);
    const fresh = { catalog: loading, loadedAt: now };
    this.#entries.set(restaurantId, fresh);
    // A failed load, or no such restaurant, is not kept: the next batch asks again.
    const drop = () => {
      if (this.#entries.get(restaurantId) === fresh) this.#entries.delete(restaurantId);
    };
    void loading.then((catalog) => {
      if (!catalog) drop();
    }, drop);
    return loading;
  }

  /** How many restaurants' catalogs are held (for tests and diagnostics). */
  get size(): number {
    return this.#entries.size;
  }

  forget(restaurantId: number): void {
    this.#entries.delete(restaurantId);
  }
}
