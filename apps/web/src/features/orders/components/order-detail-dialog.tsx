import { useCallback, useState, type ReactNode } from 'react';
import { Check, ChefHat, ReceiptText, Undo2 } from 'lucide-react';
import { toast } from '../../../lib/toast.ts';
import { canChangeEta, canRefund, type OrderDetailOutput } from '@kusina/domain/order-management';
import { formatUSD } from '@kusina/domain/money';
import { formatPhone, phoneHref } from '@kusina/domain/phone-rules';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { useAcknowledgeOrder } from '../api/acknowledge-order.ts';
import { useAdminOrder } from '../api/get-admin-order.ts';
import { formatGuamDateTime } from '../utils/guam-time.ts';
import { EtaSetter } from './eta-setter.tsx';
import { RefundDialog } from './refund-dialog.tsx';
import { StatusActions } from './status-actions.tsx';
import { statusLabel, OrderStatusBadge } from '../../../components/ui/order-status-badge.tsx';
import { TicketPrinter, type TicketKind } from './order-ticket.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-sm font-bold tracking-wide text-ink-muted uppercase">{title}</h3>
      {children}
    </section>
  );
}

function actorText(actor: { name: string; role: string } | null): string {
  return actor ? `${actor.name} (${actor.role.replace('_', ' ')})` : 'Customer checkout';
}

/**
 * One order, for the counter: next steps, ETA, items with their choices and notes, merchandise,
 * contact, payment, status and ETA history (who, when), refunds, and printing. Opened from the board
 * (?order= in the URL); closes back to it.
 */
export function OrderDetailDialog({ orderId, admin, pollMs, onClose }: { orderId: number; admin: boolean; pollMs: number | false; onClose(): void }) {
  const order = useAdminOrder(orderId, { pollMs });
  const title = order.data ? `Order ${order.data.order_number}` : 'Order';
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={title} size="lg">
      {order.isPending ? (
        <div role="status" className="space-y-3" aria-label="Loading the order">
          <Skeleton className="h-8 w-1/2" />
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      ) : order.isError && !order.data ? (
        <Alert tone="error">{errorMessage(order.error, 'The order could not be loaded.')}</Alert>
      ) : (
        <OrderDetail order={order.data} admin={admin} />
      )}
    </Dialog>
  );
}

function OrderDetail({ order, admin }: { order: OrderDetailOutput; admin: boolean }) {
  const acknowledge = useAcknowledgeOrder();
  const [printing, setPrinting] = useState<TicketKind | null>(null);
  const [refunding, setRefunding] = useState(false);
  const donePrinting = useCallback(() => setPrinting(null), []);
  const food = order.lines.filter((line) => line.item_type === 'food');
  const merchandise = order.lines.filter((line) => line.item_type === 'merchandise');
  const refundable = admin && canRefund(order.status) && order.refundable_cents > 0;

  return (
    <div className="space-y-6" data-testid="order-detail">
      <div className="flex flex-wrap items-center gap-2">
        <OrderStatusBadge status={order.status} className="text-sm" />
        {order.is_staff_order ? <Badge tone="info">Staff order{order.staff_member_name ? `: ${order.staff_member_name}` : ''}</Badge> : <Badge>Online order</Badge>}
        {order.requires_advance_notice ? <Badge tone="warning">Advance notice{order.max_advance_notice_hours ? ` (${order.max_advance_notice_hours} h)` : ''}</Badge> : null}
        {order.refund_status !== 'none' ? <Badge tone="danger">{order.refund_status === 'full' ? 'Fully refunded' : 'Partly refunded'}</Badge> : null}
        <span className="text-sm text-ink-muted">Placed {formatGuamDateTime(order.created_at)}</span>
      </div>

      {order.acknowledged_at === null ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-warning-line bg-warning-soft px-4 py-3 text-warning-ink">
          <p className="font-semibold">New order: nobody has acknowledged it yet.</p>
          <Button
            size="sm"
            loading={acknowledge.isPending}
            icon={<Check aria-hidden="true" className="size-4" />}
            onClick={() => acknowledge.mutate(order.id, { onError: (error) => toast.error(errorMessage(error, 'Could not acknowledge the order. Please try again.')) })}
          >
            Acknowledge
          </Button>
        </div>
      ) : (
        <p className="text-sm text-ink-muted">
          Acknowledged {formatGuamDateTime(order.acknowledged_at)}
          {order.acknowledged_by ? ` by ${actorText(order.acknowledged_by)}` : ''}
        </p>
      )}

      <Section title="Status">
        <StatusActions order={order} />
      </Section>

      {canChangeEta(order.status) ? (
        <EtaSetter key={order.estimated_pickup_time} order={order} />
      ) : (
        <p>
          <span className="font-semibold">Pickup time:</span> {formatGuamDateTime(order.estimated_pickup_time)}
        </p>
      )}
      {order.requested_pickup_time ? (
        <p className="text-sm" data-testid="requested-pickup">
          <span className="font-semibold">Customer chose pickup at:</span> {formatGuamDateTime(order.requested_pickup_time)}
        </p>
      ) : null}

      <div className="flex flex-wrap gap-2" role="group" aria-label="Print and refund">
        <Button variant="secondary" onClick={() => setPrinting('kitchen')} icon={<ChefHat aria-hidden="true" className="size-4" />}>
          Print kitchen ticket
        </Button>
        <Button variant="secondary" onClick={() => setPrinting('receipt')} icon={<ReceiptText aria-hidden="true" className="size-4" />}>
          Print customer receipt
        </Button>
        {refundable ? (
          <Button variant="secondary" onClick={() => setRefunding(true)} icon={<Undo2 aria-hidden="true" className="size-4" />}>
            Refund
          </Button>
        ) : null}
      </div>

      <Section title="Items">
        <ul className="divide-y divide-line rounded-xl border border-line">
          {[...food, ...merchandise].map((line) => (
            <li key={line.id} className="space-y-1 p-3">
              <div className="flex justify-between gap-3">
                <p className="font-semibold">
                  <span className="tabular-nums">{line.quantity}×</span> {line.name}
                  {line.item_type === 'merchandise' ? (
                    <Badge tone="info" className="ml-2">
                      Merchandise
                    </Badge>
                  ) : null}
                </p>
                <p className="shrink-0 tabular-nums">{formatUSD(line.line_total_cents)}</p>
              </div>
              {Object.entries(line.customizations).map(([group, choices]) => (
                <p key={group} className="text-sm text-ink-muted">
                  {group}: {choices.join(', ')}
                </p>
              ))}
              {line.size ? <p className="text-sm text-ink-muted">Size: {line.size}</p> : null}
              {line.color ? <p className="text-sm text-ink-muted">Color: {line.color}</p> : null}
              {line.notes ? <p className="text-sm font-semibold text-warning-ink">Notes: {line.notes}</p> : null}
              {line.refunded_quantity > 0 ? <p className="text-sm text-danger-ink">{line.refunded_quantity} refunded</p> : null}
            </li>
          ))}
        </ul>
        {order.special_instructions ? (
          <Alert tone="warning" title="Special instructions" live={false}>
            {order.special_instructions}
          </Alert>
        ) : null}
        <dl className="space-y-1 text-sm">
          <div className="flex justify-between">
            <dt>Subtotal</dt>
            <dd className="tabular-nums">{formatUSD(order.subtotal_cents)}</dd>
          </div>
          {order.discount_cents > 0 ? (
            <div className="flex justify-between">
              <dt>Discount{order.promo_code ? ` (${order.promo_code})` : ''}</dt>
              <dd className="tabular-nums">−{formatUSD(order.discount_cents)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between text-base font-bold">
            <dt>Total</dt>
            <dd className="tabular-nums">{formatUSD(order.total_cents)}</dd>
          </div>
          {order.refunded_cents > 0 ? (
            <div className="flex justify-between text-danger-ink">
              <dt>Refunded</dt>
              <dd className="tabular-nums">−{formatUSD(order.refunded_cents)}</dd>
            </div>
          ) : null}
        </dl>
      </Section>

      <div className="grid gap-6 sm:grid-cols-2">
        <Section title="Contact">
          <p className="font-semibold">{order.contact_name}</p>
          {order.contact_phone ? (
            <p>
              <a href={phoneHref(order.contact_phone)} className="text-brand-ink underline-offset-4 hover:underline">
                {formatPhone(order.contact_phone)}
              </a>
            </p>
          ) : null}
          {order.contact_email ? (
            <p className="break-all">
              <a href={`mailto:${order.contact_email}`} className="text-brand-ink underline-offset-4 hover:underline">
                {order.contact_email}
              </a>
            </p>
          ) : null}
          {order.user ? <p className="text-sm text-ink-muted">Signed-in account: {order.user.name}</p> : <p className="text-sm text-ink-muted">Guest checkout</p>}
          {order.location_name ? <p className="text-sm">Pickup at {order.location_name}</p> : null}
        </Section>

        <Section title="Payment">
          {order.payment ? (
            <dl className="space-y-1 text-sm">
              <div className="flex justify-between gap-2">
                <dt>Processor</dt>
                <dd className="font-semibold">{order.payment.processor}</dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt>Method</dt>
                <dd>{order.payment.payment_method.replace('_', ' ')}</dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt>Status</dt>
                <dd data-testid="payment-status">{order.payment.status.replace('_', ' ')}</dd>
              </div>
              {order.payment.transaction_id ? (
                <div className="flex justify-between gap-2">
                  <dt>Transaction</dt>
                  <dd className="break-all">{order.payment.transaction_id}</dd>
                </div>
              ) : null}
              {order.payment.payment_intent_id ? (
                <div className="flex justify-between gap-2">
                  <dt>Payment intent</dt>
                  <dd className="break-all">{order.payment.payment_intent_id}</dd>
                </div>
              ) : null}
              {order.payment.payment_date ? (
                <div className="flex justify-between gap-2">
                  <dt>Paid</dt>
                  <dd>{formatGuamDateTime(order.payment.payment_date)}</dd>
                </div>
              ) : null}
              {order.payment.notes ? (
                <div className="flex justify-between gap-2">
                  <dt>Notes</dt>
                  <dd className="text-ink-muted">{order.payment.notes}</dd>
                </div>
              ) : null}
            </dl>
          ) : (
            <p className="text-sm text-ink-muted">No payment recorded.</p>
          )}
        </Section>
      </div>

      <Section title="History">
        <ol className="space-y-2 border-l-2 border-line pl-4" data-testid="status-history">
          {order.status_history.map((entry) => (
            <li key={`s-${entry.id}`} className="text-sm">
              <p>
                <span className="font-semibold">{entry.from_status ? `${statusLabel(entry.from_status)} → ${statusLabel(entry.to_status)}` : `Placed (${statusLabel(entry.to_status)})`}</span>{' '}
                <span className="text-ink-muted">
                  · {actorText(entry.actor)} · {formatGuamDateTime(entry.created_at)}
                </span>
              </p>
              {entry.reason ? <p className="text-ink-muted">Reason: {entry.reason}</p> : null}
            </li>
          ))}
          {order.eta_history.map((entry) => (
            <li key={`e-${entry.id}`} className="text-sm">
              <span className="font-semibold">Pickup time {formatGuamDateTime(entry.previous_time)} → {formatGuamDateTime(entry.new_time)}</span>{' '}
              <span className="text-ink-muted">
                · {actorText(entry.actor)} · {formatGuamDateTime(entry.created_at)}
                {entry.notified ? ' · customer notified' : ''}
              </span>
            </li>
          ))}
        </ol>
      </Section>

      {order.refunds.length > 0 ? (
        <Section title="Refunds">
          <ul className="space-y-2">
            {order.refunds.map((refund) => (
              <li key={refund.id} className="rounded-lg border border-line p-3 text-sm">
                <p className="font-semibold">
                  {formatUSD(refund.amount_cents)} {refund.full ? '(full)' : ''} · {refund.restock === 'return' ? 'returned to stock' : 'marked damaged'}
                </p>
                <p className="text-ink-muted">
                  {actorText(refund.actor)} · {formatGuamDateTime(refund.created_at)} · {refund.processor}
                  {refund.processor_refund_id ? ` · ${refund.processor_refund_id}` : ''}
                </p>
                <p>Reason: {refund.reason}</p>
                {refund.lines.length > 0 ? <p className="text-ink-muted">{refund.lines.map((line) => `${line.quantity}× ${line.name}`).join(', ')}</p> : null}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      {refundable || refunding ? <RefundDialog order={order} open={refunding} onOpenChange={setRefunding} /> : null}
      {printing ? <TicketPrinter order={order} kind={printing} onDone={donePrinting} /> : null}
    </div>
  );
}
