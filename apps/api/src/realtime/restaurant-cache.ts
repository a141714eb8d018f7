/** What a per-restaurant cache counts (tests and the bench read it). */
export interface RestaurantCacheStats {
  hits: number;
  misses: number;
  invalidations: number;
}

/**
 * The bookkeeping a per-restaurant cache kept correct across nodes needs (the menu's and the
 * fundraiser list's, decision 0126): its entries, a generation per restaurant so a load
 * that raced with an invalidation is served but not stored, an epoch for "every restaurant", and
 * whether the LISTEN connection that carries other nodes' invalidations is live (while it is not,
 * nothing is stored).
 */
export abstract class RestaurantCache<V> {
  protected readonly entries = new Map<number, V>();
  private readonly generations = new Map<number, number>();
  private epoch = 0;
  private listening = false;
  readonly stats: RestaurantCacheStats = { hits: 0, misses: 0, invalidations: 0 };

  /** Drops one restaurant's entry, or every restaurant's when no id is given. */
  invalidate(restaurantId?: number): void {
    this.stats.invalidations++;
    if (restaurantId === undefined) {
      this.epoch++;
      this.entries.clear();
      return;
    }
    this.generations.set(restaurantId, (this.generations.get(restaurantId) ?? 0) + 1);
    this.entries.delete(restaurantId);
  }

  /** Whether cross-node invalidation is live; while it is not, the cache stores nothing. */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.invalidate();
  }

  get isListening(): boolean {
    return this.listening;
  }

  protected generation(restaurantId: number): number {
    return this.epoch * 1_000_000 + (this.generations.get(restaurantId) ?? 0);
  }

  /** Whether a load begun at `generation` may be stored: listening, and no invalidation since. */
  protected storable(restaurantId: number, generation: number): boolean {
    return this.listening && this.generation(restaurantId) === generation;
  }
}
