import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { MenuCategoryOutput, MenuItemOutput, MenuOutput } from '@kusina/domain/menu';
import type { RestaurantDay } from '@kusina/domain/menu-calendar';
import { MENU_UPDATE_EVENT, MENU_UPDATE_INTERVAL_MS } from '@kusina/domain/restaurants';
import { keepListening } from '../../realtime/pg-listen.ts';
import { RestaurantCache, type RestaurantCacheStats } from '../../realtime/restaurant-cache.ts';
import { rooms } from '../../realtime/socket.ts';

/** PostgreSQL channel the catalog triggers (drizzle/0004_menu_notify.sql) notify, payload = restaurant id. */
const MENU_CHANGED_CHANNEL = 'menu_changed';
/** Serialized filter variants kept per restaurant-day (free-text search makes the set open-ended). */
const MAX_BODIES_PER_SNAPSHOT = 64;
/** This connection's name in ListenGaps (and in the log). */
const MENU_LISTEN_SOURCE = 'menu cache';

export interface MenuBody {
  value: MenuOutput;
  /** `value` as JSON text, serialized once. */
  json: string;
  etag: string;
  /** `json` gzipped, made on the first request that accepts gzip and kept with the body. */
  gzip?: Buffer;
}

/** The gzipped JSON of a cached body, compressed at most once per body. */
export function gzipped(body: MenuBody): Buffer {
  body.gzip ??= gzipSync(body.json, { level: 6 });
  return body.gzip;
}

/**
 * One restaurant's active menu as served on one Guam calendar day: is_available depends on the day
 * (available_days, available_until), so a snapshot is only valid between day.startsAt and day.endsAt.
 */
export interface MenuSnapshot {
  restaurantId: number;
  day: RestaurantDay;
  menu: MenuOutput['menu'];
  categories: MenuCategoryOutput[];
  items: MenuItemOutput[];
  itemsById: Map<number, MenuItemOutput>;
  /** Serialized responses by filter key ('' = unfiltered). */
  bodies: Map<string, MenuBody>;
}

export type MenuCacheStats = RestaurantCacheStats;

function serializeBody(value: MenuOutput): MenuBody {
  const json = JSON.stringify(value);
  return { value, json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
}

/**
 * The in-process menu cache. Correctness rules:
 * - every committed catalog change invalidates it: the writing node calls invalidate() after commit,
 *   and every node hears the triggers' NOTIFY (so a stock change by checkout on any node is seen);
 * - a load that raced with an invalidation is served but not stored (per-restaurant generations);
 * - while the LISTEN connection is down, nothing is stored (another node's change could be missed).
 */
export class MenuCache extends RestaurantCache<MenuSnapshot> {
  private readonly inflight = new Map<number, { generation: number; promise: Promise<MenuSnapshot> }>();

  /** The snapshot valid at `now`, loading (once per restaurant, however many concurrent readers) on a miss. */
  async get(restaurantId: number, now: number, load: () => Promise<MenuSnapshot>): Promise<MenuSnapshot> {
    const cached = this.entries.get(restaurantId);
    if (cached && now >= cached.day.startsAt && now < cached.day.endsAt) {
      this.stats.hits++;
      return cached;
    }
    this.stats.misses++;
    const generation = this.generation(restaurantId);
    const running = this.inflight.get(restaurantId);
    if (running && running.generation === generation) {
      const snapshot = await running.promise;
      if (now >= snapshot.day.startsAt && now < snapshot.day.endsAt) return snapshot;
      return load();
    }
    const promise = load();
    this.inflight.set(restaurantId, { generation, promise });
    try {
      const snapshot = await promise;
      if (this.storable(restaurantId, generation)) this.entries.set(restaurantId, snapshot);
      return snapshot;
    } finally {
      if (this.inflight.get(restaurantId)?.promise === promise) this.inflight.delete(restaurantId);
    }
  }

  /** A serialized variant of a snapshot, built once per filter key. */
  body(snapshot: MenuSnapshot, key: string, build: () => MenuOutput): MenuBody {
    const existing = snapshot.bodies.get(key);
    if (existing) return existing;
    const body = serializeBody(build());
    if (snapshot.bodies.size < MAX_BODIES_PER_SNAPSHOT) snapshot.bodies.set(key, body);
    return body;
  }

}

declare module 'fastify' {
  interface FastifyInstance {
    menuCache: MenuCache;
  }
}

/**
 * Keeps one dedicated connection LISTENing on MENU_CHANGED_CHANNEL (realtime/pg-listen.ts);
 * the cache stores nothing while it is down and is emptied whenever it listens again, since
 * notifications may have been missed meanwhile.
 */
function listenForChanges(app: FastifyInstance, cache: MenuCache, onChange: (restaurantId: number) => void): Promise<() => Promise<void>> {
  return keepListening(app, {
    channel: MENU_CHANGED_CHANNEL,
    source: MENU_LISTEN_SOURCE,
    applicationName: 'kusina-menu-listener',
    setListening: (listening) => cache.setListening(listening),
    onNotification: (payload) => {
      const restaurantId = Number(payload);
      const known = Number.isInteger(restaurantId) && restaurantId > 0;
      cache.invalidate(known ? restaurantId : undefined);
      if (known) onChange(restaurantId);
    },
  });
}

/**
 * Open menus follow stock and availability live (storefront.md §4; decision 0043): every change a
 * node hears (the triggers' NOTIFY, whichever node or tool wrote it) is told to this node's own
 * sockets in the restaurant's room, as menu_update. Every node hears the NOTIFY, so the event is
 * sent locally, never across nodes (that would repeat it once per node). Busy ordering changes
 * stock many times a second: a restaurant's event goes at most once per MENU_UPDATE_INTERVAL_MS,
 * the last change always followed by one.
 */
export function menuUpdateAnnouncer(send: (restaurantId: number) => void, intervalMs = MENU_UPDATE_INTERVAL_MS) {
  const lastSent = new Map<number, number>();
  const pending = new Map<number, NodeJS.Timeout>();
  const fire = (restaurantId: number) => {
    pending.delete(restaurantId);
    lastSent.set(restaurantId, Date.now());
    send(restaurantId);
  };
  return {
    announce(restaurantId: number): void {
      if (pending.has(restaurantId)) return;
      const wait = (lastSent.get(restaurantId) ?? -Infinity) + intervalMs - Date.now();
      if (wait <= 0) {
        fire(restaurantId);
        return;
      }
      const timer = setTimeout(() => fire(restaurantId), wait);
      timer.unref();
      pending.set(restaurantId, timer);
    },
    stop(): void {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    },
  };
}

export default fp(
  async (app: FastifyInstance) => {
    const cache = new MenuCache();
    app.decorate('menuCache', cache);
    const announcer = menuUpdateAnnouncer((restaurantId) => {
      if (!app.hasDecorator('realtime')) return;
      app.realtime.io.local.to(rooms.restaurant(restaurantId)).emit(MENU_UPDATE_EVENT, { restaurant_id: restaurantId });
    });
    const stop = await listenForChanges(app, cache, (restaurantId) => announcer.announce(restaurantId));
    app.addHook('onClose', async () => {
      announcer.stop();
      await stop();
    });
  },
  { name: 'menu-cache', dependencies: ['db'] },
);
