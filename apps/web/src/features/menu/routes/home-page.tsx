import { Suspense, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { CalendarDaysIcon, UtensilsCrossedIcon } from '../../../components/ui/icons.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { getRestaurantQueryOptions, getSiteSettingsQueryOptions, useRestaurant, useSiteSettings } from '../../../lib/restaurant.ts';
import { preloadableLazy } from '../../../lib/preloadable-lazy.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { getMenuQueryOptions } from '../../../lib/menu.ts';
import { getFeaturedMenuItemsQueryOptions, useFeaturedMenuItems } from '../api/get-featured-menu-items.ts';
import { getOrderingStatusQueryOptions } from '../api/get-ordering-status.ts';
import { OpenStateLine } from '../components/open-state-line.tsx';

/**
 * The queries this page shows first, for the server's render of it (app/entry-pages.ts): this module
 * imports their options anyway, so the browser's first download gains nothing.
 */
export function firstQueryOptions(restaurantId: number) {
  return {
    restaurant: getRestaurantQueryOptions(restaurantId),
    siteSettings: getSiteSettingsQueryOptions(restaurantId),
    featured: getFeaturedMenuItemsQueryOptions(restaurantId),
    orderingStatus: getOrderingStatusQueryOptions(restaurantId),
  };
}

// Popular Items needs the featured items before it shows anything: its cards, the add-to-cart
// rules and the customisation dialog's loader stay off the home route's first download.
const PopularItems = preloadableLazy(() => import('../components/popular-items.tsx').then((m) => m.PopularItems));
/** Loads Popular Items' code (main.tsx, before the first render of a page the server rendered). */
export const preloadPopularItems = PopularItems.preload;

/** The full menu is fetched in the background this long after the home page appears (storefront.md §9). */
export const HOME_MENU_PREFETCH_MS = 2000;
/** The shell's default hero artwork, when neither site settings nor admin settings name one. */
const DEFAULT_HERO_IMAGE = '/images/hero-kusina.svg';
/** Popular Items shows at most this many featured dishes. */
const POPULAR_LIMIT = 6;

export function HomePage() {
  useDocumentTitle('');
  const queryClient = useQueryClient();
  const restaurant = useRestaurant();
  const siteSettings = useSiteSettings();
  const featured = useFeaturedMenuItems();
  const [heroFailed, setHeroFailed] = useState(false);

  // The cards' code downloads while the featured items load: neither waits for the other.
  useEffect(() => {
    void PopularItems.preload();
  }, []);

  useEffect(() => {
    const timer = setTimeout(() => void queryClient.prefetchQuery(getMenuQueryOptions()), HOME_MENU_PREFETCH_MS);
    return () => clearTimeout(timer);
  }, [queryClient]);

  const settings = restaurant.data?.admin_settings;
  const heroImage = siteSettings.data?.hero_image_url || settings?.hero_image_url || DEFAULT_HERO_IMAGE;
  const showReservations = settings?.reservations?.enable_reservations_button !== false;
  const name = restaurant.data?.name ?? 'Kusina';
  const popular = (featured.data?.items ?? []).filter((item) => item.featured).slice(0, POPULAR_LIMIT);

  return (
    <div className="w-full">
      <section aria-labelledby="home-title" className="relative isolate overflow-hidden bg-accent-band text-on-accent-band">
        {heroFailed ? null : (
          <img src={heroImage} alt="" width={1600} height={900} fetchPriority="high" onError={() => setHeroFailed(true)} className="absolute inset-0 -z-10 size-full object-cover opacity-45" />
        )}
        <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-t from-accent-band via-accent-band/70 to-accent-band/30" />
        <div className="mx-auto flex min-h-[22rem] max-w-6xl flex-col justify-end gap-5 px-4 py-12 sm:min-h-[28rem] sm:py-20">
          <p className="text-sm font-semibold tracking-widest uppercase">Hawaiian &amp; Chamorro kitchen · Guam</p>
          <h1 id="home-title" className="font-display text-4xl leading-tight font-bold text-balance sm:text-6xl">
            {name}
          </h1>
          <p className="max-w-xl text-lg">Island plates, kelaguen and poke made fresh every day. Order ahead and pick up hot.</p>
          <OpenStateLine onBand testId="home-open-state" />
          <div className="flex flex-wrap gap-3">
            <ButtonLink to="/menu" size="lg">
              <UtensilsCrossedIcon className="size-5" />
              Order Now
            </ButtonLink>
            {showReservations ? (
              <ButtonLink to="/reservations" size="lg" variant="secondary">
                <CalendarDaysIcon className="size-5" />
                Book Your Table
              </ButtonLink>
            ) : null}
          </div>
        </div>
      </section>

      {featured.isPending ? (
        <PopularItemsSkeleton />
      ) : popular.length > 0 ? (
        <Suspense fallback={<PopularItemsSkeleton />}>
          <PopularItems items={popular} />
        </Suspense>
      ) : (
        <section aria-labelledby="discover-title" className="mx-auto max-w-6xl px-4 py-10">
          <div className="rounded-2xl border border-line bg-surface-muted px-6 py-10 text-center">
            <h2 id="discover-title" className="font-display text-3xl font-bold">
              Discover Our Menu
            </h2>
            <p className="mx-auto mt-3 max-w-lg text-ink-muted">From Spam musubi to chicken kelaguen and red rice: find your island favourites.</p>
            <ButtonLink to="/menu" size="lg" className="mt-6">
              View Full Menu
            </ButtonLink>
          </div>
        </section>
      )}

      <section aria-labelledby="merchandise-title" className="mx-auto max-w-6xl px-4 pb-12">
        <div className="flex flex-col items-start gap-4 rounded-2xl border border-line bg-surface-muted px-6 py-8 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 id="merchandise-title" className="font-display text-2xl font-bold">
              Kusina Merchandise
            </h2>
            <p className="mt-1 text-ink-muted">Tees, hats and stickers from the island kitchen, picked up with your order.</p>
          </div>
          <ButtonLink to="/merchandise" variant="secondary" size="lg">
            Shop Merchandise
          </ButtonLink>
        </div>
      </section>
    </div>
  );
}

/** Holds the place of Popular Items while the featured dishes (or the cards' code) arrive. */
function PopularItemsSkeleton() {
  return (
    <section aria-label="Loading popular items" className="mx-auto max-w-6xl px-4 py-10">
      <Skeleton className="mb-6 h-8 w-48" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-72 w-full rounded-2xl" />
        ))}
      </div>
    </section>
  );
}
