import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { LayoutGrid, List, Search } from 'lucide-react';
import { filterMenuItems, MenuMessages, type MenuItemOutput } from '@kusina/domain/menu';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { pluralize } from '../../../lib/format.ts';
import { isServerRendered } from '../../../lib/server-rendered.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { getMenuQueryOptions, useMenu } from '../../../lib/menu.ts';
import { getRestaurantQueryOptions, getSiteSettingsQueryOptions } from '../../../lib/restaurant.ts';
import { getOrderingStatusQueryOptions } from '../api/get-ordering-status.ts';
import { MenuItemCard, type MenuLayout } from '../components/menu-item-card.tsx';
import { LazyCustomizeItemDialog } from '../components/lazy-customize-item-dialog.tsx';
import { useChooseMenuItem } from '../components/use-choose-menu-item.ts';
import { MenuText } from '../messages.ts';
import { useDelayedFlag } from '../../../lib/use-delayed-flag.ts';
import { useMenuSections } from '../utils/use-menu-sections.ts';
import { firstEntries, useProgressiveCount } from '../../../lib/use-progressive-count.ts';
import { OpenStateLine } from '../components/open-state-line.tsx';

/**
 * The queries this page shows first, for the server's render of it (app/entry-pages.ts): this module
 * imports their options anyway, so the browser's first download gains nothing.
 */
export function firstQueryOptions(restaurantId: number) {
  return {
    restaurant: getRestaurantQueryOptions(restaurantId),
    siteSettings: getSiteSettingsQueryOptions(restaurantId),
    menu: getMenuQueryOptions(restaurantId),
    orderingStatus: getOrderingStatusQueryOptions(restaurantId),
  };
}

/** The search indicator clears this long after the last keystroke; results follow then (storefront.md §9). */
export const SEARCH_SETTLE_MS = 500;
/** Skeletons appear only when loading has lasted this long, so a fast answer does not flicker. */
export const MENU_LOADING_DELAY_MS = 150;
/** The first cards' images load at once (the first with high priority, LazyImage's `lead`). */
export const PRIORITY_IMAGES = 6;
/** The first commit builds the first screen's cards, each following pass this many more (0054). */
const FIRST_CARDS = 6;
const CARDS_PER_PASS = 8;

type SpecialFilter = 'featured' | 'seasonal' | null;

const NO_SECTIONS: Array<{ category: { id: number; name: string; description: string | null }; items: MenuItemOutput[] }> = [];

const chipClass = (active: boolean) =>
  cn(
    'inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full border px-4 text-sm font-semibold transition-colors md:min-h-9',
    active ? 'border-brand bg-brand text-on-brand' : 'border-line-strong bg-surface text-ink hover:bg-surface-muted',
  );

export function MenuPage() {
  useDocumentTitle('Menu');
  const menu = useMenu();
  const showSkeleton = useDelayedFlag(menu.isPending, MENU_LOADING_DELAY_MS);
  const [special, setSpecial] = useState<SpecialFilter>(null);
  const [layout, setLayout] = useState<MenuLayout>('gallery');
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const searching = typed !== query;
  const { customizing, openingId, choose, closeCustomizer } = useChooseMenuItem();

  useEffect(() => {
    if (typed === query) return;
    const timer = setTimeout(() => setQuery(typed), SEARCH_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [typed, query]);

  const items = useMemo(
    () =>
      filterMenuItems(menu.data?.items ?? [], {
        featured: special === 'featured',
        seasonal: special === 'seasonal',
        q: query,
      }),
    [menu.data, special, query],
  );
  const categories = useMemo(
    () => [...(menu.data?.categories ?? [])].sort((a, b) => a.position - b.position),
    [menu.data],
  );
  // One section per category that has items to show, in the menu's order, each under its heading.
  const sections = useMemo(() => {
    const listed = new Set(categories.map((category) => category.id));
    const uncategorised = items.filter((item) => item.category_id === null || !listed.has(item.category_id));
    return [
      ...categories.map((category) => ({ category, items: items.filter((item) => item.category_id === category.id) })),
      // Dishes outside the listed categories still show, last, under their own heading.
      { category: { id: 0, name: MenuText.otherDishes, description: null }, items: uncategorised },
    ].filter((section) => section.items.length > 0);
  }, [categories, items]);
  // The dishes render in a background pass React can interrupt (useDeferredValue): the menu
  // arriving, or a search settling, never blocks the main thread for the whole list (0040).
  // A page the server rendered starts from the whole list, every card of it, as the server's markup
  // does (0077, 0079): the app adopts the cards instead of building them in passes after the paint.
  const [fromServer] = useState(isServerRendered);
  const shownSections = useDeferredValue(sections, fromServer ? sections : NO_SECTIONS);
  const firstPass = shownSections === NO_SECTIONS && sections.length > 0;
  const cardCount = useProgressiveCount(shownSections.reduce((sum, section) => sum + section.items.length, 0), fromServer ? Infinity : FIRST_CARDS, CARDS_PER_PASS);
  const bar = useRef<HTMLDivElement>(null);
  const { current: currentSection, jumpTo, stickyTop } = useMenuSections(shownSections.map((section) => section.category.id), bar);
  // The sections and their cards as elements, kept while only the page's own state changes (the
  // section on screen, the sticky bar's measurements, a search being typed): those renders of the
  // page then leave the 51 cards' elements alone instead of building them again (0079).
  const sectionList = useMemo(() => {
    let shown = 0;
    return firstEntries(shownSections, cardCount).map(({ category, items: sectionItems }) => (
      <section key={category.id} id={`menu-category-${category.id}`} aria-labelledby={`menu-category-${category.id}-title`} className="mb-10" data-menu-section={category.id}>
        <h2 id={`menu-category-${category.id}-title`} className="font-display text-2xl font-bold">
          {category.name}
        </h2>
        {category.description ? <p className="mt-1 text-sm text-ink-muted">{category.description}</p> : null}
        <ul className={cn('mt-4 grid gap-4', layout === 'gallery' ? 'sm:grid-cols-2 lg:grid-cols-3' : 'lg:grid-cols-2')}>
          {sectionItems.map((item) => {
            const lead = shown === 0;
            const priority = shown++ < PRIORITY_IMAGES;
            return (
              <li key={item.id} className="flex">
                <div className="min-w-0 flex-1">
                  <MenuItemCard item={item} layout={layout} priority={priority} lead={lead} opening={openingId === item.id} onChoose={choose} />
                </div>
              </li>
            );
          })}
        </ul>
      </section>
    ));
  }, [shownSections, cardCount, layout, openingId, choose]);
  const toggleSpecial = (value: Exclude<SpecialFilter, null>) => setSpecial((current) => (current === value ? null : value));

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-10">
      <header className="mb-6 space-y-2">
        <h1 className="font-display text-3xl font-bold sm:text-4xl">Our Menu</h1>
        <p className="text-ink-muted">Hawaiian and Chamorro favourites, made fresh for pickup.</p>
        <OpenStateLine testId="menu-open-state" />
      </header>

      <div className="space-y-4">
        <div className="relative">
          <label htmlFor="menu-search" className="sr-only">
            Search menu
          </label>
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-ink-subtle" />
          <Input
            id="menu-search"
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder="Search dishes"
            className="pl-10"
            autoComplete="off"
          />
          <p aria-live="polite" className="absolute top-1/2 right-3 -translate-y-1/2 text-sm text-ink-muted">
            {searching ? 'Searching…' : ''}
          </p>
        </div>

        <div className="flex flex-wrap items-center justify-between gap-3">
          <div role="group" aria-label="Filters" className="flex gap-2">
            <button type="button" aria-pressed={special === 'featured'} className={chipClass(special === 'featured')} onClick={() => toggleSpecial('featured')}>
              Featured
            </button>
            <button type="button" aria-pressed={special === 'seasonal'} className={chipClass(special === 'seasonal')} onClick={() => toggleSpecial('seasonal')}>
              Seasonal
            </button>
          </div>
          <div role="group" aria-label="Layout" className="flex rounded-lg border border-line-strong p-0.5">
            <button
              type="button"
              aria-pressed={layout === 'gallery'}
              aria-label="Gallery view"
              onClick={() => setLayout('gallery')}
              className={cn('inline-flex size-11 items-center justify-center rounded-md md:size-9', layout === 'gallery' ? 'bg-brand text-on-brand' : 'hover:bg-surface-muted')}
            >
              <LayoutGrid aria-hidden="true" className="size-5" />
            </button>
            <button
              type="button"
              aria-pressed={layout === 'list'}
              aria-label="List view"
              onClick={() => setLayout('list')}
              className={cn('inline-flex size-11 items-center justify-center rounded-md md:size-9', layout === 'list' ? 'bg-brand text-on-brand' : 'hover:bg-surface-muted')}
            >
              <List aria-hidden="true" className="size-5" />
            </button>
          </div>
        </div>
      </div>

      {/* The category bar stays under the header while the menu scrolls; the section on screen is marked. */}
      <nav
        ref={bar}
        aria-label="Categories"
        style={{ top: stickyTop }}
        className="sticky z-30 -mx-4 mt-4 border-b border-line bg-surface/95 px-4 py-2 backdrop-blur supports-[backdrop-filter]:bg-surface/85"
      >
        <ul className="flex gap-2 overflow-x-auto pb-1">
          <li className="shrink-0">
            <a href="#menu-results" aria-current={currentSection === null ? 'true' : undefined} className={chipClass(currentSection === null)} onClick={(event) => jumpTo(event, null)}>
              All
            </a>
          </li>
          {sections.map(({ category }) => (
            <li key={category.id} className="shrink-0" data-category-chip={category.id}>
              <a
                href={`#menu-category-${category.id}`}
                aria-current={currentSection === category.id ? 'true' : undefined}
                className={chipClass(currentSection === category.id)}
                onClick={(event) => jumpTo(event, category.id)}
              >
                {category.name}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby="menu-results" id="menu-results" className="mt-6" aria-busy={menu.isPending}>
        <h2 id="menu-results" className="sr-only">
          Menu items
        </h2>
        {menu.isError ? (
          <Alert tone="error" title="The menu could not be loaded.">
            <p>{menu.error.message}</p>
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => void menu.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : menu.isPending || firstPass ? (
          showSkeleton || firstPass ? <MenuSkeleton layout={layout} /> : null
        ) : items.length === 0 ? (
          <p role="status" className="rounded-2xl border border-dashed border-line-strong px-4 py-12 text-center text-lg text-ink-muted">
            {MenuMessages.noItems}
          </p>
        ) : (
          <>
            <p role="status" className="sr-only">
              {pluralize(items.length, 'item')}
            </p>
            {sectionList}
          </>
        )}
      </section>
      <LazyCustomizeItemDialog item={customizing} onClose={closeCustomizer} />
    </div>
  );
}

function MenuSkeleton({ layout }: { layout: MenuLayout }) {
  return (
    <div role="status" aria-label="Loading menu" className={cn('grid gap-4', layout === 'gallery' ? 'sm:grid-cols-2 lg:grid-cols-3' : 'lg:grid-cols-2')}>
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index} className={cn('overflow-hidden rounded-2xl border border-line', layout === 'list' && 'flex')}>
          <Skeleton className={layout === 'list' ? 'h-28 w-28 rounded-none' : 'aspect-[4/3] w-full rounded-none'} />
          <div className="flex-1 space-y-2 p-4">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-11 w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}
