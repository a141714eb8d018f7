import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ALL_DAYS, type MenuCategoryOutput, type MenuItemOutput } from '@kusina/domain/menu';
import { MenuItemCreateInput } from '@kusina/domain/menu-inputs';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Select } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showSaveError } from '../../../lib/errors.ts';
import { useSaveMenuItem } from '../api/save-menu-item.ts';
import { emptyToNull, toNumberOr, toNumberOrNaN } from '../../../lib/form-values.ts';

type ItemFormInput = z.input<typeof MenuItemCreateInput>;
type ItemFormOutput = z.output<typeof MenuItemCreateInput>;

const FIELDS = [
  'name',
  'description',
  'price',
  'category_id',
  'image',
  'featured',
  'seasonal',
  'promo_label',
  'available_until',
  'status_note',
  'advance_notice_hours',
  'available_days',
  'vegetarian',
  'vegan',
  'gluten_free',
  'dairy_free',
  'nut_free',
  'spicy',
  'available',
  'enable_stock_tracking',
  'stock_quantity',
  'damaged_quantity',
] as const;

export const DAY_LABELS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const DIETARY = [
  ['vegetarian', 'Vegetarian'],
  ['vegan', 'Vegan'],
  ['gluten_free', 'Gluten free'],
  ['dairy_free', 'Dairy free'],
  ['nut_free', 'Nut free'],
  ['spicy', 'Spicy'],
] as const;

/** A select's '' is "no category" (null); anything else is the category's id. */
const toCategory = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

function defaults(item: MenuItemOutput | null, categoryId: number | null): ItemFormInput {
  return {
    name: item?.name ?? '',
    description: item?.description ?? '',
    price: item?.price ?? ('' as unknown as number),
    category_id: item ? item.category_id : categoryId,
    image: item?.image ?? null,
    featured: item?.featured ?? false,
    seasonal: item?.seasonal ?? false,
    promo_label: item?.promo_label ?? null,
    available_until: item?.available_until ?? null,
    status_note: item?.status_note ?? null,
    advance_notice_hours: item?.advance_notice_hours ?? 0,
    available_days: item ? [...item.available_days] : [...ALL_DAYS],
    vegetarian: item?.vegetarian ?? false,
    vegan: item?.vegan ?? false,
    gluten_free: item?.gluten_free ?? false,
    dairy_free: item?.dairy_free ?? false,
    nut_free: item?.nut_free ?? false,
    spicy: item?.spicy ?? false,
    available: item?.available ?? true,
    enable_stock_tracking: item?.enable_stock_tracking ?? false,
    stock_quantity: item?.stock_quantity ?? 0,
    damaged_quantity: item?.damaged_quantity ?? 0,
  };
}

/**
 * Add or edit one dish (storefront.md §3 Menu item): every field the server takes, checked by the
 * same schema the server uses, price in dollars. A refused save puts the server's message on the
 * field it names and keeps what was typed.
 */
export function MenuItemForm({
  item,
  categories,
  defaultCategoryId = null,
  onSaved,
  onCancel,
}: {
  item: MenuItemOutput | null;
  categories: readonly MenuCategoryOutput[];
  defaultCategoryId?: number | null;
  onSaved(saved: MenuItemOutput): void;
  onCancel(): void;
}) {
  const save = useSaveMenuItem();
  const {
    register,
    handleSubmit,
    setError,
    control,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<ItemFormInput, unknown, ItemFormOutput>({ resolver: zodResolver(MenuItemCreateInput), mode: 'onTouched', defaultValues: defaults(item, defaultCategoryId) });
  const days = useWatch({ control, name: 'available_days' }) ?? [];

  const onSubmit = handleSubmit(async (values) => {
    try {
      onSaved(await save.mutateAsync({ id: item?.id ?? null, input: values }));
    } catch (error) {
      showSaveError(error, setError, FIELDS, 'Could not save the menu item. Please try again.');
    }
  });

  const toggleDay = (day: number, on: boolean) => {
    const next = on ? [...days, day].sort((a, b) => a - b) : days.filter((d) => d !== day);
    setValue('available_days', next, { shouldDirty: true, shouldValidate: true });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label={item ? `Details of ${item.name}` : 'New menu item'}>
      {errors.root?.message ? <Alert tone="error">{errors.root.message}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" required maxLength={120} error={errors.name?.message} {...register('name')} />
        <TextField
          label="Price"
          required
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          hint="In dollars, e.g. 12.95"
          error={errors.price?.message}
          {...register('price', { setValueAs: toNumberOrNaN })}
        />
        <FormField label="Category" error={errors.category_id?.message}>
          {(control) => (
            <Select {...control} {...register('category_id', { setValueAs: toCategory })}>
              <option value="">Uncategorised</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <TextField label="Image URL" hint="A same-site path (/images/…) or https:// address" maxLength={500} error={errors.image?.message} {...register('image', { setValueAs: emptyToNull })} />
      </div>
      <FormField label="Description" error={errors.description?.message}>
        {(control) => <Textarea {...control} rows={3} maxLength={2000} {...register('description')} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Promo label" hint="A badge on the card, e.g. New" maxLength={60} error={errors.promo_label?.message} {...register('promo_label', { setValueAs: emptyToNull })} />
        <TextField label="Status note" hint="A line on the card, e.g. Back Friday" maxLength={200} error={errors.status_note?.message} {...register('status_note', { setValueAs: emptyToNull })} />
        <TextField
          label="Advance notice hours"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          hint="24 or more makes it an advance order"
          error={errors.advance_notice_hours?.message}
          {...register('advance_notice_hours', { setValueAs: toNumberOr(0) })}
        />
        <TextField label="Available until" type="date" hint="Optional last day it is offered" error={errors.available_until?.message} {...register('available_until', { setValueAs: emptyToNull })} />
      </div>

      <fieldset className="space-y-1">
        <legend className="text-sm font-semibold">Available days</legend>
        <div className="flex flex-wrap gap-x-4">
          {ALL_DAYS.map((day) => (
            <CheckboxField key={day} label={DAY_LABELS[day]} checked={days.includes(day)} onChange={(event) => toggleDay(day, event.target.checked)} />
          ))}
        </div>
        {errors.available_days?.message ? (
          <p role="alert" className="text-sm font-medium text-danger-ink">
            {errors.available_days.message}
          </p>
        ) : null}
      </fieldset>

      <fieldset className="space-y-1">
        <legend className="text-sm font-semibold">Listing</legend>
        <div className="flex flex-wrap gap-x-6">
          <CheckboxField label="Available" {...register('available')} />
          <CheckboxField label="Featured" {...register('featured')} />
          <CheckboxField label="Seasonal" {...register('seasonal')} />
        </div>
        <p className="text-sm text-ink-muted">Clear Available to mark the dish sold out.</p>
      </fieldset>

      <fieldset className="space-y-1">
        <legend className="text-sm font-semibold">Dietary flags</legend>
        <div className="flex flex-wrap gap-x-6">
          {DIETARY.map(([field, label]) => (
            <CheckboxField key={field} label={label} {...register(field)} />
          ))}
        </div>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold">Stock</legend>
        <CheckboxField label="Enable stock tracking" {...register('enable_stock_tracking')} />
        <p className="text-sm text-ink-muted">Tracked dishes sell stock quantity less damaged quantity, then show as out of stock.</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Stock quantity"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            error={errors.stock_quantity?.message}
            {...register('stock_quantity', { setValueAs: toNumberOr(0) })}
          />
          <TextField
            label="Damaged quantity"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            hint="Taken off the stock that can be sold"
            error={errors.damaged_quantity?.message}
            {...register('damaged_quantity', { setValueAs: toNumberOr(0) })}
          />
        </div>
      </fieldset>

      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {item ? 'Save' : 'Add item'}
        </Button>
      </div>
    </form>
  );
}
