import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useSearchParams } from 'wouter';
import { PackageOpen, SlidersHorizontal, X } from 'lucide-react';
import { MerchandiseMessages, type MerchandiseCollectionOutput, type MerchandiseItemOutput } from '@kusina/domain/merchandise';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { afterPageLoad } from '../../../lib/after-load.ts';
import { cn } from '../../../lib/cn.ts';
import { showToast } from '../../../lib/toast.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { pluralize } from '../../../lib/format.ts';
import { isServerRendered } from '../../../lib/server-rendered.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { getRestaurantQueryOptions, getSiteSettingsQueryOptions } from '../../../lib/restaurant.ts';
import { getMerchandiseCollectionsQueryOptions, useMerchandiseCollections } from '../api/get-merchandise-collections.ts';
import { getMerchandiseItemsQueryOptions, useMerchandiseItems } from '../api/get-merchandise-items.ts';
import { MerchandiseCard } from '../components/merchandise-card.tsx';
import { MerchandiseFilterPanel } from '../components/merchandise-filters.tsx';
import { merchandiseErrorMessage, MerchandiseText } from '../messages.ts';
import { useDelayedFlag } from '../../../lib/use-delayed-flag.ts';
import { useProgressiveCount } from '../../../lib/use-progressive-count.ts';
import {
  applyFilters,
  bucketsFor,
  EMPTY_FILTERS,
  filterChips,
  filterOptions,
  itemsInTab,
  readCollectionTab,
  readFilters,
  ShopParams,
  writeFilters,
  type CollectionTab,
  type ShopFilters,
} from '../utils/merchandise-filters.ts';

/**
 * The queries this page shows first, for the server's render of it (app/entry-pages.ts): this module
 * imports their options anyway, so the browser's first download gains nothing.
 */
export function firstQueryOptions(restaurantId: number) {
  return {
    restaurant: getRestaurantQueryOptions(restaurantId),
    siteSettings: getSiteSettingsQueryOptions(restaurantId),
    items: getMerchandiseItemsQueryOptions(restaurantId),
    collections: getMerchandiseCollectionsQueryOptions(restaurantId),
  };
}

const NO_ITEMS: MerchandiseItemOutput[] = [];

// The Quick View (Radix Dialog, the cart rules, the gallery) is not on the shop's first download
// (0054): it loads once every card is up (0056) and the browser is idle, before anyone is likely
// to open it.
const loadQuickView = () => import('../components/merchandise-quick-view.tsx');
const MerchandiseQuickView = lazy(() => loadQuickView().then((m) => ({ default: m.MerchandiseQuickView })));
// The phone's filter sheet (Radix Dialog and its scroll lock) likewise: fetched with the Quick View,
// mounted when Filters is first pressed.
const loadSheet = () => import('../../../components/ui/sheet.tsx');
const Sheet = lazy(() => loadSheet().then((m) => ({ default: m.Sheet })));

/** Skeletons appear only when loading has lasted this long (as on the menu). */
const LOADING_DELAY_MS = 150;
/** The first cards' images load at once (storefront.md §9; the first with high priority, LazyImage's `lead`). */
const PRIORITY_IMAGES = 6;
/** The first commit builds the first screen's cards, each following pass this many more (0054). */
const FIRST_CARDS = 4;
const CARDS_PER_PASS = 6;
/** Tailwind's `lg`: from here the filters are a side panel, below it a sheet behind the Filters button. */
const WIDE_SCREEN = '(min-width: 64rem)';

function tabId(tab: CollectionTab): string {
  return `merchandise-tab-${tab}`;
}

/**
 * The merchandise shop (storefront.md §2 Merchandise). Items are fetched once and polled every 10 s
 * (§4), collections and filters are applied in the browser; tab, filters and the open Quick View
 * live in the URL query (replacing the entry, so Back leaves the shop rather than undoing filters).
 */
export function MerchandisePage() {
  useDocumentTitle('Merchandise');
  const [searchParams, setSearchParams] = useSearchParams();
  const items = useMerchandiseItems({ poll: true });
  const collections = useMerchandiseCollections();
  // The side panel exists only where it shows (phones get the sheet): no hidden filters built for nothing.
  const wide = useMediaQuery(WIDE_SCREEN);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [draft, setDraft] = useState<ShopFilters>(EMPTY_FILTERS);

  const activeCollections = useMemo(
    () => [...(collections.data ?? [])].filter((c) => c.active).sort((a, b) => a.position - b.position),
    [collections.data],
  );
  const requestedTab = readCollectionTab(searchParams);
  // The current collection is selected first; a collection that is no longer active falls back to it.
  // Without collections (none active, or they failed to load) the shop shows All Items.
  const defaultTab: CollectionTab = activeCollections.find((c) => c.current)?.id ?? activeCollections[0]?.id ?? 'all';
  const tab: CollectionTab =
    requestedTab === 'all' || (requestedTab !== null && (collections.isPending || activeCollections.some((c) => c.id === requestedTab))) ? requestedTab : defaultTab;
  // Which tab opens first is known only once the collections are in: until then the grid waits.
  const loading = items.isPending || (collections.isPending && requestedTab === null);
  const showSkeleton = useDelayedFlag(loading, LOADING_DELAY_MS);
  const activeCollection = tab === 'all' ? null : (activeCollections.find((c) => c.id === tab) ?? null);

  const filters = useMemo(() => readFilters(searchParams), [searchParams]);
  const tabItems = useMemo(() => itemsInTab(items.data ?? [], tab), [items.data, tab]);
  const buckets = useMemo(() => bucketsFor(tabItems), [tabItems]);
  const options = useMemo(() => filterOptions(tabItems), [tabItems]);
  const shown = useMemo(() => applyFilters(tabItems, filters, buckets), [tabItems, filters, buckets]);
  // The grid renders in a background pass React can interrupt (as the menu's, 0040).
  // A page the server rendered starts from the whole list, every card of it, as the server's markup
  // does (0077, 0079).
  const [fromServer] = useState(isServerRendered);
  const shownCards = useDeferredValue(shown, fromServer ? shown : NO_ITEMS);
  const firstPass = shownCards === NO_ITEMS && shown.length > 0;
  const cardCount = useProgressiveCount(shownCards.length, fromServer ? Infinity : FIRST_CARDS, CARDS_PER_PASS);
  const allCardsShown = cardCount === Infinity || (items.data !== undefined && shown.length === 0);
  useEffect(() => {
    if (!allCardsShown) return;
    // Once the page has loaded and the browser is idle: a page the server rendered has every card
    // up as it is adopted, and the dialogs' code would otherwise download and run during the
    // adoption (0083). Failures show when opened (the route's error boundary offers a reload).
    return afterPageLoad(() => {
      loadQuickView().catch(() => undefined);
      loadSheet().catch(() => undefined);
    });
  }, [allCardsShown]);
  const chips = filterChips(filters, buckets);

  const update = useCallback(
    (change: (params: URLSearchParams) => URLSearchParams) => setSearchParams((current) => change(new URLSearchParams(current)), { replace: true }),
    [setSearchParams],
  );
  const setFilters = (next: ShopFilters) => update((params) => writeFilters(params, next));
  const selectTab = (next: CollectionTab) =>
    update((params) => {
      params.set(ShopParams.collection, String(next));
      return params;
    });

  // The Quick View follows ?item= (a shared link opens it); it shows the polled copy of the item.
  const quickViewId = Number(searchParams.get(ShopParams.item)) || null;
  const quickViewItem = quickViewId === null ? null : ((items.data ?? []).find((item) => item.id === quickViewId) ?? null);
  // Stable (setSearchParams is), so the memoised cards keep their render (0079).
  const openQuickView = useCallback(
    (item: MerchandiseItemOutput) =>
      update((params) => {
        params.set(ShopParams.item, String(item.id));
        return params;
      }),
    [update],
  );
  const closeQuickView = () =>
    update((params) => {
      params.delete(ShopParams.item);
      return params;
    });

  // A link to an item that is gone (hidden, deleted): say so once and drop it from the URL.
  const reportedMissing = useRef<number | null>(null);
  useEffect(() => {
    if (quickViewId === null || !items.data || quickViewItem || reportedMissing.current === quickViewId) return;
    reportedMissing.current = quickViewId;
    showToast('error', MerchandiseMessages.itemNotFound);
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.delete(ShopParams.item);
        return params;
      },
      { replace: true },
    );
  }, [quickViewId, items.data, quickViewItem, setSearchParams]);

  // Each dialog mounts when first opened and stays, so closing it returns focus to its opener.
  const [sheetUsed, setSheetUsed] = useState(false);
  if (sheetOpen && !sheetUsed) setSheetUsed(true);
  const [quickViewUsed, setQuickViewUsed] = useState(false);
  if (quickViewItem && !quickViewUsed) setQuickViewUsed(true);

  const openSheet = () => {
    setDraft(filters);
    setSheetOpen(true);
  };

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:py-10">
      <div className="mb-5 space-y-2">
        <h1 className="font-display text-3xl font-bold sm:text-4xl">Merchandise</h1>
        <p className="text-ink-muted">{MerchandiseText.intro}</p>
      </div>

      {collections.isPending ? (
        <Skeleton className="h-11 w-full max-w-md" />
      ) : (
        <CollectionTabs collections={activeCollections} selected={tab} onSelect={selectTab} />
      )}

      <div role={collections.isPending ? undefined : 'tabpanel'} id="merchandise-panel" aria-labelledby={collections.isPending ? undefined : tabId(tab)} className="mt-4">
        {/* The collection's description holds its place while collections load (no layout shift below it). */}
        {collections.isPending ? <Skeleton className="mb-4 h-6 w-3/4" /> : activeCollection?.description ? <p className="mb-4 text-ink-muted">{activeCollection.description}</p> : null}

        <div className="lg:grid lg:grid-cols-[16rem_1fr] lg:gap-8">
          {wide ? (
            <aside aria-label="Filters" className="hidden lg:block">
              <div className="sticky top-24 space-y-4 rounded-2xl border border-line bg-surface-raised p-4 shadow-sm">
                <div className="flex items-center justify-between gap-2">
                  <h2 className="text-lg font-bold">Filters</h2>
                  <Button variant="link" size="sm" onClick={() => setFilters(EMPTY_FILTERS)} disabled={chips.length === 0}>
                    Clear All
                  </Button>
                </div>
                <MerchandiseFilterPanel filters={filters} sizes={options.sizes} colors={options.colors} buckets={buckets} onChange={setFilters} />
              </div>
            </aside>
          ) : null}

          {/* Always the grid's second column: the side panel, added after a wide screen adopts the
              server's (phone) markup, takes the first without moving the items. */}
          <section aria-labelledby="merchandise-results" aria-busy={loading} className="lg:col-start-2">
            <h2 id="merchandise-results" className="sr-only">
              {activeCollection ? `${activeCollection.name} items` : 'All merchandise items'}
            </h2>
            <div className="mb-4 flex flex-wrap items-center gap-2">
              <Button variant="secondary" className="lg:hidden" onClick={openSheet} icon={<SlidersHorizontal aria-hidden="true" className="size-4" />} aria-haspopup="dialog">
                Filters{chips.length > 0 ? ` (${chips.length})` : ''}
              </Button>
              {!loading && items.data ? (
                <p className="ml-auto text-sm text-ink-muted" role="status" data-testid="merchandise-count">
                  {pluralize(shown.length, 'item')}
                </p>
              ) : null}
            </div>
            {chips.length > 0 ? (
              <ul aria-label="Active filters" className="mb-4 flex flex-wrap items-center gap-2">
                {chips.map((chip) => (
                  <li key={chip.key}>
                    <button
                      type="button"
                      onClick={() => setFilters(chip.without)}
                      aria-label={`Remove filter ${chip.label}`}
                      className="inline-flex min-h-11 items-center gap-1.5 rounded-full border border-brand bg-brand-soft px-3 text-sm font-semibold text-ink hover:bg-surface-muted md:min-h-9"
                    >
                      {chip.label}
                      <X aria-hidden="true" className="size-4" />
                    </button>
                  </li>
                ))}
                <li className="lg:hidden">
                  <Button variant="link" size="sm" onClick={() => setFilters(EMPTY_FILTERS)}>
                    Clear All
                  </Button>
                </li>
              </ul>
            ) : null}

            {items.isError ? (
              <Alert tone="error" title={merchandiseErrorMessage(items.error)}>
                <Button variant="secondary" size="sm" className="mt-2" onClick={() => void items.refetch()}>
                  Try again
                </Button>
              </Alert>
            ) : loading || firstPass ? (
              showSkeleton || firstPass ? <ShopSkeleton /> : null
            ) : tabItems.length === 0 ? (
              <EmptyState>{MerchandiseMessages.noItemsInCollection}</EmptyState>
            ) : shown.length === 0 ? (
              <EmptyState>{MerchandiseMessages.noItemsMatchFilters}</EmptyState>
            ) : (
              <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3">
                {shownCards.slice(0, cardCount).map((item, index) => (
                  <li key={item.id} className="min-w-0">
                    <MerchandiseCard item={item} priority={index < PRIORITY_IMAGES} lead={index === 0} onQuickView={openQuickView} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>

      {sheetUsed ? (
        <Suspense fallback={null}>
          <Sheet
            open={sheetOpen}
            onOpenChange={setSheetOpen}
            title="Filters"
            closeLabel="Close filters"
            footer={
              <div className="grid grid-cols-2 gap-2">
                <Button variant="secondary" onClick={() => setDraft(EMPTY_FILTERS)}>
                  Reset
                </Button>
                <Button
                  onClick={() => {
                    setFilters(draft);
                    setSheetOpen(false);
                  }}
                >
                  Apply
                </Button>
              </div>
            }
          >
            <div className="px-2">
              <MerchandiseFilterPanel filters={draft} sizes={options.sizes} colors={options.colors} buckets={buckets} onChange={setDraft} />
            </div>
          </Sheet>
        </Suspense>
      ) : null}

      {quickViewUsed ? (
        <Suspense fallback={null}>
          <MerchandiseQuickView item={quickViewItem} onClose={closeQuickView} />
        </Suspense>
      ) : null}
    </div>
  );
}

function EmptyState({ children }: { children: string }) {
  return (
    <div role="status" className="rounded-2xl border border-dashed border-line-strong px-6 py-12 text-center">
      <PackageOpen aria-hidden="true" className="mx-auto size-12 text-ink-subtle" />
      <p className="mt-3 text-lg font-semibold">{children}</p>
    </div>
  );
}

/** All Items plus each active collection, as an ARIA tab list (arrow keys, Home and End move between tabs). */
function CollectionTabs({ collections, selected, onSelect }: { collections: MerchandiseCollectionOutput[]; selected: CollectionTab; onSelect(tab: CollectionTab): void }) {
  const tabs: { key: CollectionTab; label: string }[] = [{ key: 'all', label: MerchandiseText.allItems }, ...collections.map((c) => ({ key: c.id, label: c.name }))];
  const refs = useRef(new Map<CollectionTab, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((t) => t.key === selected);
    const target =
      event.key === 'ArrowRight' ? (index + 1) % tabs.length : event.key === 'ArrowLeft' ? (index - 1 + tabs.length) % tabs.length : event.key === 'Home' ? 0 : event.key === 'End' ? tabs.length - 1 : null;
    if (target === null) return;
    event.preventDefault();
    const next = tabs[target]!.key;
    onSelect(next);
    refs.current.get(next)?.focus();
  };

  return (
    <div role="tablist" aria-label="Collections" onKeyDown={onKeyDown} className="-mx-4 flex gap-2 overflow-x-auto border-b border-line px-4">
      {tabs.map(({ key, label }) => {
        const active = key === selected;
        return (
          <button
            key={key}
            ref={(node) => {
              if (node) refs.current.set(key, node);
              else refs.current.delete(key);
            }}
            type="button"
            role="tab"
            id={tabId(key)}
            aria-selected={active}
            aria-controls="merchandise-panel"
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(key)}
            className={cn(
              '-mb-px inline-flex min-h-11 shrink-0 items-center border-b-[3px] px-3 text-sm font-semibold whitespace-nowrap transition-colors sm:text-base',
              active ? 'border-brand text-ink' : 'border-transparent text-ink-muted hover:text-ink',
            )}
          >
            {label}
          </button>
        );
      })}
    </div>
  );
}

function ShopSkeleton() {
  return (
    <div role="status" aria-label="Loading merchandise" className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3">
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index} className="overflow-hidden rounded-2xl border border-line">
          <Skeleton className="aspect-square w-full rounded-none" />
          <div className="space-y-2 p-4">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-11 w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}
