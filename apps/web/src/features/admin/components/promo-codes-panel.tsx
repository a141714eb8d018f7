import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Pencil, Plus, TicketPercent, TimerOff } from 'lucide-react';
import { codeSchema, PromotionMessages, type CodeStatus, type PromoCodeOutput } from '@kusina/domain/promotions';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Select } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage, showSaveError } from '../../../lib/errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useExpirePromoCode } from '../api/expire-promo-code.ts';
import { usePromoCodes } from '../api/get-promo-codes.ts';
import { useSavePromoCode } from '../api/save-promo-code.ts';
import { endOfGuamDay, guamDay } from './code-dates.ts';

export const STATUS_LABEL: Record<CodeStatus, string> = { active: 'Active', paused: 'Paused', expired: 'Expired', used_up: 'Used up' };
export const STATUS_TONE: Record<CodeStatus, BadgeTone> = { active: 'success', paused: 'neutral', expired: 'warning', used_up: 'info' };

export function describeDiscount(promo: Pick<PromoCodeOutput, 'discountType' | 'discountValue'>): string {
  return promo.discountType === 'percent' ? `${promo.discountValue}% off` : `$${(promo.discountValue / 100).toFixed(2)} off`;
}

/** "3 of 500 used · 497 left" or "3 used · no limit". */
export function usesText(code: { currentUses: number; maxUses: number | null; remainingUses: number | null }): string {
  return code.maxUses === null ? `${code.currentUses} used · no limit` : `${code.currentUses} of ${code.maxUses} used · ${code.remainingUses ?? 0} left`;
}

const PromoForm = z
  .object({
    code: z.string(),
    discountType: z.enum(['percent', 'amount']),
    value: z.string().trim().min(1, 'Enter the discount'),
    validUntil: z.string(),
    maxUses: z.string().trim().regex(/^\d*$/, 'Enter a whole number, or leave it empty for no limit'),
    active: z.boolean(),
  })
  .superRefine((v, ctx) => {
    const n = Number(v.value);
    if (v.discountType === 'percent' && (!Number.isInteger(n) || n < 1 || n > 100)) ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage is a whole number from 1 to 100.' });
    if (v.discountType === 'amount' && (!/^\d+(\.\d{1,2})?$/.test(v.value) || n <= 0)) ctx.addIssue({ code: 'custom', path: ['value'], message: 'Enter an amount in dollars, like 5 or 2.50.' });
    if (v.maxUses !== '' && Number(v.maxUses) < 1) ctx.addIssue({ code: 'custom', path: ['maxUses'], message: 'At least 1, or leave it empty for no limit' });
  });
type PromoFormValues = z.infer<typeof PromoForm>;

/**
 * Promo Codes (issue #37): create, edit, expire; each with its uses so far and left and where it
 * stands by the checkout's rules (storefront.md §5: found, unexpired, under its max uses).
 */
export function PromoCodesPanel() {
  const headingId = useId();
  const codes = usePromoCodes();
  const [editing, setEditing] = useState<PromoCodeOutput | 'new' | null>(null);
  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-2xl border border-line bg-surface-raised p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <h2 id={headingId} className="text-xl font-bold">
            Promo Codes
          </h2>
          <p className="text-sm text-ink-muted">
            Checkout takes a code while it is active, before its end and under its max uses; otherwise the customer sees “{PromotionMessages.invalidPromo}”.
          </p>
        </div>
        <Button icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => setEditing('new')}>
          New promo code
        </Button>
      </div>
      {codes.isPending ? (
        <div role="status" aria-label="Loading promo codes" className="space-y-2">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : codes.isError ? (
        <Alert tone="error">{errorMessage(codes.error, 'Could not load the promo codes.')}</Alert>
      ) : codes.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-8 text-center text-ink-muted">
          <TicketPercent aria-hidden="true" className="size-8" />
          <p>No promo codes yet.</p>
        </div>
      ) : (
        <ul className="divide-y divide-line rounded-xl border border-line">
          {codes.data.map((promo) => (
            <PromoRow key={promo.id} promo={promo} onEdit={() => setEditing(promo)} />
          ))}
        </ul>
      )}
      {editing ? <PromoDialog promo={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}

function PromoRow({ promo, onEdit }: { promo: PromoCodeOutput; onEdit(): void }) {
  const expire = useExpirePromoCode();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3 sm:p-4">
      <div className="min-w-0 flex-1 basis-56">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-mono font-bold break-all">{promo.code}</span>
          <Badge tone={STATUS_TONE[promo.status]}>{STATUS_LABEL[promo.status]}</Badge>
        </p>
        <p className="text-sm">
          {describeDiscount(promo)} · {usesText(promo)}
        </p>
        <p className="text-sm text-ink-muted">{promo.validUntil ? <>Ends <time dateTime={promo.validUntil}>{formatDateTime(promo.validUntil)}</time></> : 'No end date'}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" icon={<Pencil aria-hidden="true" className="size-4" />} onClick={onEdit} aria-label={`Edit ${promo.code}`}>
          Edit
        </Button>
        {promo.status !== 'expired' ? (
          <Button variant="secondary" size="sm" icon={<TimerOff aria-hidden="true" className="size-4" />} onClick={() => setConfirming(true)} aria-label={`Expire ${promo.code} now`}>
            Expire now
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Expire ${promo.code} now?`}
        message="Checkout refuses it from now on. It stays listed with its uses."
        confirmLabel="Expire now"
        destructive
        busy={expire.isPending}
        onConfirm={() =>
          expire.mutate(promo.code, {
            onSuccess: () => toast.success(`${promo.code} has expired.`),
            onError: (error) => toast.error(errorMessage(error, 'Could not expire the code.')),
            onSettled: () => setConfirming(false),
          })
        }
        onCancel={() => setConfirming(false)}
      />
    </li>
  );
}

function PromoDialog({ promo, onClose }: { promo: PromoCodeOutput | null; onClose(): void }) {
  const save = useSavePromoCode();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PromoFormValues>({
    resolver: zodResolver(PromoForm),
    defaultValues: promo
      ? {
          code: promo.code,
          discountType: promo.discountType,
          value: promo.discountType === 'percent' ? String(promo.discountValue) : (promo.discountValue / 100).toFixed(2),
          validUntil: promo.validUntil ? guamDay(promo.validUntil) : '',
          maxUses: promo.maxUses === null ? '' : String(promo.maxUses),
          active: promo.active,
        }
      : { code: '', discountType: 'percent', value: '', validUntil: '', maxUses: '', active: true },
  });
  const type = useWatch({ control, name: 'discountType' });

  const onSubmit = handleSubmit(async (values) => {
    const common = {
      discountType: values.discountType,
      discountValue: values.discountType === 'percent' ? Number(values.value) : Math.round(Number(values.value) * 100),
      validUntil: values.validUntil ? endOfGuamDay(values.validUntil) : null,
      maxUses: values.maxUses === '' ? null : Number(values.maxUses),
      active: values.active,
    };
    if (!promo) {
      const code = codeSchema.safeParse(values.code);
      if (!code.success) return setError('code', { message: code.error.issues[0]?.message ?? 'Enter a code' }, { shouldFocus: true });
    }
    try {
      const saved = await save.mutateAsync(promo ? { code: promo.code, body: common } : { code: null, body: { ...common, code: codeSchema.parse(values.code) } });
      toast.success(promo ? `${saved.code} saved.` : `${saved.code} created.`);
      onClose();
    } catch (error) {
      showSaveError(error, setError, ['code', 'maxUses'], 'Could not save the promo code. Please try again.');
      if (error instanceof ApiError && error.fields.discountValue) setError('value', { message: error.fields.discountValue });
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={promo ? `Edit ${promo.code}` : 'New promo code'}
      description={promo ? `Used ${promo.currentUses} times so far.` : 'Customers type the code at checkout.'}
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="promo-code-form" loading={isSubmitting}>
            {promo ? 'Save changes' : 'Create code'}
          </Button>
        </div>
      }
    >
      <form id="promo-code-form" noValidate onSubmit={onSubmit} className="space-y-4">
        {errors.root?.message ? <Alert tone="error">{errors.root.message}</Alert> : null}
        <TextField label="Code" required disabled={promo !== null} hint="Letters, digits, - and _; stored in capitals." error={errors.code?.message} {...register('code')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Discount type">
            {(control) => (
              <Select {...control} {...register('discountType')}>
                <option value="percent">Percent off</option>
                <option value="amount">Amount off ($)</option>
              </Select>
            )}
          </FormField>
          <TextField label={type === 'percent' ? 'Percent off' : 'Dollars off'} inputMode="decimal" required error={errors.value?.message} {...register('value')} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Valid until" type="date" hint="Works to the end of this day, Guam time. Empty: no end." error={errors.validUntil?.message} {...register('validUntil')} />
          <TextField label="Max uses" inputMode="numeric" hint={promo ? `Not below the ${promo.currentUses} uses made. Empty: no limit.` : 'Empty: no limit.'} error={errors.maxUses?.message} {...register('maxUses')} />
        </div>
        <CheckboxField label="Active (switch off to pause it)" {...register('active')} />
      </form>
    </Dialog>
  );
}
