import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Ban, Crown, KeyRound } from 'lucide-react';
import { codeSchema, VIP_MAX_BATCH, type VipCodeOutput } from '@kusina/domain/promotions';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Select } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorMessage, showSaveError } from '../../../lib/errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useVipCodeUses } from '../api/get-vip-code-uses.ts';
import { useVipCodes } from '../api/get-vip-codes.ts';
import { useIssueVipCodes } from '../api/issue-vip-codes.ts';
import { useRevokeVipCode } from '../api/revoke-vip-code.ts';
import { endOfGuamDay } from './code-dates.ts';
import { STATUS_LABEL, STATUS_TONE, usesText } from './promo-codes-panel.tsx';

const VipForm = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(100, 'Name is too long'),
    kind: z.enum(['single', 'multi', 'unlimited']),
    maxUses: z.string().trim(),
    quantity: z.string().trim(),
    code: z.string().trim(),
    expiresOn: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'multi' && !(/^\d+$/.test(v.maxUses) && Number(v.maxUses) >= 2)) ctx.addIssue({ code: 'custom', path: ['maxUses'], message: 'Enter how many uses, 2 or more' });
    if (v.code === '' && !(/^\d+$/.test(v.quantity) && Number(v.quantity) >= 1 && Number(v.quantity) <= VIP_MAX_BATCH)) {
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: `Issue 1 to ${VIP_MAX_BATCH} codes` });
    }
    if (v.code !== '') {
      const code = codeSchema.safeParse(v.code);
      if (!code.success) ctx.addIssue({ code: 'custom', path: ['code'], message: code.error.issues[0]?.message ?? 'Invalid code' });
    }
  });
type VipFormValues = z.infer<typeof VipForm>;

/**
 * VIP Access Codes (issue #37): issue single-use, multi-use or unlimited codes (one of your own
 * or a batch of random ones), see which were used and by which orders, revoke. A single-use code
 * is held to one use by the database, however many checkouts race for it.
 */
export function VipCodesPanel() {
  const headingId = useId();
  const codes = useVipCodes();
  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-2xl border border-line bg-surface-raised p-4 shadow-sm sm:p-6">
      <div>
        <h2 id={headingId} className="text-xl font-bold">
          VIP Access Codes
        </h2>
        <p className="text-sm text-ink-muted">For a VIP-only restaurant, checkout needs one of these codes. Each order counts one use.</p>
      </div>
      <IssueForm />
      {codes.isPending ? (
        <div role="status" aria-label="Loading VIP codes" className="space-y-2">
          <Skeleton className="h-16 w-full" />
        </div>
      ) : codes.isError ? (
        <Alert tone="error">{errorMessage(codes.error, 'Could not load the VIP codes.')}</Alert>
      ) : codes.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-8 text-center text-ink-muted">
          <Crown aria-hidden="true" className="size-8" />
          <p>No VIP codes yet.</p>
        </div>
      ) : (
        <ul className="divide-y divide-line rounded-xl border border-line">
          {codes.data.map((code) => (
            <VipRow key={code.id} code={code} />
          ))}
        </ul>
      )}
    </section>
  );
}

function IssueForm() {
  const issue = useIssueVipCodes();
  const [issued, setIssued] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<VipFormValues>({ resolver: zodResolver(VipForm), defaultValues: { name: '', kind: 'single', maxUses: '', quantity: '1', code: '', expiresOn: '' } });
  const kind = useWatch({ control, name: 'kind' });
  const ownCode = useWatch({ control, name: 'code' }) !== '';

  const onSubmit = handleSubmit(async (values) => {
    try {
      const codes = await issue.mutateAsync({
        name: values.name,
        maxUses: values.kind === 'single' ? 1 : values.kind === 'multi' ? Number(values.maxUses) : null,
        ...(values.code ? { code: codeSchema.parse(values.code) } : { quantity: Number(values.quantity) }),
        expiresAt: values.expiresOn ? endOfGuamDay(values.expiresOn) : null,
      });
      setIssued(codes.map((c) => c.code));
      toast.success(codes.length === 1 ? `VIP code ${codes[0]!.code} issued.` : `${codes.length} VIP codes issued.`);
      reset({ name: '', kind: values.kind, maxUses: values.maxUses, quantity: '1', code: '', expiresOn: '' });
    } catch (error) {
      showSaveError(error, setError, ['name', 'code', 'quantity', 'maxUses'], 'Could not issue the codes. Please try again.');
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4 rounded-xl border border-line p-3 sm:p-4" aria-label="Issue VIP codes">
      {errors.root?.message ? <Alert tone="error">{errors.root.message}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="For (name)" required hint="Who or what the codes are for, e.g. Opening night guests." error={errors.name?.message} {...register('name')} />
        <FormField label="Uses per code">
          {(control) => (
            <Select {...control} {...register('kind')}>
              <option value="single">Single use</option>
              <option value="multi">Several uses</option>
              <option value="unlimited">Unlimited</option>
            </Select>
          )}
        </FormField>
        {kind === 'multi' ? <TextField label="Uses" inputMode="numeric" required error={errors.maxUses?.message} {...register('maxUses')} /> : null}
        <TextField label="Your own code" hint="Optional. Empty: random codes are made." error={errors.code?.message} {...register('code')} />
        {ownCode ? null : <TextField label="How many codes" inputMode="numeric" required error={errors.quantity?.message} {...register('quantity')} />}
        <TextField label="Expires after" type="date" hint="Works to the end of this day, Guam time. Empty: never." {...register('expiresOn')} />
      </div>
      <Button type="submit" loading={isSubmitting} icon={<KeyRound aria-hidden="true" className="size-4" />}>
        Issue codes
      </Button>
      {issued.length > 0 ? (
        <Alert tone="success" title="Issued">
          <span className="font-mono break-all">{issued.join(', ')}</span>
        </Alert>
      ) : null}
    </form>
  );
}

function VipRow({ code }: { code: VipCodeOutput }) {
  const revoke = useRevokeVipCode();
  const [confirming, setConfirming] = useState(false);
  const [showUses, setShowUses] = useState(false);
  const usesId = useId();
  return (
    <li className="space-y-2 p-3 sm:p-4">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1 basis-56">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-mono font-bold break-all">{code.code}</span>
            <Badge tone={code.revokedAt ? 'danger' : STATUS_TONE[code.status]}>{code.revokedAt ? 'Revoked' : STATUS_LABEL[code.status]}</Badge>
            {code.maxUses === 1 ? <Badge>Single use</Badge> : null}
          </p>
          <p className="text-sm break-words">
            {code.name || 'VIP code'} · {usesText(code)}
          </p>
          <p className="text-sm text-ink-muted">{code.expiresAt ? <>Expires <time dateTime={code.expiresAt}>{formatDateTime(code.expiresAt)}</time></> : 'Never expires'}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {code.currentUses > 0 ? (
            <Button variant="secondary" size="sm" aria-expanded={showUses} aria-controls={usesId} onClick={() => setShowUses((v) => !v)} aria-label={`${showUses ? 'Hide' : 'Show'} the orders placed with ${code.code}`}>
              {showUses ? 'Hide uses' : 'Show uses'}
            </Button>
          ) : null}
          {code.revokedAt ? null : (
            <Button variant="danger" size="sm" icon={<Ban aria-hidden="true" className="size-4" />} onClick={() => setConfirming(true)} aria-label={`Revoke ${code.code}`}>
              Revoke
            </Button>
          )}
        </div>
      </div>
      {showUses ? <VipUses id={usesId} codeId={code.id} /> : null}
      <ConfirmDialog
        open={confirming}
        title={`Revoke ${code.code}?`}
        message="Checkout refuses it from now on. Orders already placed with it stay."
        confirmLabel="Revoke"
        destructive
        busy={revoke.isPending}
        onConfirm={() =>
          revoke.mutate(code.id, {
            onSuccess: () => toast.success(`${code.code} revoked.`),
            onError: (error) => toast.error(errorMessage(error, 'Could not revoke the code.')),
            onSettled: () => setConfirming(false),
          })
        }
        onCancel={() => setConfirming(false)}
      />
    </li>
  );
}

function VipUses({ id, codeId }: { id: string; codeId: number }) {
  const uses = useVipCodeUses(codeId, true);
  return (
    <div id={id} className="rounded-lg bg-surface-muted p-3 text-sm">
      {uses.isPending ? (
        <p role="status">Loading the orders…</p>
      ) : uses.isError ? (
        <p>{errorMessage(uses.error, 'Could not load the orders.')}</p>
      ) : uses.data.length === 0 ? (
        <p>No orders on record for this code.</p>
      ) : (
        <ul className="space-y-1">
          {uses.data.map((use) => (
            <li key={use.order_id} className="break-words">
              Order {use.order_number} · {use.contact_name} · <time dateTime={use.placed_at}>{formatDateTime(use.placed_at)}</time>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
