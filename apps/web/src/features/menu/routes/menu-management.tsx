import { useId, useMemo, useState } from 'react';
import { ChevronDown, Pencil, Plus, Search, Trash2, UtensilsCrossed } from 'lucide-react';
import { toast } from '../../../lib/toast.ts';
import { formatUSD } from '@kusina/domain/money';
import { filterMenuItems, MenuMessages, type MenuCategoryOutput, type MenuItemOutput } from '@kusina/domain/menu';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { getRestaurantId } from '../../../lib/restaurant-id.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useCatalog } from '../api/get-catalog.ts';
import { useDeleteMenuItem } from '../api/delete-menu-item.ts';
import { useUpdateItemStock } from '../api/update-item-stock.ts';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog.tsx';
import { MenuCategoriesPanel } from '../components/menu-categories-panel.tsx';
import { MenuItemForm } from '../components/menu-item-form.tsx';
import { OptionStockPanel } from '../components/menu-option-stock.tsx';
import { OptionGroupsSection } from '../components/menu-option-groups.tsx';

/** The add-option-group button of the item dialog, focused after a new dish is saved. */
const ADD_GROUP_FOCUS_DELAY_MS = 50;

function byPosition(a: MenuCategoryOutput, b: MenuCategoryOutput): number {
  return a.position - b.position || a.id - b.id;
}

/** What the list says about whether a dish can be ordered now. */
function availability(item: MenuItemOutput): { label: string; tone: 'success' | 'danger' | 'warning' } {
  if (!item.available) return { label: 'Sold out', tone: 'danger' };
  if (item.stock_status === 'out_of_stock') return { label: 'Out of stock', tone: 'danger' };
  if (!item.is_available) return { label: 'Not offered today', tone: 'warning' };
  return { label: 'Available', tone: 'success' };
}

function stockText(item: MenuItemOutput): string {
  return item.enable_stock_tracking ? `${item.available_quantity ?? 0} available` : 'Not tracked';
}

type Editing = { item: MenuItemOutput | null; categoryId: number | null } | null;

/**
 * The Menu tab: the restaurant's categories and every dish, sold out and out of season included,
 * grouped by category, with search, a sold-out switch per dish and (admins) an editor dialog for a
 * dish's details and option groups. Staff get the stock-only view: the list, the sold-out switch,
 * which PATCH /menu_items/:id/stock allows them (0064), and each dish's options with their
 * sold-out switch and stock count (PATCH /options/:id/stock, 0072). Reads the same GET /menu as
 * the storefront.
 */
export function MenuManagement({ stockOnly = false }: { stockOnly?: boolean }) {
  const restaurantId = useAuthStore((state) => state.user?.restaurant_id) ?? getRestaurantId();
  const catalog = useCatalog(restaurantId);
  const headingId = useId();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<MenuItemOutput | null>(null);
  const remove = useDeleteMenuItem();

  const categories = useMemo(() => [...(catalog.data?.categories ?? [])].sort(byPosition), [catalog.data]);
  const matches = useMemo(() => filterMenuItems(catalog.data?.items ?? [], { q: query }), [catalog.data, query]);
  const sections = useMemo(() => {
    const known = new Set(categories.map((c) => c.id));
    const list = categories.map((category) => ({ key: String(category.id), name: category.name, items: matches.filter((item) => item.category_id === category.id) }));
    list.push({ key: 'none', name: 'Uncategorised', items: matches.filter((item) => item.category_id === null || !known.has(item.category_id)) });
    return list.filter((section) => section.items.length > 0);
  }, [categories, matches]);
  // The dialog shows the dish as the refetched menu has it (option groups change while it is open).
  const editingItem = editing?.item ? (catalog.data?.items.find((item) => item.id === editing.item?.id) ?? editing.item) : null;

  if (catalog.isPending) {
    return (
      <div role="status" className="space-y-3" aria-label="Loading the menu">
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  if (catalog.isError) return <Alert tone="error">{errorMessage(catalog.error, 'Could not load the menu.')}</Alert>;

  const total = catalog.data.items.length;
  return (
    <div className="space-y-8">
      {stockOnly ? null : <MenuCategoriesPanel categories={categories} />}

      <section aria-labelledby={headingId} className="space-y-4 rounded-2xl border border-line bg-surface-raised p-4 shadow-sm sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id={headingId} className="text-xl font-bold">
              Menu items
            </h2>
            <p className="text-sm text-ink-muted">
              {stockOnly
                ? 'Mark a dish or one of its options sold out when the kitchen runs out, and clear it when it is back; count the options whose stock is tracked.'
                : 'Every dish, including sold out and out-of-season ones.'}{' '}
              Changes show on the storefront at once.
            </p>
          </div>
          {stockOnly ? null : (
            <Button onClick={() => setEditing({ item: null, categoryId: categories[0]?.id ?? null })} icon={<Plus aria-hidden="true" className="size-4" />}>
              Add item
            </Button>
          )}
        </div>
        <div className="space-y-1.5">
          <label htmlFor={searchId} className="block text-sm font-semibold">
            Search menu items
          </label>
          <div className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted" />
            <Input id={searchId} type="search" className="pl-9" value={query} onChange={(event) => setQuery(event.target.value)} placeholder="Name or description" />
          </div>
        </div>

        {total === 0 ? (
          <div className="flex flex-col items-center gap-2 py-8 text-center text-ink-muted">
            <UtensilsCrossed aria-hidden="true" className="size-8" />
            <p>No dishes yet. Add the first one.</p>
          </div>
        ) : sections.length === 0 ? (
          <p role="status" className="py-8 text-center text-ink-muted">
            {MenuMessages.noItems}
          </p>
        ) : (
          sections.map((section) => (
            <div key={section.key} className="space-y-2">
              <h3 className="font-display text-lg font-bold">{section.name}</h3>
              <ul className="space-y-2">
                {section.items.map((item) => (
                  <MenuItemRow
                    key={item.id}
                    item={item}
                    actions={stockOnly ? null : { edit: () => setEditing({ item, categoryId: item.category_id }), remove: () => setDeleting(item) }}
                  />
                ))}
              </ul>
            </div>
          ))
        )}
      </section>

      <Dialog open={editing !== null} onOpenChange={(open) => (open ? undefined : setEditing(null))} size="lg" title={editingItem ? `Edit ${editingItem.name}` : 'Add menu item'}>
        {editing !== null ? (
          <>
            <MenuItemForm
              key={editingItem?.id ?? 'new'}
              item={editingItem}
              categories={categories}
              defaultCategoryId={editing.categoryId}
              onSaved={(saved) => {
                if (editingItem) {
                  toast.success(`${saved.name} saved.`);
                  setEditing(null);
                  return;
                }
                // A new dish stays open as itself, so its option groups can be added next.
                toast.success(`${saved.name} added. Add its option groups below, or close.`);
                setEditing({ item: saved, categoryId: saved.category_id });
                setTimeout(() => document.getElementById('add-option-group')?.focus(), ADD_GROUP_FOCUS_DELAY_MS);
              }}
              onCancel={() => setEditing(null)}
            />
            {editingItem ? <OptionGroupsSection item={editingItem} /> : null}
          </>
        ) : null}
      </Dialog>

      <ConfirmDeleteDialog
        target={deleting}
        what="item"
        description="It leaves the menu with its option groups. Past orders keep their lines."
        remove={(item) => remove.mutateAsync(item.id)}
        deletedMessage={(item) => `${item.name} deleted.`}
        failedMessage="Could not delete the menu item. Please try again."
        onClose={() => setDeleting(null)}
      >
        <p>To take it off for a while, mark it sold out instead.</p>
      </ConfirmDeleteDialog>
    </div>
  );
}

/** One dish: a card on phones, a row of columns from the sm breakpoint. */
function MenuItemRow({ item, actions }: { item: MenuItemOutput; actions: { edit(): void; remove(): void } | null }) {
  const stock = useUpdateItemStock();
  const state = availability(item);
  const optionsId = useId();
  const [showOptions, setShowOptions] = useState(false);
  // The stock view lists a dish's options on demand (a long menu stays short to scan).
  const optionStock = actions === null && item.option_groups.length > 0;
  // The switch shows the change at once; the write (and the menu's refetch) finishes behind it.
  const [pendingSoldOut, setPendingSoldOut] = useState<boolean | null>(null);
  const soldOut = pendingSoldOut ?? !item.available;

  const toggleSoldOut = (next: boolean) => {
    setPendingSoldOut(next);
    stock.mutate(
      { id: item.id, input: { available: !next } },
      {
        onSuccess: (saved) => toast.success(saved.available ? `${saved.name} is available again.` : `${saved.name} is marked sold out.`),
        onError: (failure) => toast.error(errorMessage(failure, 'Could not change the dish. Please try again.')),
        onSettled: () => setPendingSoldOut(null),
      },
    );
  };

  return (
    <li
      data-testid="menu-admin-item"
      className="grid gap-3 rounded-xl border border-line p-3 sm:grid-cols-[minmax(0,1fr)_6rem_9rem_auto] sm:items-center"
    >
      <div className="min-w-0">
        <p className="font-semibold">{item.name}</p>
        <p className="flex flex-wrap gap-1 text-sm text-ink-muted">
          {item.featured ? <Badge tone="brand">Featured</Badge> : null}
          {item.seasonal ? <Badge tone="info">Seasonal</Badge> : null}
          {item.option_groups.length > 0 ? <span>{item.option_groups.length === 1 ? '1 option group' : `${item.option_groups.length} option groups`}</span> : null}
        </p>
      </div>
      <p className="font-bold tabular-nums">
        <span className="sr-only">Price </span>
        {formatUSD(item.price_cents)}
      </p>
      <div className="flex flex-wrap items-center gap-2 text-sm sm:flex-col sm:items-start sm:gap-1">
        <Badge tone={state.tone}>{state.label}</Badge>
        <span className="text-ink-muted">
          <span className="sr-only">Stock: </span>
          {stockText(item)}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <CheckboxField
          label="Sold out"
          fieldClassName="text-sm"
          checked={soldOut}
          disabled={stock.isPending}
          aria-label={`Sold out: ${item.name}`}
          onChange={(event) => toggleSoldOut(event.target.checked)}
        />
        {optionStock ? (
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={showOptions}
            aria-controls={showOptions ? optionsId : undefined}
            aria-label={`Options of ${item.name}`}
            onClick={() => setShowOptions((open) => !open)}
            icon={<ChevronDown aria-hidden="true" className={`size-4 transition-transform ${showOptions ? 'rotate-180' : ''}`} />}
          >
            Options
          </Button>
        ) : null}
        {actions ? (
          <>
            <Button variant="secondary" size="sm" onClick={actions.edit} icon={<Pencil aria-hidden="true" className="size-4" />} aria-label={`Edit ${item.name}`}>
              Edit
            </Button>
            <Button variant="ghost" size="sm" onClick={actions.remove} icon={<Trash2 aria-hidden="true" className="size-4" />} aria-label={`Delete ${item.name}`}>
              Delete
            </Button>
          </>
        ) : null}
      </div>
      {optionStock && showOptions ? (
        <div className="sm:col-span-4">
          <OptionStockPanel item={item} id={optionsId} />
        </div>
      ) : null}
    </li>
  );
}
