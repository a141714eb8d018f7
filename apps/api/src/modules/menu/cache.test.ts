import { describe, expect, it } from 'vitest';
import { restaurantDay } from '@kusina/domain/menu-calendar';
import { MenuCache, type MenuSnapshot } from './cache.ts';

function snapshot(now: number, name = 'Menu'): MenuSnapshot {
  return {
    restaurantId: 1,
    day: restaurantDay(new Date(now)),
    menu: { id: 1, name },
    categories: [],
    items: [],
    itemsById: new Map(),
    bodies: new Map(),
  };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const NOON_GUAM = Date.parse('2026-11-21T02:00:00Z');

function listeningCache(): MenuCache {
  const cache = new MenuCache();
  cache.setListening(true);
  return cache;
}

describe('MenuCache', () => {
  it('keeps a snapshot for its Guam day only', async () => {
    const cache = listeningCache();
    let loads = 0;
    const load = async () => {
      loads++;
      return snapshot(NOON_GUAM);
    };
    await cache.get(1, NOON_GUAM, load);
    await cache.get(1, NOON_GUAM + 3_600_000, load);
    expect(loads).toBe(1);
    // 14:00 UTC is midnight in Guam: a new day, a new snapshot.
    await cache.get(1, Date.parse('2026-11-21T14:00:00Z'), load);
    expect(loads).toBe(2);
    // And a clock set back to an earlier day does not reuse a later day's answer.
    await cache.get(1, Date.parse('2026-11-20T02:00:00Z'), load);
    expect(loads).toBe(3);
  });

  it('does not store a load that an invalidation overtook', async () => {
    const cache = listeningCache();
    const slow = deferred<MenuSnapshot>();
    const first = cache.get(1, NOON_GUAM, () => slow.promise);
    cache.invalidate(1); // a write committed while the stale rows were being read
    slow.resolve(snapshot(NOON_GUAM, 'stale'));
    expect((await first).menu.name).toBe('stale');
    const fresh = await cache.get(1, NOON_GUAM, async () => snapshot(NOON_GUAM, 'fresh'));
    expect(fresh.menu.name).toBe('fresh');
  });

  it('shares one load between concurrent readers', async () => {
    const cache = listeningCache();
    const slow = deferred<MenuSnapshot>();
    let loads = 0;
    const load = () => {
      loads++;
      return slow.promise;
    };
    const readers = [cache.get(1, NOON_GUAM, load), cache.get(1, NOON_GUAM, load), cache.get(1, NOON_GUAM, load)];
    slow.resolve(snapshot(NOON_GUAM));
    await Promise.all(readers);
    expect(loads).toBe(1);
  });

  it('stores nothing while cross-node invalidation is down', async () => {
    const cache = new MenuCache();
    let loads = 0;
    const load = async () => {
      loads++;
      return snapshot(NOON_GUAM);
    };
    await cache.get(1, NOON_GUAM, load);
    await cache.get(1, NOON_GUAM, load);
    expect(loads).toBe(2);
    cache.setListening(true);
    await cache.get(1, NOON_GUAM, load);
    await cache.get(1, NOON_GUAM, load);
    expect(loads).toBe(3);
  });

  it('invalidates one restaurant or all', async () => {
    const cache = listeningCache();
    let loads = 0;
    const load = async () => {
      loads++;
      return snapshot(NOON_GUAM);
    };
    await cache.get(1, NOON_GUAM, load);
    await cache.get(2, NOON_GUAM, load);
    cache.invalidate(2);
    await cache.get(1, NOON_GUAM, load);
    await cache.get(2, NOON_GUAM, load);
    expect(loads).toBe(3);
    cache.invalidate();
    await cache.get(1, NOON_GUAM, load);
    await cache.get(2, NOON_GUAM, load);
    expect(loads).toBe(5);
  });
});
