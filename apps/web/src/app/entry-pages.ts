import { lazy } from 'react';
import type { DataTag, QueryClient, QueryKey } from '@tanstack/react-query';
import type { MenuCategoryOutput, MenuItemOutput } from '@kusina/domain/menu';
import type { MerchandiseCollectionOutput, MerchandiseItemOutput } from '@kusina/domain/merchandise';
import type { RestaurantOutput, SiteSettingsOutput, Theme } from '@kusina/domain/restaurants';
import { preloadableLazy } from '../lib/preloadable-lazy.ts';

/*
 * The storefront's entry pages, declared once (docs/storefront-first-paint.md). For each path:
 * - its page (the lazy component the route table shows) and the source modules of its code
 *   (entry-page-modules.ts, read by the build for the service worker's precache);
 * - for the pages the server renders: the queries the page shows first and its lead image (the
 *   image it paints largest first), a pure function of those answers.
 * The build, the server's render (entry-server.tsx; apps/api spa.ts reads the render's answer and
 * preloads its lead image) and the browser's adoption of a rendered page
 * (main.tsx, preloadServerRenderedPage) all read it from here.
 */

export { ENTRY_PAGE_MODULES } from './entry-page-modules.ts';

// Each import() below loads the first module its path lists in entry-page-modules.ts
// (entry-pages.test.ts checks that they agree).
// The rendered pages' modules also hand the server the query options of their first queries: a
// page's own module already imports them, so the browser's first download gains nothing.
const loadHome = () => import('../features/menu/routes/home-page.tsx');
const loadMenu = () => import('../features/menu/routes/menu-page.tsx');
const loadMerchandise = () => import('../features/merchandise/routes/merchandise-page.tsx');
export const StorefrontHomePage = preloadableLazy(() => loadHome().then((m) => m.HomePage));
export const MenuPage = preloadableLazy(() => loadMenu().then((m) => m.MenuPage));
export const MerchandisePage = preloadableLazy(() => loadMerchandise().then((m) => m.MerchandisePage));
export const CartPage = lazy(() => import('../features/cart-checkout/routes/cart-page.tsx').then((m) => ({ default: m.CartPage })));
export const CheckoutPage = lazy(() => import('../features/cart-checkout/routes/checkout-page.tsx').then((m) => ({ default: m.CheckoutPage })));
export const OrderConfirmationPage = lazy(() => import('../features/orders/routes/order-confirmation-page.tsx').then((m) => ({ default: m.OrderConfirmationPage })));

/** The path as the router matches it: lower case, no trailing slash. */
export function entryPath(pathname: string): string {
  return pathname.toLowerCase().replace(/\/+$/, '') || '/';
}

/** The home page's default hero artwork, when neither site settings nor admin settings name one. */
export const DEFAULT_HERO_IMAGE = '/images/hero-kusina.svg';

/** Home's hero: site settings' image, else the admin settings' one, else the default artwork (home-page.tsx shows this). */
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

/** What a rendered page needs before its render: its first queries, and what the answers decide. */
export interface FirstAnswers {
  /** The queries the page shows first (every page's layout reads the restaurant and its site settings). */
  queries: readonly { queryKey: QueryKey; queryFn?: unknown }[];
  /** The image the page paints largest first (its LCP element), from the answers; null when it has none. */
  leadImage(client: QueryClient): string | null;
  /** The restaurant's colour theme, from the answers. */
  theme(client: QueryClient): Theme | null;
}

type Options<T> = { queryKey: DataTag<QueryKey, T, Error> };

/** Every page's layout reads the restaurant (its theme among it) and its site settings. */
function withLayout(
  first: { restaurant: Options<RestaurantOutput>; siteSettings: Options<SiteSettingsOutput> },
  own: readonly { queryKey: QueryKey }[],
  leadImage: (client: QueryClient) => string | null,
): FirstAnswers {
  return {
    queries: [first.restaurant, first.siteSettings, ...own],
    theme: (client) => client.getQueryData(first.restaurant.queryKey)?.theme ?? null,
    leadImage,
  };
}

async function menuPage(restaurantId: number): Promise<FirstAnswers> {
  const first = (await loadMenu()).firstQueryOptions(restaurantId);
  return withLayout(first, [first.menu, first.orderingStatus], (client) => {
    const menu = client.getQueryData(first.menu.queryKey);
    return menu ? firstMenuImage(menu.categories, menu.items) : null;
  });
}

/**
 * The pages the server renders, by path: the answers each is rendered from and what they decide.
 * Each page's module names its first queries' options (firstQueryOptions: the module imports them
 * anyway, so the browser's first download gains nothing). The browser reads a rendered page's
 * answers from the page itself (main.tsx).
 */
export const SERVER_RENDERED_PAGES: Readonly<Record<string, (restaurantId: number) => Promise<FirstAnswers>>> = {
  '/': async (restaurantId) => {
    const first = (await loadHome()).firstQueryOptions(restaurantId);
    return withLayout(first, [first.featured, first.orderingStatus], (client) =>
      heroImage(client.getQueryData(first.siteSettings.queryKey)?.hero_image_url, client.getQueryData(first.restaurant.queryKey)?.admin_settings?.hero_image_url),
    );
  },
  '/menu': menuPage,
  '/ordering': menuPage,
  '/merchandise': async (restaurantId) => {
    const first = (await loadMerchandise()).firstQueryOptions(restaurantId);
    return withLayout(first, [first.items, first.collections], (client) =>
      firstMerchandiseImage(client.getQueryData(first.collections.queryKey) ?? [], client.getQueryData(first.items.queryKey) ?? []),
    );
  },
};

/**
 * The code of a server-rendered page, loaded (main.tsx waits for it before adopting the page, so the
 * app's first render shows the page, not a loading fallback). Other paths: nothing to wait for.
 */
export function preloadServerRenderedPage(pathname: string): Promise<unknown> {
  switch (entryPath(pathname)) {
    case '/':
      return StorefrontHomePage.preload()
        .then(loadHome)
        .then((m) => m.preloadPopularItems());
    case '/menu':
    case '/ordering':
      return MenuPage.preload();
    case '/merchandise':
      return MerchandisePage.preload();
    default:
      return Promise.resolve();
  }
}
