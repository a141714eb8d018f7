import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FundraiserOutput } from '@kusina/domain/wholesale';
import { keepListening } from '../../realtime/pg-listen.ts';
import { RestaurantCache, type RestaurantCacheStats } from '../../realtime/restaurant-cache.ts';

/**
 * PostgreSQL channel the fundraiser-shop triggers (drizzle/0029) notify after a write to a
 * fundraiser, item, participant, order or ledger row; payload = the restaurant id.
 */
export const WHOLESALE_CHANGED_CHANNEL = 'wholesale_changed';
const WHOLESALE_LISTEN_SOURCE = 'fundraiser list cache';

/** The shop's list of one restaurant, serialized once (decision 0126). */
export interface ListBody {
  value: { success: boolean; message: string; data: { fundraisers: FundraiserOutput[] } };
  /** `value` as JSON text. */
  json: string;
}

export type ListCacheStats = RestaurantCacheStats;

/**
 * The shop's fundraiser list (without a search) per restaurant, as served on one Guam day (its
 * days left and which fundraisers are past their end date depend on the day). Correctness rules, as
 * the menu cache's (decision 0126):
 * - every committed write that changes what the list shows invalidates it on every node: the
 *   triggers' NOTIFY reaches each node's LISTEN connection, and the node that served the write also
 *   drops it before answering (so its caller reads its own write);
 * - a load that raced with an invalidation is served but not stored (per-restaurant generations);
 * - while the LISTEN connection is down, nothing is stored (another node's change could be missed).
 */
export class FundraiserListCache extends RestaurantCache<{ today: string; body: ListBody }> {
  private readonly inflight = new Map<string, { generation: number; promise: Promise<ListBody> }>();

  /** The list of `restaurantId` on `today`, loading (once, however many concurrent readers) on a miss. */
  async get(restaurantId: number, today: string, load: () => Promise<ListBody>): Promise<ListBody> {
    const cached = this.entries.get(restaurantId);
    if (cached && cached.today === today) {
      this.stats.hits++;
      return cached.body;
    }
    this.stats.misses++;
    const generation = this.generation(restaurantId);
    const key = `${restaurantId} ${today}`;
    const running = this.inflight.get(key);
    if (running && running.generation === generation) return running.promise;
    const promise = load();
    this.inflight.set(key, { generation, promise });
    try {
      const body = await promise;
      if (this.storable(restaurantId, generation)) this.entries.set(restaurantId, { today, body });
      return body;
    } finally {
      if (this.inflight.get(key)?.promise === promise) this.inflight.delete(key);
    }
  }

}

declare module 'fastify' {
  interface FastifyInstance {
    wholesaleListCache: FundraiserListCache;
  }
}

/** The cache and its LISTEN connection (realtime/pg-listen.ts), stopped with the app. */
export default fp(
  async (app: FastifyInstance) => {
    const cache = new FundraiserListCache();
    app.decorate('wholesaleListCache', cache);
    const stop = await keepListening(app, {
      channel: WHOLESALE_CHANGED_CHANNEL,
      source: WHOLESALE_LISTEN_SOURCE,
      applicationName: 'kusina-wholesale-listener',
      setListening: (listening) => cache.setListening(listening),
      onNotification: (payload) => {
        const restaurantId = Number(payload);
        cache.invalidate(Number.isInteger(restaurantId) && restaurantId > 0 ? restaurantId : undefined);
      },
    });
    app.addHook('onClose', stop);
  },
  { name: 'wholesale-list-cache', dependencies: ['db'] },
);
