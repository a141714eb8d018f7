import { useEffect, useMemo, useState } from 'react';
import { LayoutGrid, List, Search } from 'lucide-react';
import { filterMenuItems, MenuMessages } from '@kusina/domain/menu';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { pluralize } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMenu } from '../api/get-menu.ts';
import { MenuItemCard, type MenuLayout } from '../components/menu-item-card.tsx';
import { LazyCustomizeItemDialog } from '../components/lazy-customize-item-dialog.tsx';
import { useChooseMenuItem } from '../components/use-choose-menu-item.ts';
import { useDelayedFlag } from '../utils/use-delayed-flag.ts';

/** The search indicator clears this long after the last keystroke; results follow then (storefront.md §9). */
export const SEARCH_SETTLE_MS = 500;
/** Skeletons appear only when loading has lasted this long, so a fast answer does not flicker. */
export const MENU_LOADING_DELAY_MS = 150;
/** The first cards' images load at once with high priority. */
export const PRIORITY_IMAGES = 6;

type SpecialFilter = 'featured' | 'seasonal' | null;

const chipClass = (active: boolean) =>
  cn(
    'inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full border px-4 text-sm font-semibold transition-colors md:min-h-9',
    active ? 'border-brand bg-brand text-on-brand' : 'border-line-strong bg-surface text-ink hover:bg-surface-muted',
  );

export function MenuPage() {
  useDocumentTitle('Menu');
  const menu = useMenu();
  const showSkeleton = useDelayedFlag(menu.isPending, MENU_LOADING_DELAY_MS);
  const [categoryId, setCategoryId] = useState<number | null>(null);
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
        category_id: categoryId ?? undefined,
        featured: special === 'featured',
        seasonal: special === 'seasonal',
        q: query,
      }),
    [menu.data, categoryId, special, query],
  );
  const categories = useMemo(
    () => [...(menu.data?.categories ?? [])].sort((a, b) => a.position - b.position),
    [menu.data],
  );
  const activeCategory = categories.find((category) => category.id === categoryId);
  const toggleSpecial = (value: Exclude<SpecialFilter, null>) => setSpecial((current) => (current === value ? null : value));

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-10">
      <header className="mb-6 space-y-2">
        <h1 className="font-display text-3xl font-bold sm:text-4xl">Our Menu</h1>
        <p className="text-ink-muted">Hawaiian and Chamorro favourites, made fresh for pickup.</p>
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

        <div role="group" aria-label="Categories" className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1">
          <button type="button" aria-pressed={categoryId === null} className={chipClass(categoryId === null)} onClick={() => setCategoryId(null)}>
            All
          </button>
          {categories.map((category) => (
            <button
              key={category.id}
              type="button"
              aria-pressed={categoryId === category.id}
              className={chipClass(categoryId === category.id)}
              onClick={() => setCategoryId(category.id)}
            >
              {category.name}
            </button>
          ))}
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
        {activeCategory?.description ? <p className="text-sm text-ink-muted">{activeCategory.description}</p> : null}
      </div>

      <section aria-labelledby="menu-results" className="mt-6" aria-busy={menu.isPending}>
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
        ) : menu.isPending ? (
          showSkeleton ? <MenuSkeleton layout={layout} /> : null
        ) : items.length === 0 ? (
          <p role="status" className="rounded-2xl border border-dashed border-line-strong px-4 py-12 text-center text-lg text-ink-muted">
            {MenuMessages.noItems}
          </p>
        ) : (
          <>
            <p role="status" className="sr-only">
              {pluralize(items.length, 'item')}
            </p>
            <ul className={cn('grid gap-4', layout === 'gallery' ? 'sm:grid-cols-2 lg:grid-cols-3' : 'lg:grid-cols-2')}>
              {items.map((item, index) => (
                <li key={item.id} className="flex">
                  <div className="min-w-0 flex-1">
                    <MenuItemCard item={item} layout={layout} priority={index < PRIORITY_IMAGES} opening={openingId === item.id} onChoose={choose} />
                  </div>
                </li>
              ))}
            </ul>
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
