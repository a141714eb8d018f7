import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { DiscountConfigurationCreateInput, type DiscountConfigurationOutput } from '@kusina/domain/order-management';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { applyFieldErrors, errorMessage } from '../../../lib/errors.ts';
import { emptyToNull, toNumberOr, toNumberOrNaN } from '../../../lib/form-values.ts';
import { useCreateDiscountConfiguration } from '../api/create-discount-configuration.ts';
import { useUpdateDiscountConfiguration } from '../api/update-discount-configuration.ts';

/** The server's own rules (name, code, 0-100 %, display order ≥ 0, colour), less what the form does not ask. */
const DiscountForm = DiscountConfigurationCreateInput.omit({ restaurant_id: true, discount_type: true });
type DiscountFormInput = z.input<typeof DiscountForm>;
type DiscountFormOutput = z.output<typeof DiscountForm>;

const FIELDS = ['name', 'code', 'discount_percentage', 'is_active', 'is_default', 'display_order', 'description', 'ui_color'] as const;

/** An empty display order is the default, 0. */
const toOrder = toNumberOr(0);

/** Add or edit one staff discount configuration (backoffice-reservations.md §3, §5). */
export function DiscountConfigurationForm({ discount, onSaved, onCancel }: { discount: DiscountConfigurationOutput | null; onSaved(saved: DiscountConfigurationOutput): void; onCancel(): void }) {
  const create = useCreateDiscountConfiguration();
  const update = useUpdateDiscountConfiguration();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DiscountFormInput, unknown, DiscountFormOutput>({
    resolver: zodResolver(DiscountForm),
    mode: 'onTouched',
    defaultValues: {
      name: discount?.name ?? '',
      code: discount?.code ?? '',
      discount_percentage: discount?.discount_percentage ?? ('' as unknown as number),
      is_active: discount?.is_active ?? true,
      is_default: discount?.is_default ?? false,
      display_order: discount?.display_order ?? 0,
      description: discount?.description ?? null,
      ui_color: discount?.ui_color ?? null,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = discount ? await update.mutateAsync({ id: discount.id, ...values }) : await create.mutateAsync(values);
      onSaved(saved);
    } catch (error) {
      const placed = applyFieldErrors(error, setError, FIELDS);
      // A taken code is a 409 without field details: it belongs to the code field all the same.
      if (!placed && error instanceof ApiError && error.status === 409) setError('code', { type: 'server', message: error.message }, { shouldFocus: true });
      else if (!placed) {
        console.error(error);
        setError('root', { type: 'server', message: errorMessage(error, 'Failed to save settings. See console for details.') });
      }
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {errors.root?.message ? <Alert tone="error">{errors.root.message}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" required error={errors.name?.message} {...register('name')} />
        <TextField label="Code" required hint="Letters, digits, - and _" error={errors.code?.message} autoCapitalize="characters" {...register('code')} />
        <TextField
          label="Discount percentage"
          required
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          step="0.01"
          error={errors.discount_percentage?.message}
          {...register('discount_percentage', { setValueAs: toNumberOrNaN })}
        />
        <TextField label="Display order" type="number" inputMode="numeric" min={0} step={1} error={errors.display_order?.message} {...register('display_order', { setValueAs: toOrder })} />
        <TextField label="Color" hint="#rgb, #rrggbb or a colour name (optional)" error={errors.ui_color?.message} {...register('ui_color', { setValueAs: emptyToNull })} />
      </div>
      <FormField label="Description" error={errors.description?.message}>
        {(control) => <Textarea {...control} rows={2} maxLength={500} {...register('description', { setValueAs: emptyToNull })} />}
      </FormField>
      <div className="flex flex-wrap gap-6">
        <label className="flex min-h-11 items-center gap-2 font-semibold">
          <input type="checkbox" className="size-5 accent-brand" {...register('is_active')} />
          Active
        </label>
        <label className="flex min-h-11 items-center gap-2 font-semibold">
          <input type="checkbox" className="size-5 accent-brand" {...register('is_default')} />
          Default
        </label>
      </div>
      <p className="text-sm text-ink-muted">Making this the default clears the default on the others.</p>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          Save
        </Button>
      </div>
    </form>
  );
}
