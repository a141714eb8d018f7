import { useId, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { OrderManagementMessages, refundAmountCents, type OrderDetailOutput, type RefundRestock } from '@kusina/domain/order-management';
import { formatUSD } from '@kusina/domain/money';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { useRefundOrder } from '../api/refund-order.ts';

type Mode = 'full' | 'lines';

const PROCESSOR_NAMES: Record<string, string> = { test: 'the test processor', stripe: 'Stripe', paypal: 'PayPal' };

/** The amount a refund returns, by the server's own rule (refundAmountCents in the shared contract). */
export function previewRefundCents(order: OrderDetailOutput, mode: Mode, quantities: ReadonlyMap<number, number>): number {
  return refundAmountCents(
    {
      total_cents: order.total_cents,
      subtotal_cents: order.subtotal_cents,
      refunded_cents: order.refunded_cents,
      lines: order.lines.map((line) => ({ id: line.id, unit_price_cents: line.unit_price_cents, quantity: line.quantity, refunded_quantity: line.refunded_quantity })),
    },
    mode === 'full' ? 'full' : quantities,
  );
}

/**
 * Refund a whole order or some of its units (admins). The amount shown is the server's rule applied
 * to the order's own lines; the server computes it again inside the refund's transaction, refunds
 * through the order's processor and never returns more than was paid. Stock goes back to
 * inventory or is counted as damaged. A confirmation step comes before any money moves.
 */
export function RefundDialog({ order, open, onOpenChange }: { order: OrderDetailOutput; open: boolean; onOpenChange(open: boolean): void }) {
  const refund = useRefundOrder();
  const formId = useId();
  const [mode, setMode] = useState<Mode>('full');
  const [quantities, setQuantities] = useState<Map<number, number>>(new Map());
  const [restock, setRestock] = useState<RefundRestock>('return');
  const [reason, setReason] = useState('');
  const [step, setStep] = useState<'edit' | 'confirm'>('edit');
  const [errors, setErrors] = useState<{ reason?: string; lines?: string; form?: string }>({});
  const refundable = order.lines.filter((line) => line.refundable_quantity > 0);
  const amount = previewRefundCents(order, mode, quantities);
  const processor = PROCESSOR_NAMES[order.payment?.processor ?? ''] ?? 'the payment processor';

  const close = (next: boolean) => {
    if (!next) {
      setStep('edit');
      setErrors({});
    }
    onOpenChange(next);
  };

  const review = () => {
    const found: typeof errors = {};
    if (!reason.trim()) found.reason = OrderManagementMessages.reasonRequired;
    if (mode === 'lines' && ![...quantities.values()].some((quantity) => quantity > 0)) found.lines = OrderManagementMessages.refundLinesRequired;
    setErrors(found);
    if (Object.keys(found).length === 0) setStep('confirm');
  };

  const submit = () => {
    const lines = [...quantities.entries()].filter(([, quantity]) => quantity > 0).map(([order_item_id, quantity]) => ({ order_item_id, quantity }));
    refund.mutate(
      { orderId: order.id, full: mode === 'full', lines: mode === 'full' ? undefined : lines, restock, reason: reason.trim() },
      {
        onSuccess: (result) => {
          toast.success(`Refunded ${formatUSD(result.refund.amount_cents)} for order ${result.order.order_number}.`);
          setQuantities(new Map());
          setReason('');
          setMode('full');
          close(false);
        },
        onError: (failure) => {
          setStep('edit');
          setErrors({ form: errorMessage(failure, 'The refund failed. Nothing was refunded; please try again.') });
        },
      },
    );
  };

  const setQuantity = (lineId: number, value: number, max: number) => {
    const next = new Map(quantities);
    next.set(lineId, Math.max(0, Math.min(max, Number.isFinite(value) ? Math.trunc(value) : 0)));
    setQuantities(next);
  };

  const footer =
    step === 'edit' ? (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="font-semibold">
          Refund amount: <span data-testid="refund-amount">{formatUSD(amount)}</span>
        </p>
        <Button type="submit" form={formId}>
          Review refund
        </Button>
      </div>
    ) : (
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={() => setStep('edit')} disabled={refund.isPending}>
          Back
        </Button>
        <Button variant="danger" onClick={submit} loading={refund.isPending}>
          Confirm refund of {formatUSD(amount)}
        </Button>
      </div>
    );

  return (
    <Dialog open={open} onOpenChange={close} title={`Refund order ${order.order_number}`} description={`Paid ${formatUSD(order.total_cents)} · refunded so far ${formatUSD(order.refunded_cents)} · refundable ${formatUSD(order.refundable_cents)}`} footer={footer}>
      {step === 'confirm' ? (
        <div className="space-y-3" data-testid="refund-confirmation">
          <Alert tone="warning" title={`Refund ${formatUSD(amount)} through ${processor}?`} live={false}>
            {mode === 'full' ? 'Everything not yet refunded goes back to the customer.' : 'The selected items go back to the customer.'} Stock:{' '}
            {restock === 'return' ? 'returned to inventory' : 'marked damaged'}. This cannot be undone.
          </Alert>
          <p>
            Reason: <span className="font-semibold">{reason.trim()}</span>
          </p>
          <p className="text-sm text-ink-muted">Refundable after this refund: {formatUSD(Math.max(0, order.refundable_cents - amount))}</p>
        </div>
      ) : (
        <form
          id={formId}
          noValidate
          className="space-y-5"
          onSubmit={(event) => {
            event.preventDefault();
            review();
          }}
        >
          {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
          <fieldset className="space-y-2">
            <legend className="mb-1 text-sm font-semibold">What to refund</legend>
            <label className="flex min-h-11 items-center gap-3">
              <input type="radio" name="refund-mode" checked={mode === 'full'} onChange={() => setMode('full')} className="size-5 accent-brand" />
              Full refund ({formatUSD(order.refundable_cents)})
            </label>
            <label className="flex min-h-11 items-center gap-3">
              <input type="radio" name="refund-mode" checked={mode === 'lines'} onChange={() => setMode('lines')} className="size-5 accent-brand" />
              Some items
            </label>
          </fieldset>

          {mode === 'lines' ? (
            <fieldset className="space-y-3" aria-describedby={errors.lines ? `${formId}-lines-error` : undefined}>
              <legend className="text-sm font-semibold">Quantity to refund</legend>
              {refundable.length === 0 ? <p className="text-sm text-ink-muted">Every item has already been refunded.</p> : null}
              {refundable.map((line) => (
                <div key={line.id} className="flex items-center justify-between gap-3 rounded-lg border border-line p-3">
                  <div className="min-w-0">
                    <p className="font-semibold">{line.name}</p>
                    <p className="text-sm text-ink-muted">
                      {formatUSD(line.unit_price_cents)} each · {line.refundable_quantity} of {line.quantity} refundable
                      {line.size || line.color ? ` · ${[line.size, line.color].filter(Boolean).join(' / ')}` : ''}
                    </p>
                  </div>
                  <FormField label={<span className="sr-only">Quantity of {line.name} to refund</span>} className="w-24 shrink-0">
                    {(control) => (
                      <Input
                        {...control}
                        type="number"
                        inputMode="numeric"
                        min={0}
                        max={line.refundable_quantity}
                        value={quantities.get(line.id) ?? 0}
                        onChange={(event) => setQuantity(line.id, event.target.valueAsNumber, line.refundable_quantity)}
                      />
                    )}
                  </FormField>
                </div>
              ))}
              {errors.lines ? (
                <p id={`${formId}-lines-error`} role="alert" className="text-sm font-medium text-danger-ink">
                  {errors.lines}
                </p>
              ) : null}
            </fieldset>
          ) : null}

          <fieldset className="space-y-2">
            <legend className="mb-1 text-sm font-semibold">Stock</legend>
            <label className="flex min-h-11 items-center gap-3">
              <input type="radio" name="refund-restock" checked={restock === 'return'} onChange={() => setRestock('return')} className="size-5 accent-brand" />
              Return to inventory
            </label>
            <label className="flex min-h-11 items-center gap-3">
              <input type="radio" name="refund-restock" checked={restock === 'damaged'} onChange={() => setRestock('damaged')} className="size-5 accent-brand" />
              Mark damaged (not sellable)
            </label>
          </fieldset>

          <FormField label="Reason" required error={errors.reason}>
            {(control) => <Textarea {...control} rows={2} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />}
          </FormField>

          <dl className="space-y-1 rounded-lg bg-surface-muted p-3 text-sm">
            <div className="flex justify-between">
              <dt>Refund amount</dt>
              <dd className="font-semibold tabular-nums">{formatUSD(amount)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Refundable now</dt>
              <dd className="tabular-nums" data-testid="refundable-remainder">
                {formatUSD(order.refundable_cents)}
              </dd>
            </div>
          </dl>
        </form>
      )}
    </Dialog>
  );
}
