import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Boxes, Eye, EyeOff, ImageOff, Package, Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { toast } from '../../../lib/toast.ts';
import { formatUSD } from '@kusina/domain/money';
import type { MerchandiseCollectionOutput, MerchandiseItemOutput, MerchandiseVariantOutput } from '@kusina/domain/merchandise';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, Select } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { getRestaurantId } from '../../../lib/restaurant-id.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useAdminMerchandiseCollections } from '../api/get-admin-merchandise-collections.ts';
import { useAdminMerchandiseItems } from '../api/get-admin-merchandise-items.ts';
import { useChangeMerchandiseStock } from '../api/change-merchandise-stock.ts';
import { useDeleteMerchandiseItem } from '../api/delete-merchandise-item.ts';
import { useDeleteMerchandiseVariant } from '../api/delete-merchandise-variant.ts';
import { useSaveMerchandiseItem, type ItemFields, type VariantFields } from '../api/save-merchandise-item.ts';
import { useSetMerchandiseHidden } from '../api/set-merchandise-hidden.ts';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog.tsx';

export const MerchandiseAdminMessages = {
  loadFailed: 'Could not load the merchandise. Please try again.',
  saveFailed: 'Could not save the item. Please try again.',
  noItems: 'No merchandise yet. Add the first item.',
  noMatch: 'No items match your search.',
  deleteConfirm: (name: string) => `${name} and its variants leave the shop for good; its stock history stays.`,
  variantDeleteConfirm: 'Customers can no longer buy it. If past orders include it, it is archived instead: those orders keep it, and its stock stays as it is.',
  variantDeleted: (label: string) => `${label} deleted.`,
  variantArchived: (label: string) => `${label} archived: past orders keep it, and the shop no longer sells it.`,
  variantDeleteFailed: 'Could not delete the variant. Please try again.',
  imageTooBig: 'Choose a picture of 5 MB or less.',
} as const;

/** The server's limit for a picture (JPEG, PNG, WebP or GIF; re-encoded to WebP). */
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The admin's own restaurant (a super admin without one works on the storefront's). */
function useAdminRestaurantId(): number {
  return useAuthStore((state) => state.user?.restaurant_id) ?? getRestaurantId();
}

function variantLabel(variant: Pick<MerchandiseVariantOutput, 'size' | 'color'>): string {
  return [variant.size, variant.color].filter(Boolean).join(' / ') || 'One size';
}

function stockText(item: MerchandiseItemOutput): string {
  if (!item.enable_stock_tracking || item.available_quantity === null) return 'Stock not tracked';
  return `${item.available_quantity} available`;
}

/**
 * The Merchandise tab of /admin (storefront.md §7: create, update, delete, hide, show and stock
 * changes for admins): every item, hidden ones too, with its stock; add and edit items with their
 * variants and picture, hide or show them in the shop, set stock counts and write off damaged
 * units with a reason (kept in the audit trail). The server checks every rule; its field messages
 * land on the fields.
 */
export function MerchandiseManagement() {
  const restaurantId = useAdminRestaurantId();
  const items = useAdminMerchandiseItems(restaurantId);
  const collections = useAdminMerchandiseCollections(restaurantId);
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<MerchandiseItemOutput | 'new' | null>(null);
  const [stockItem, setStockItem] = useState<MerchandiseItemOutput | null>(null);
  /** The item being deleted, and the item whose row takes focus once it is gone (null: none is left). */
  const [deleting, setDeleting] = useState<{ id: number; name: string; next: number | null } | null>(null);
  const remove = useDeleteMerchandiseItem();
  const addButton = useRef<HTMLButtonElement>(null);
  const headingId = useId();

  const collectionNames = useMemo(() => new Map((collections.data ?? []).map((c) => [c.id, c.name])), [collections.data]);
  const shown = useMemo(() => {
    const needle = query.trim().toLowerCase();
    const all = items.data ?? [];
    return needle ? all.filter((item) => `${item.name} ${item.category_name ?? ''} ${collectionNames.get(item.merchandise_collection_id ?? -1) ?? ''}`.toLowerCase().includes(needle)) : all;
  }, [items.data, query, collectionNames]);
  // The stock dialog follows the list: a saved count shows at once.
  const stockItemNow = stockItem ? (items.data?.find((item) => item.id === stockItem.id) ?? stockItem) : null;

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-2xl font-bold">
            Merchandise
          </h2>
          <p className="text-ink-muted">What the shop sells: items, their sizes and colours, pictures and stock.</p>
        </div>
        <Button ref={addButton} onClick={() => setEditing('new')} icon={<Plus aria-hidden="true" className="size-4" />}>
          Add item
        </Button>
      </div>

      <div className="relative max-w-md">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted" />
        <Input type="search" aria-label="Search merchandise" placeholder="Search by name, category or collection" className="pl-9" value={query} onChange={(event) => setQuery(event.target.value)} />
      </div>

      {items.isPending ? (
        <div role="status" aria-label="Loading merchandise" className="space-y-2">
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      ) : items.isError ? (
        <Alert tone="error">
          {errorMessage(items.error, MerchandiseAdminMessages.loadFailed)}{' '}
          <Button variant="secondary" size="sm" onClick={() => void items.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : shown.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-2xl border border-line py-12 text-center text-ink-muted">
          <Package aria-hidden="true" className="size-8" />
          <p>{items.data.length === 0 ? MerchandiseAdminMessages.noItems : MerchandiseAdminMessages.noMatch}</p>
        </div>
      ) : (
        <ul className="divide-y divide-line rounded-2xl border border-line bg-surface-raised" aria-label="Merchandise items">
          {shown.map((item, index) => (
            <ItemRow
              key={item.id}
              item={item}
              collection={collectionNames.get(item.merchandise_collection_id ?? -1) ?? null}
              onEdit={() => setEditing(item)}
              onStock={() => setStockItem(item)}
              // Focus then goes to the next item's row, or the one before when it was the last.
              onDelete={() => setDeleting({ id: item.id, name: item.name, next: (shown[index + 1] ?? shown[index - 1])?.id ?? null })}
            />
          ))}
        </ul>
      )}

      {editing ? (
        <ItemDialog
          item={editing === 'new' ? null : editing}
          restaurantId={restaurantId}
          collections={collections.data ?? []}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {stockItemNow ? <StockDialog item={stockItemNow} onClose={() => setStockItem(null)} /> : null}
      <ConfirmDeleteDialog
        target={deleting}
        what="item"
        description={deleting ? MerchandiseAdminMessages.deleteConfirm(deleting.name) : ''}
        remove={(target) => remove.mutateAsync(target.id)}
        deletedMessage={(target) => `${target.name} deleted.`}
        failedMessage="Could not delete the item. Please try again."
        // The Delete button went with its row: the next item's Edit button, or Add item when none is left.
        focusAfterDelete={(target) => (target.next === null ? null : document.getElementById(editButtonId(target.next))) ?? addButton.current}
        onClose={() => setDeleting(null)}
      >
        <p>To take it out of the shop for a while, hide it instead.</p>
      </ConfirmDeleteDialog>
    </section>
  );
}

const editButtonId = (itemId: number) => `merchandise-edit-${itemId}`;

function ItemRow({ item, collection, onEdit, onStock, onDelete }: { item: MerchandiseItemOutput; collection: string | null; onEdit(): void; onStock(): void; onDelete(): void }) {
  const setHidden = useSetMerchandiseHidden();

  const toggleHidden = () =>
    setHidden.mutate(
      { id: item.id, hidden: !item.hidden },
      {
        onSuccess: (saved) => toast.success(saved.hidden ? `${saved.name} is hidden from the shop.` : `${saved.name} is back in the shop.`),
        onError: (error) => toast.error(errorMessage(error, MerchandiseAdminMessages.saveFailed)),
      },
    );
  return (
    <li className="flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        {item.image_url ? (
          <img src={item.image_url} alt="" width={56} height={56} loading="lazy" className="size-14 shrink-0 rounded-lg border border-line object-cover" />
        ) : (
          <span className="flex size-14 shrink-0 items-center justify-center rounded-lg border border-line bg-surface-muted text-ink-muted">
            <ImageOff aria-hidden="true" className="size-5" />
          </span>
        )}
        <div className="min-w-0 space-y-1">
          <p className="font-semibold break-words">{item.name}</p>
          <p className="text-sm text-ink-muted">
            {formatUSD(item.base_price_cents)} · {item.variants.length === 1 ? '1 variant' : `${item.variants.length} variants`}
            {collection ? ` · ${collection}` : ''}
          </p>
          <div className="flex flex-wrap gap-1.5">
            {item.hidden ? <Badge>Hidden</Badge> : <Badge tone="success">In the shop</Badge>}
            {item.stock_status === 'out_of_stock' ? <Badge tone="danger">Out of stock</Badge> : item.stock_status === 'low_stock' ? <Badge tone="warning">Low stock</Badge> : null}
            <span className="text-sm text-ink-muted">{stockText(item)}</span>
          </div>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button id={editButtonId(item.id)} variant="secondary" size="sm" onClick={onEdit} icon={<Pencil aria-hidden="true" className="size-4" />} aria-label={`Edit ${item.name}`}>
          Edit
        </Button>
        <Button variant="secondary" size="sm" onClick={onStock} icon={<Boxes aria-hidden="true" className="size-4" />} aria-label={`Stock of ${item.name}`}>
          Stock
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={toggleHidden}
          loading={setHidden.isPending}
          icon={item.hidden ? <Eye aria-hidden="true" className="size-4" /> : <EyeOff aria-hidden="true" className="size-4" />}
          aria-label={`${item.hidden ? 'Show' : 'Hide'} ${item.name}`}
        >
          {item.hidden ? 'Show' : 'Hide'}
        </Button>
        <Button variant="ghost" size="sm" onClick={onDelete} icon={<Trash2 aria-hidden="true" className="size-4" />} aria-label={`Delete ${item.name}`}>
          Delete
        </Button>
      </div>
    </li>
  );
}

interface VariantRow {
  key: number;
  id?: number;
  size: string;
  color: string;
  price_adjustment: string;
  /** Only for a new variant: existing ones change stock through the Stock dialog (with a reason). */
  stock_quantity: string;
}

let rowKey = 0;
const variantSizeId = (key: number) => `variant-size-${key}`;
const newVariantRow = (): VariantRow => ({ key: ++rowKey, size: '', color: '', price_adjustment: '0', stock_quantity: '0' });

/** Dollars typed in a field; NaN for a blank or unreadable entry, which the server names. */
const dollars = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

function ItemDialog({ item, restaurantId, collections, onClose }: { item: MerchandiseItemOutput | null; restaurantId: number; collections: MerchandiseCollectionOutput[]; onClose(): void }) {
  const save = useSaveMerchandiseItem();
  const [name, setName] = useState(item?.name ?? '');
  const [description, setDescription] = useState(item?.description ?? '');
  const [price, setPrice] = useState(item ? String(item.base_price) : '');
  const [category, setCategory] = useState(item?.category_name ?? '');
  const [collection, setCollection] = useState(item?.merchandise_collection_id ? String(item.merchandise_collection_id) : '');
  const [tracking, setTracking] = useState(item?.enable_stock_tracking ?? true);
  const [image, setImage] = useState<File | null>(null);
  const [variants, setVariants] = useState<VariantRow[]>(() =>
    item
      ? item.variants.map((v) => ({ key: ++rowKey, id: v.id, size: v.size ?? '', color: v.color ?? '', price_adjustment: String(v.price_adjustment), stock_quantity: String(v.stock_quantity) }))
      : [newVariantRow()],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const removeVariant = useDeleteMerchandiseVariant();
  const [deletingVariant, setDeletingVariant] = useState<{ id: number; name: string; label: string; next: number | null } | null>(null);
  const addVariantButton = useRef<HTMLButtonElement>(null);
  // An item keeps one variant at least (the server refuses to delete the last one).
  const savedVariants = variants.filter((row) => row.id !== undefined).length;
  const savedLabel = (id: number) => variantLabel(item?.variants.find((v) => v.id === id) ?? { size: null, color: null });

  const changeVariant = (key: number, patch: Partial<VariantRow>) => setVariants((rows) => rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!name.trim()) local.name = 'Name is required';
    if (!(dollars(price) >= 0)) local.base_price = 'Enter a price in dollars, e.g. 25 or 24.99';
    if (image && image.size > MAX_IMAGE_BYTES) local.image = MerchandiseAdminMessages.imageTooBig;
    setErrors(local);
    setFormError(null);
    if (Object.keys(local).length > 0) return;
    const variantFields: VariantFields[] = variants.map((row) => ({
      ...(row.id ? { id: row.id } : {}),
      size: row.size.trim() || undefined,
      color: row.color.trim() || undefined,
      price_adjustment: dollars(row.price_adjustment || '0'),
      ...(row.id ? {} : { stock_quantity: Number(row.stock_quantity || '0') }),
    }));
    const fields: ItemFields = {
      ...(item ? {} : { restaurant_id: restaurantId }),
      name: name.trim(),
      description: description.trim(),
      base_price: dollars(price),
      category_name: category.trim() || null,
      merchandise_collection_id: collection ? Number(collection) : null,
      enable_stock_tracking: tracking,
      variants: variantFields,
    };
    save.mutate(
      { id: item?.id ?? null, fields, image },
      {
        onSuccess: (saved) => {
          toast.success(item ? `${saved.name} saved.` : `${saved.name} added to the shop.`);
          onClose();
        },
        onError: (error) => {
          const fieldMessages = error instanceof ApiError ? error.fields : {};
          setErrors(fieldMessages);
          if (Object.keys(fieldMessages).length === 0) setFormError(errorMessage(error, MerchandiseAdminMessages.saveFailed));
        },
      },
    );
  };

  const variantError = (index: number, field: string) => errors[`variants.${index}.${field}`];

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={item ? `Edit ${item.name}` : 'Add merchandise item'}
      description="Prices in dollars. New items show in the shop unless hidden."
      size="lg"
      footer={
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="merchandise-item-form" loading={save.isPending}>
            Save
          </Button>
        </div>
      }
    >
      <form id="merchandise-item-form" noValidate onSubmit={submit} className="space-y-4">
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        {errors.variants ? <Alert tone="error">{errors.variants}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Name" required value={name} onChange={(event) => setName(event.target.value)} error={errors.name} maxLength={120} />
          <TextField label="Base price" required type="number" inputMode="decimal" min={0} step="0.01" value={price} onChange={(event) => setPrice(event.target.value)} error={errors.base_price} />
          <TextField label="Category" hint="e.g. Apparel, Accessories" value={category} onChange={(event) => setCategory(event.target.value)} error={errors.category_name} maxLength={80} />
          <FormField label="Collection" error={errors.merchandise_collection_id}>
            {(control) => (
              <Select {...control} value={collection} onChange={(event) => setCollection(event.target.value)}>
                <option value="">No collection</option>
                {collections.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                    {c.active ? '' : ' (inactive)'}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        </div>
        <FormField label="Description" error={errors.description}>
          {(control) => <Textarea {...control} rows={3} maxLength={4000} value={description} onChange={(event) => setDescription(event.target.value)} />}
        </FormField>
        <FormField label="Picture" hint={item?.image_url ? 'Choose a file to replace the current picture.' : 'JPEG, PNG, WebP or GIF up to 5 MB.'} error={errors.image}>
          {(control) => <Input {...control} type="file" accept="image/jpeg,image/png,image/webp,image/gif" onChange={(event) => setImage(event.target.files?.[0] ?? null)} />}
        </FormField>
        <label className="flex min-h-11 items-center gap-2 font-semibold">
          <input type="checkbox" className="size-5 accent-brand" checked={tracking} onChange={(event) => setTracking(event.target.checked)} />
          Track stock
        </label>

        <fieldset className="space-y-3">
          <legend className="font-semibold">Variants</legend>
          <p className="text-sm text-ink-muted">{item ? 'Existing variants change their stock from Stock, with a reason.' : 'One row per size and colour. Leave size and colour blank for a one-size item.'}</p>
          {variants.map((row, index) => (
            <div key={row.key} className="grid gap-3 rounded-xl border border-line p-3 sm:grid-cols-4" role="group" aria-label={`Variant ${index + 1}`}>
              <TextField id={variantSizeId(row.key)} label="Size" value={row.size} onChange={(event) => changeVariant(row.key, { size: event.target.value })} error={variantError(index, 'size')} maxLength={20} />
              <TextField label="Color" value={row.color} onChange={(event) => changeVariant(row.key, { color: event.target.value })} error={variantError(index, 'color')} maxLength={40} />
              <TextField
                label="Price adjustment"
                type="number"
                inputMode="decimal"
                step="0.01"
                value={row.price_adjustment}
                onChange={(event) => changeVariant(row.key, { price_adjustment: event.target.value })}
                error={variantError(index, 'price_adjustment')}
              />
              {row.id ? (
                <p className="self-end pb-3 text-sm text-ink-muted">In stock: {row.stock_quantity}</p>
              ) : (
                <TextField
                  label="Stock"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                  value={row.stock_quantity}
                  onChange={(event) => changeVariant(row.key, { stock_quantity: event.target.value })}
                  error={variantError(index, 'stock_quantity')}
                />
              )}
              {!row.id && variants.length > 1 ? (
                <div className="sm:col-span-4">
                  <Button variant="ghost" size="sm" onClick={() => setVariants((rows) => rows.filter((r) => r.key !== row.key))} aria-label={`Remove variant ${index + 1}`}>
                    Remove
                  </Button>
                </div>
              ) : null}
              {row.id !== undefined && item && savedVariants > 1 ? (
                <div className="sm:col-span-4">
                  <Button
                    variant="ghost"
                    size="sm"
                    icon={<Trash2 aria-hidden="true" className="size-4" />}
                    aria-label={`Delete variant ${savedLabel(row.id)}`}
                    onClick={() => {
                      const next = variants[index + 1] ?? variants[index - 1];
                      setDeletingVariant({ id: row.id ?? 0, name: `${item.name} (${savedLabel(row.id ?? 0)})`, label: savedLabel(row.id ?? 0), next: next?.key ?? null });
                    }}
                  >
                    Delete variant
                  </Button>
                </div>
              ) : null}
            </div>
          ))}
          <Button ref={addVariantButton} variant="secondary" size="sm" onClick={() => setVariants((rows) => [...rows, newVariantRow()])} icon={<Plus aria-hidden="true" className="size-4" />}>
            Add variant
          </Button>
        </fieldset>
      </form>
      <ConfirmDeleteDialog
        target={deletingVariant}
        what="variant"
        description={MerchandiseAdminMessages.variantDeleteConfirm}
        remove={async (target) => {
          const result = await removeVariant.mutateAsync(target.id);
          // The row goes at once (the item's other fields keep what was typed); per-row messages were by position.
          setVariants((rows) => rows.filter((row) => row.id !== target.id));
          setErrors({});
          return result;
        }}
        deletedMessage={(target, result) => (result.archived ? MerchandiseAdminMessages.variantArchived(target.label) : MerchandiseAdminMessages.variantDeleted(target.label))}
        failedMessage={MerchandiseAdminMessages.variantDeleteFailed}
        // Its Delete button went with its row: the next variant's Size, or Add variant.
        focusAfterDelete={(target) => (target.next === null ? null : document.getElementById(variantSizeId(target.next))) ?? addVariantButton.current}
        onClose={() => setDeletingVariant(null)}
      >
        <p>Sizes and colours still on sale are not changed.</p>
      </ConfirmDeleteDialog>
    </Dialog>
  );
}

/** Set each variant's count, or write off damaged units; both need a reason for the audit trail. */
function StockDialog({ item, onClose }: { item: MerchandiseItemOutput; onClose(): void }) {
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Stock of ${item.name}`}
      description="Counts and write-offs are kept in the item's stock history with their reason."
      footer={
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            Done
          </Button>
        </div>
      }
    >
      <ul className="space-y-4">
        {item.variants.map((variant) => (
          <VariantStock key={variant.id} itemId={item.id} variant={variant} />
        ))}
      </ul>
    </Dialog>
  );
}

function VariantStock({ itemId, variant }: { itemId: number; variant: MerchandiseVariantOutput }) {
  const change = useChangeMerchandiseStock();
  const label = variantLabel(variant);
  const [count, setCount] = useState(String(variant.stock_quantity));
  const [damaged, setDamaged] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const run = (kind: 'count' | 'damaged') => {
    const local: Record<string, string> = {};
    if (!reason.trim()) local.reason = 'Give a reason';
    if (kind === 'count' && !/^\d+$/.test(count.trim())) local.stock_quantity = 'Enter a whole number of 0 or more';
    if (kind === 'damaged' && !/^[1-9]\d*$/.test(damaged.trim())) local.quantity = 'Enter how many units, 1 or more';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    change.mutate(
      kind === 'count'
        ? { kind, itemId, variantId: variant.id, stock_quantity: Number(count), reason: reason.trim() }
        : { kind, itemId, variantId: variant.id, quantity: Number(damaged), reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success(kind === 'count' ? `Stock of ${label} saved.` : `Damaged units of ${label} written off.`);
          setReason('');
          setDamaged('');
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fields : {};
          setErrors(Object.keys(fields).length > 0 ? fields : { form: errorMessage(error, 'Could not change the stock. Please try again.') });
        },
      },
    );
  };

  return (
    <li className="space-y-3 rounded-xl border border-line p-3" aria-label={label}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold">{label}</p>
        <p className="text-sm text-ink-muted">
          {variant.stock_quantity} in stock · {variant.damaged_quantity} damaged · {variant.available_quantity ?? 'untracked'} available
        </p>
      </div>
      {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
      <TextField label={`Reason for ${label}`} value={reason} onChange={(event) => setReason(event.target.value)} error={errors.reason} maxLength={500} hint="e.g. Delivery received, recount, torn seam" />
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex items-end gap-2">
          <TextField label={`Stock count of ${label}`} fieldClassName="min-w-0 flex-1" type="number" inputMode="numeric" min={0} step={1} value={count} onChange={(event) => setCount(event.target.value)} error={errors.stock_quantity} />
          <Button variant="secondary" size="sm" className="mb-1" onClick={() => run('count')} loading={change.isPending && change.variables?.kind === 'count'}>
            Set count
          </Button>
        </div>
        <div className="flex items-end gap-2">
          <TextField label={`Damaged units of ${label}`} fieldClassName="min-w-0 flex-1" type="number" inputMode="numeric" min={1} step={1} value={damaged} onChange={(event) => setDamaged(event.target.value)} error={errors.quantity} />
          <Button variant="secondary" size="sm" className="mb-1" onClick={() => run('damaged')} loading={change.isPending && change.variables?.kind === 'damaged'}>
            Write off
          </Button>
        </div>
      </div>
    </li>
  );
}
