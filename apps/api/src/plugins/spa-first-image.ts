import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { MenuCategoryOutput, MenuItemOutput } from '@kusina/domain/menu';
import type { MerchandiseCollectionOutput, MerchandiseItemOutput } from '@kusina/domain/merchandise';
import type { Theme } from '@kusina/domain/restaurants';
import { restaurants, siteSettings } from '../db/schema/restaurants.ts';
import { getMenuSnapshot } from '../modules/menu/service.ts';
import { listCollections, listItems } from '../modules/merchandise/service.ts';

/**
 * The image a storefront page paints largest first (its LCP element), when the server can know it
 * exactly as the page will choose it: the server names it in the HTML as a high-priority image
 * preload, so it downloads with the code instead of after the code, the data and the render.
 * Each choice below mirrors the page's own (apps/web/src/features/storefront/routes/*): a preload
 * the page does not use is a wasted request and a console warning (e2e/tests/storefront-speed.spec.ts
 * checks that the preloaded image is the one the page shows first).
 */

/** The home page's default hero (apps/web/src/features/storefront/routes/home-page.tsx, DEFAULT_HERO_IMAGE). */
export const DEFAULT_HERO_IMAGE = '/images/hero-kusina.svg';

/** Home's hero: site settings' image, else the admin settings' one, else the default artwork. */
export function heroImage(siteHero: string | null | undefined, adminHero: string | null | undefined): string {
  return siteHero || adminHero || DEFAULT_HERO_IMAGE;
}

/**
 * The menu's first card image: the first dish of the first category (by position) that has dishes,
 * dishes outside the listed categories last (menu-page.tsx, sections). Null when that dish has none.
 */
export function firstMenuImage(categories: readonly Pick<MenuCategoryOutput, 'id' | 'position'>[], items: readonly Pick<MenuItemOutput, 'category_id' | 'image'>[]): string | null {
  const ordered = [...categories].sort((a, b) => a.position - b.position);
  const listed = new Set(ordered.map((category) => category.id));
  for (const category of ordered) {
    const first = items.find((item) => item.category_id === category.id);
    if (first) return first.image || null;
  }
  const other = items.find((item) => item.category_id === null || !listed.has(item.category_id));
  return other?.image || null;
}

/**
 * The shop's first card image with no query (merchandise-page.tsx): the current collection's tab, else
 * the first active collection's by position, else All Items; its first item's image.
 */
export function firstMerchandiseImage(
  collections: readonly Pick<MerchandiseCollectionOutput, 'id' | 'active' | 'current' | 'position'>[],
  items: readonly Pick<MerchandiseItemOutput, 'merchandise_collection_id' | 'image_url'>[],
): string | null {
  const active = collections.filter((c) => c.active).sort((a, b) => a.position - b.position);
  const tab = active.find((c) => c.current)?.id ?? active[0]?.id ?? 'all';
  const first = tab === 'all' ? items[0] : items.find((item) => item.merchandise_collection_id === tab);
  return first?.image_url || null;
}

/** A URL that can go into an attribute as it is: a same-site path or an http(s) address, nothing to escape. */
function safeUrl(url: string | null): string | null {
  return url && /^(\/(?!\/)|https?:\/\/)[^\s"'<>&\\]*$/.test(url) ? url : null;
}

export type FirstImageResolver = (restaurantId: number, route: string) => Promise<string | null>;

/** The resolver for the app's own data; any failure only means no preload (the page loads as before). */
export function firstImageResolver(app: FastifyInstance): FirstImageResolver {
  return async (restaurantId, route) => {
    try {
      switch (route) {
        case '/': {
          // One read: the restaurant's admin settings with its site settings' hero, if it has any.
          const [row] = await app.db
            .select({ settings: restaurants.adminSettings, hero: siteSettings.heroImageUrl })
            .from(restaurants)
            .leftJoin(siteSettings, eq(siteSettings.restaurantId, restaurants.id))
            .where(eq(restaurants.id, restaurantId))
            .limit(1);
          if (!row) return null;
          return safeUrl(heroImage(row.hero, row.settings?.hero_image_url));
        }
        case '/menu':
        case '/ordering': {
          const snapshot = await getMenuSnapshot(app, restaurantId);
          return safeUrl(firstMenuImage(snapshot.categories, snapshot.items));
        }
        case '/merchandise': {
          const [collections, items] = await Promise.all([
            listCollections(app, null, restaurantId, false),
            listItems(app, null, restaurantId, { admin: false, show_all: false }),
          ]);
          return safeUrl(firstMerchandiseImage(collections, items));
        }
        default:
          return null;
      }
    } catch (error) {
      app.log.warn({ err: error, restaurantId, route }, 'spa: the first image could not be looked up; the page is sent without its preload');
      return null;
    }
  };
}

export type ThemeResolver = (restaurantId: number) => Promise<Theme | null>;

/**
 * The restaurant's colour theme, written into the page's <html> so the frame painted before the code
 * (index.html, decision 0055) already wears it: restaurant 2's blue logo, not gold. One indexed read
 * per page load; a failure only means the default theme until the app sets its own.
 */
export function themeResolver(app: FastifyInstance): ThemeResolver {
  return async (restaurantId) => {
    try {
      const [row] = await app.db.select({ theme: restaurants.theme }).from(restaurants).where(eq(restaurants.id, restaurantId)).limit(1);
      return row?.theme ?? null;
    } catch (error) {
      app.log.warn({ err: error, restaurantId }, "spa: the restaurant's theme could not be read; the page is sent with the default");
      return null;
    }
  };
}
