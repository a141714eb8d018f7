/**
 * The storefront's entry pages as data: each path a visitor may land on and the source modules of
 * its page's code, which the service worker keeps for offline use. No imports: the
 * build (vite.config.ts) reads this file too. Every other fact about an entry page (its lazy
 * component, its first queries, its lead image, whether the server renders it) is in entry-pages.ts,
 * next to this file; docs/storefront-first-paint.md says how the pieces fit.
 */

const HOME = ['src/features/menu/routes/home-page.tsx', 'src/features/menu/components/popular-items.tsx'];
const MENU = ['src/features/menu/routes/menu-page.tsx'];
const MERCHANDISE = ['src/features/merchandise/routes/merchandise-page.tsx'];
const CART = ['src/features/cart-checkout/routes/cart-page.tsx'];
const CHECKOUT = ['src/features/cart-checkout/routes/checkout-page.tsx'];
const ORDER_CONFIRMATION = ['src/features/orders/routes/order-confirmation-page.tsx'];

/**
 * Route → the modules its page needs beyond the entry (the build precaches their chunks in the
 * service worker). A route matches its path and the paths under it (/order-confirmation/42).
 */
export const ENTRY_PAGE_MODULES: Readonly<Record<string, readonly string[]>> = {
  '/': HOME,
  '/menu': MENU,
  '/ordering': MENU,
  '/merchandise': MERCHANDISE,
  '/cart': CART,
  '/checkout': CHECKOUT,
  '/order-confirmation': ORDER_CONFIRMATION,
};

/**
 * What the service worker precaches besides the entry pages' code: the menu's dialog and cart
 * helper (the offline menu can still fill a cart) and the layout's lazily loaded parts.
 */
export const OFFLINE_EXTRA_MODULES: readonly string[] = [
  'src/features/menu/components/customize-item-dialog.tsx',
  'src/features/menu/components/add-to-cart.ts',
  'src/app/layouts/footer.tsx',
  'src/app/layouts/mobile-menu.tsx',
  'src/app/toaster.tsx',
  'src/app/loading-overlay.tsx',
  'src/app/route-focus.ts',
];
