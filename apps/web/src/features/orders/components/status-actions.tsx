import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.ts';
import { allowedTransitions, etaProblem, paymentRefundable, type OrderDetailOutput, type RefundRestock } from '@kusina/domain/order-management';
import { formatUSD } from '@kusina/domain/money';
import type { OrderStatus } from '@kusina/domain/orders';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, type ButtonVariant } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useChangeOrderStatus } from '../api/change-order-status.ts';
import { getAdminOrderQueryOptions } from '../api/get-admin-order.ts';
import { formatGuamClock, fromGuamInputValue, toGuamInputValue } from '../utils/guam-time.ts';
import { useNow } from '../utils/use-now.ts';
import { statusLabel } from '../../../components/ui/order-status-badge.tsx';
import { TRANSITION_LABELS } from './transition-labels.ts';

/** Ready-in choices offered when the kitchen starts an order (minutes from now). */
export const PREP_CHOICES = [10, 15, 20, 30, 45] as const;

const VARIANTS: Partial<Record<OrderStatus, ButtonVariant>> = { cancelled: 'danger', confirmed: 'secondary' };

type Panel = 'preparing' | 'cancelled' | null;

/**
 * The next steps of an order: one button per status the pipeline allows from here (canTransition).
 * Starting to prepare asks for the ETA (sent to the customer with the "preparing" message);
 * cancelling asks to confirm, with an optional reason. The server checks the move again.
 */
export function StatusActions({ order }: { order: OrderDetailOutput }) {
  const change = useChangeOrderStatus();
  const queryClient = useQueryClient();
  const [panel, setPanel] = useState<Panel>(null);
  const [error, setError] = useState<string | null>(null);
  const next = allowedTransitions(order.status);

  const move = (status: OrderStatus, extra: { estimated_pickup_time?: string; reason?: string; restock?: RefundRestock } = {}) => {
    setError(null);
    change.mutate(
      { orderId: order.id, status, ...extra },
      {
        onSuccess: (updated, variables) => {
          setPanel(null);
          // A cancellation refunds what was left: say how much the server actually gave back.
          const refunded = variables.status === 'cancelled' ? updated.refunded_cents - order.refunded_cents : 0;
          toast.success(`Order ${updated.order_number} is ${statusLabel(updated.status).toLowerCase()}.${refunded > 0 ? ` ${formatUSD(refunded)} refunded to the customer.` : ''}`);
        },
        onError: (failure) => {
          const message = errorMessage(failure, 'Could not change the status. Please try again.');
          const stale = failure instanceof ApiError && failure.code === 'ILLEGAL_TRANSITION';
          // Someone else moved it first: show the order as it is now.
          if (stale) void queryClient.invalidateQueries({ queryKey: getAdminOrderQueryOptions(order.id).queryKey });
          setError(stale ? `${message} It was changed on another screen; it has been refreshed.` : message);
        },
      },
    );
  };

  if (next.length === 0) {
    return (
      <div className="space-y-3">
        {error ? <Alert tone="error">{error}</Alert> : null}
        <p className="text-sm text-ink-muted">This order is {order.status}: its status can no longer change.</p>
      </div>
    );
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2" role="group" aria-label="Change status">
        {next.map((status) => {
          const opensPanel = status === 'preparing' || status === 'cancelled';
          return (
            <Button
              key={status}
              variant={VARIANTS[status] ?? 'primary'}
              loading={change.isPending && change.variables?.status === status && !opensPanel}
              disabled={change.isPending}
              aria-expanded={opensPanel ? panel === status : undefined}
              onClick={() => (opensPanel ? setPanel(panel === status ? null : (status as Panel)) : move(status))}
            >
              {TRANSITION_LABELS[status]}
            </Button>
          );
        })}
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {panel === 'preparing' ? <StartPreparingPanel order={order} pending={change.isPending} onConfirm={(eta) => move('preparing', { estimated_pickup_time: eta })} onCancel={() => setPanel(null)} /> : null}
      {panel === 'cancelled' ? (
        <CancelPanel order={order} pending={change.isPending} onConfirm={(extra) => move('cancelled', extra)} onCancel={() => setPanel(null)} />
      ) : null}
    </div>
  );
}

function StartPreparingPanel({ order, pending, onConfirm, onCancel }: { order: OrderDetailOutput; pending: boolean; onConfirm(eta: string): void; onCancel(): void }) {
  const headingId = useId();
  const now = useNow(15_000);
  const [openedAt] = useState(now);
  const currentInFuture = new Date(order.estimated_pickup_time).getTime() > openedAt;
  const [choice, setChoice] = useState<number | 'current' | 'exact'>(currentInFuture ? 'current' : 15);
  const [exact, setExact] = useState(() => toGuamInputValue(new Date(openedAt + 15 * 60_000)));
  const [error, setError] = useState<string | null>(null);

  // "15 min" means from the moment the button is pressed; the label follows the ticking clock.
  const eta = (at: number): string | null => {
    if (choice === 'current') return order.estimated_pickup_time;
    if (choice === 'exact') return fromGuamInputValue(exact);
    return new Date(at + choice * 60_000).toISOString();
  };
  const preview = eta(now);

  const submit = () => {
    const value = eta(Date.now());
    if (!value) return setError('Choose a date and time.');
    const problem = etaProblem(new Date(value), new Date());
    if (problem) return setError(problem);
    onConfirm(value);
  };

  const chip = (selected: boolean) =>
    cn('inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold md:min-h-9', selected ? 'border-brand bg-brand text-on-brand' : 'border-line-strong bg-surface hover:bg-surface-muted');

  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-xl border border-brand bg-brand-soft/40 p-4">
      <h3 id={headingId} className="font-bold">
        When will it be ready?
      </h3>
      <p className="text-sm text-ink-muted">The customer gets this pickup time by text and e-mail when you start preparing.</p>
      <div className="flex flex-wrap gap-2" role="group" aria-label="Ready in">
        {currentInFuture ? (
          <button type="button" aria-pressed={choice === 'current'} className={chip(choice === 'current')} onClick={() => setChoice('current')}>
            Keep {formatGuamClock(order.estimated_pickup_time)}
          </button>
        ) : null}
        {PREP_CHOICES.map((minutes) => (
          <button key={minutes} type="button" aria-pressed={choice === minutes} className={chip(choice === minutes)} onClick={() => setChoice(minutes)}>
            {minutes} min
          </button>
        ))}
        <button type="button" aria-pressed={choice === 'exact'} className={chip(choice === 'exact')} onClick={() => setChoice('exact')}>
          Exact time
        </button>
      </div>
      {choice === 'exact' ? (
        <FormField label="Ready at (Guam)">
          {(control) => <Input {...control} type="datetime-local" value={exact} onChange={(event) => setExact(event.target.value)} />}
        </FormField>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button onClick={submit} loading={pending}>
          Start preparing{preview ? ` · ready ${formatGuamClock(preview)}` : ''}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Not yet
        </Button>
      </div>
    </section>
  );
}

/**
 * What cancelling gives back, from the detail's figures: what is left of a captured payment. The
 * server decides again under the order's lock (a refund made meanwhile lowers it); this is the text.
 */
export function cancellationRefundCents(order: OrderDetailOutput): number {
  return paymentRefundable(order.payment?.status) ? Math.max(0, order.refundable_cents) : 0;
}

function CancelPanel({
  order,
  pending,
  onConfirm,
  onCancel,
}: {
  order: OrderDetailOutput;
  pending: boolean;
  onConfirm(extra: { reason?: string; restock?: RefundRestock }): void;
  onCancel(): void;
}) {
  const headingId = useId();
  const [reason, setReason] = useState('');
  const [restock, setRestock] = useState<RefundRestock>('return');
  const refundCents = cancellationRefundCents(order);
  // The items still held by the order go back (or are written off) with the cancellation's refund.
  const refundsUnits = paymentRefundable(order.payment?.status) && order.lines.some((line) => line.refundable_quantity > 0);
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-xl border border-danger-line bg-danger-soft/40 p-4">
      <h3 id={headingId} className="font-bold">
        Cancel this order?
      </h3>
      <p className="text-sm" data-testid="cancel-refund-note">
        {refundCents > 0
          ? `The customer will be refunded ${formatUSD(refundCents)} through ${order.payment?.processor ?? 'the payment processor'} and told by text and e-mail.`
          : order.refunded_cents > 0
            ? 'Everything paid has already been refunded: nothing more goes back. The customer is told by text and e-mail.'
            : 'Nothing was paid, so nothing is refunded. The customer is told by text and e-mail.'}
      </p>
      {refundsUnits ? (
        <fieldset className="space-y-1">
          <legend className="mb-1 text-sm font-semibold">Items not yet refunded</legend>
          <label className="flex min-h-11 items-center gap-3 text-sm">
            <input type="radio" name="cancel-restock" checked={restock === 'return'} onChange={() => setRestock('return')} className="size-5 accent-brand" />
            Return to inventory
          </label>
          <label className="flex min-h-11 items-center gap-3 text-sm">
            <input type="radio" name="cancel-restock" checked={restock === 'damaged'} onChange={() => setRestock('damaged')} className="size-5 accent-brand" />
            Mark damaged (not sellable)
          </label>
        </fieldset>
      ) : null}
      <FormField label="Reason (optional)">
        {(control) => <Textarea {...control} rows={2} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="danger"
          onClick={() => onConfirm({ ...(reason.trim() ? { reason: reason.trim() } : {}), ...(refundsUnits && restock !== 'return' ? { restock } : {}) })}
          loading={pending}
        >
          {refundCents > 0 ? `Yes, cancel and refund ${formatUSD(refundCents)}` : 'Yes, cancel order'}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Keep order
        </Button>
      </div>
    </section>
  );
}
