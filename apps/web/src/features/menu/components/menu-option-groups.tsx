import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../../lib/toast.ts';
import type { z } from 'zod';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { formatUSD } from '@kusina/domain/money';
import type { MenuItemOutput, OptionGroupOutput, OptionOutput } from '@kusina/domain/menu';
import { OptionCreateInput, OptionGroupUpdateInput } from '@kusina/domain/menu-inputs';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showSaveError } from '../../../lib/errors.ts';
import { toNumberOr } from '../../../lib/form-values.ts';
import { useDeleteOption } from '../api/delete-option.ts';
import { useDeleteOptionGroup } from '../api/delete-option-group.ts';
import { useSaveOption } from '../api/save-option.ts';
import { useSaveOptionGroup } from '../api/save-option-group.ts';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog.tsx';

/*
 * An item's option groups and their options (storefront.md §3 Option group, Option; §5
 * Customisation), edited inline under the item's details: each save goes to the server at once
 * and the list comes back from the refetched menu. A group is required when min_select is 1 or
 * more (the spec has no separate flag).
 */

type GroupFormInput = z.input<typeof OptionGroupUpdateInput>;
type GroupFormOutput = z.output<typeof OptionGroupUpdateInput>;
const GROUP_FIELDS = ['name', 'min_select', 'max_select', 'free_option_count', 'enable_inventory_tracking'] as const;

type OptionFormInput = z.input<typeof OptionCreateInput>;
type OptionFormOutput = z.output<typeof OptionCreateInput>;
const OPTION_FIELDS = ['name', 'additional_price', 'is_preselected', 'available', 'stock_quantity', 'damaged_quantity'] as const;

/** A blank additional price is the spec's default ($2, stored as null). */
const toPrice = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

function FormActions({ saving, onCancel, label }: { saving: boolean; onCancel(): void; label: string }) {
  return (
    <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
      <Button variant="ghost" size="sm" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" size="sm" loading={saving}>
        {label}
      </Button>
    </div>
  );
}

function OptionGroupForm({ itemId, group, onDone }: { itemId: number; group: OptionGroupOutput | null; onDone(): void }) {
  const save = useSaveOptionGroup();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<GroupFormInput, unknown, GroupFormOutput>({
    resolver: zodResolver(OptionGroupUpdateInput),
    mode: 'onTouched',
    defaultValues: {
      name: group?.name ?? '',
      min_select: group?.min_select ?? 0,
      max_select: group?.max_select ?? 1,
      free_option_count: group?.free_option_count ?? 0,
      enable_inventory_tracking: group?.enable_inventory_tracking ?? false,
    },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ itemId, id: group?.id ?? null, input: { ...values, name: values.name ?? '' } });
      toast.success(`Option group ${saved.name} saved.`);
      onDone();
    } catch (error) {
      showSaveError(error, setError, GROUP_FIELDS, 'Could not save the option group. Please try again.');
    }
  });
  const number = { type: 'number', inputMode: 'numeric', min: 0, step: 1 } as const;
  return (
    <form noValidate onSubmit={onSubmit} aria-label={group ? `Edit option group ${group.name}` : 'New option group'} className="grid gap-3 rounded-xl border border-line bg-surface p-3 sm:grid-cols-2">
      {errors.root?.message ? <Alert tone="error" className="sm:col-span-2">{errors.root.message}</Alert> : null}
      <TextField label="Group name" required maxLength={120} autoFocus fieldClassName="sm:col-span-2" error={errors.name?.message} {...register('name')} />
      <TextField label="Min select" {...number} hint="1 or more makes the group required" error={errors.min_select?.message} {...register('min_select', { setValueAs: toNumberOr(0) })} />
      <TextField label="Max select" {...number} min={1} error={errors.max_select?.message} {...register('max_select', { setValueAs: toNumberOr(1) })} />
      <TextField label="Free option count" {...number} hint="The most expensive choices up to this many are free" error={errors.free_option_count?.message} {...register('free_option_count', { setValueAs: toNumberOr(0) })} />
      <CheckboxField label="Enable inventory tracking" fieldClassName="sm:mt-7" {...register('enable_inventory_tracking')} />
      <FormActions saving={isSubmitting} onCancel={onDone} label={group ? 'Save group' : 'Add group'} />
    </form>
  );
}

function OptionForm({ group, option, onDone }: { group: OptionGroupOutput; option: OptionOutput | null; onDone(): void }) {
  const save = useSaveOption();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<OptionFormInput, unknown, OptionFormOutput>({
    resolver: zodResolver(OptionCreateInput),
    mode: 'onTouched',
    defaultValues: {
      name: option?.name ?? '',
      additional_price: option ? option.additional_price : null,
      is_preselected: option?.is_preselected ?? false,
      available: option?.available ?? true,
      stock_quantity: option?.stock_quantity ?? 0,
      damaged_quantity: option?.damaged_quantity ?? 0,
    },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ groupId: group.id, id: option?.id ?? null, input: values });
      toast.success(`Option ${saved.name} saved.`);
      onDone();
    } catch (error) {
      showSaveError(error, setError, OPTION_FIELDS, 'Could not save the option. Please try again.');
    }
  });
  const number = { type: 'number', inputMode: 'numeric', min: 0, step: 1 } as const;
  return (
    <form noValidate onSubmit={onSubmit} aria-label={option ? `Edit option ${option.name}` : `New option in ${group.name}`} className="grid gap-3 rounded-xl border border-line bg-surface p-3 sm:grid-cols-2">
      {errors.root?.message ? <Alert tone="error" className="sm:col-span-2">{errors.root.message}</Alert> : null}
      <TextField label="Option name" required maxLength={120} autoFocus error={errors.name?.message} {...register('name')} />
      <TextField
        label="Additional price"
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        hint="In dollars; leave blank for the $2.00 default"
        error={errors.additional_price?.message}
        {...register('additional_price', { setValueAs: toPrice })}
      />
      {group.enable_inventory_tracking ? (
        <>
          <TextField label="Stock quantity" {...number} error={errors.stock_quantity?.message} {...register('stock_quantity', { setValueAs: toNumberOr(0) })} />
          <TextField label="Damaged quantity" {...number} error={errors.damaged_quantity?.message} {...register('damaged_quantity', { setValueAs: toNumberOr(0) })} />
        </>
      ) : null}
      <div className="flex flex-wrap gap-x-6 sm:col-span-2">
        <CheckboxField label="Is preselected" {...register('is_preselected')} />
        <CheckboxField label="Available" {...register('available')} />
      </div>
      <FormActions saving={isSubmitting} onCancel={onDone} label={option ? 'Save option' : 'Add option'} />
    </form>
  );
}

type Editing = { kind: 'group'; group: OptionGroupOutput | null } | { kind: 'option'; group: OptionGroupOutput; option: OptionOutput | null } | null;

function optionLine(option: OptionOutput, tracked: boolean): string {
  const parts = [option.additional_price_cents === 0 ? 'No charge' : `+${formatUSD(option.additional_price_cents)}`];
  if (tracked) parts.push(`${option.available_quantity ?? 0} in stock`);
  return parts.join(' · ');
}

export function OptionGroupsSection({ item }: { item: MenuItemOutput }) {
  const headingId = useId();
  const [editing, setEditingState] = useState<Editing>(null);
  const removeGroup = useDeleteOptionGroup();
  const removeOption = useDeleteOption();
  // An inline form replaces the button that opened it: closing it gives focus back to that button.
  const opener = useRef<{ focus(): void; isConnected: boolean } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const setEditing = (next: Editing) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setEditingState(next);
  };
  const done = () => {
    setEditingState(null);
    requestAnimationFrame(() => (opener.current?.isConnected ? opener.current : headingRef.current)?.focus());
  };

  const [deleting, setDeleting] = useState<{ kind: 'group' | 'option'; id: number; name: string } | null>(null);

  return (
    <section aria-labelledby={headingId} className="mt-6 space-y-3 border-t border-line pt-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-bold outline-none">
            Option groups
          </h3>
          <p className="text-sm text-ink-muted">Choices a customer makes for this dish, such as sides or sauces.</p>
        </div>
        {editing?.kind === 'group' && editing.group === null ? null : (
          <Button id="add-option-group" variant="secondary" size="sm" onClick={() => setEditing({ kind: 'group', group: null })} icon={<Plus aria-hidden="true" className="size-4" />}>
            Add option group
          </Button>
        )}
      </div>
      {editing?.kind === 'group' && editing.group === null ? <OptionGroupForm itemId={item.id} group={null} onDone={done} /> : null}
      {item.option_groups.length === 0 && editing === null ? <p className="text-sm text-ink-muted">No option groups yet.</p> : null}
      <ul className="space-y-3">
        {item.option_groups.map((group) => (
          <li key={group.id} className="space-y-2 rounded-xl border border-line p-3">
            {editing?.kind === 'group' && editing.group?.id === group.id ? (
              <OptionGroupForm itemId={item.id} group={group} onDone={done} />
            ) : (
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-semibold">{group.name}</p>
                  <p className="flex flex-wrap items-center gap-1.5 text-sm text-ink-muted">
                    {group.min_select > 0 ? <Badge tone="warning">Required</Badge> : <Badge>Optional</Badge>}
                    <span>
                      Choose {group.min_select}–{group.max_select}
                      {group.free_option_count > 0 ? `, ${group.free_option_count} free` : ''}
                      {group.enable_inventory_tracking ? ', stock tracked' : ''}
                    </span>
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button variant="secondary" size="sm" onClick={() => setEditing({ kind: 'group', group })} icon={<Pencil aria-hidden="true" className="size-4" />} aria-label={`Edit option group ${group.name}`}>
                    Edit
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => setDeleting({ kind: 'group', id: group.id, name: group.name })} icon={<Trash2 aria-hidden="true" className="size-4" />} aria-label={`Delete option group ${group.name}`}>
                    Delete
                  </Button>
                </div>
              </div>
            )}
            <ul className="divide-y divide-line rounded-lg border border-line">
              {group.options.map((option) =>
                editing?.kind === 'option' && editing.option?.id === option.id ? (
                  <li key={option.id} className="p-2">
                    <OptionForm group={group} option={option} onDone={done} />
                  </li>
                ) : (
                  <li key={option.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                    <div className="min-w-0">
                      <span className="font-semibold">{option.name}</span> <span className="text-ink-muted">{optionLine(option, group.enable_inventory_tracking)}</span>
                      <span className="ml-1 inline-flex flex-wrap gap-1 align-middle">
                        {option.is_preselected ? <Badge tone="info">Preselected</Badge> : null}
                        {option.available ? null : <Badge tone="danger">Unavailable</Badge>}
                      </span>
                    </div>
                    <div className="flex gap-2">
                      <Button variant="secondary" size="sm" onClick={() => setEditing({ kind: 'option', group, option })} aria-label={`Edit option ${option.name}`}>
                        Edit
                      </Button>
                      <Button variant="ghost" size="sm" onClick={() => setDeleting({ kind: 'option', id: option.id, name: option.name })} aria-label={`Delete option ${option.name}`}>
                        Delete
                      </Button>
                    </div>
                  </li>
                ),
              )}
              {editing?.kind === 'option' && editing.group.id === group.id && editing.option === null ? (
                <li className="p-2">
                  <OptionForm group={group} option={null} onDone={done} />
                </li>
              ) : (
                <li className="px-3 py-2">
                  <Button variant="link" size="sm" onClick={() => setEditing({ kind: 'option', group, option: null })} icon={<Plus aria-hidden="true" className="size-4" />} aria-label={`Add option to ${group.name}`}>
                    Add option
                  </Button>
                </li>
              )}
            </ul>
          </li>
        ))}
      </ul>
      <ConfirmDeleteDialog
        target={deleting}
        what="option"
        description={deleting?.kind === 'group' ? 'Its options go with it.' : 'Customers can no longer choose it.'}
        remove={(target) => (target.kind === 'group' ? removeGroup.mutateAsync(target.id) : removeOption.mutateAsync(target.id))}
        deletedMessage={(target) => `${target.kind === 'group' ? 'Option group' : 'Option'} ${target.name} deleted.`}
        failedMessage="Could not delete it. Please try again."
        onClose={() => setDeleting(null)}
      >
        <p>Orders already placed keep their choices.</p>
      </ConfirmDeleteDialog>
    </section>
  );
}
