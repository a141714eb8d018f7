import { Check } from 'lucide-react';
import type { OrderStatus, OrderStatusStep } from '@kusina/domain/orders';
import { cn } from '../../../lib/cn.ts';
import { ConfirmationText } from '../messages.ts';
import { formatGuamDate, formatGuamDateTime, formatGuamTime, pickupAtText } from '../utils/dates.ts';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge.tsx';

const STEPS: Array<{ status: OrderStatus; label: string }> = [
  { status: 'pending', label: 'Received' },
  { status: 'confirmed', label: 'Confirmed' },
  { status: 'preparing', label: 'Preparing' },
  { status: 'ready', label: 'Ready for pickup' },
  { status: 'completed', label: 'Picked up' },
];

/** Statuses after which the kitchen has given a pickup time (the preparing message carries it). */
const ETA_GIVEN: ReadonlySet<string> = new Set(['preparing', 'ready', 'completed']);

/** Statuses whose page shows the pickup time once it has been given (not after the pickup or an end). */
const ETA_SHOWN: ReadonlySet<string> = new Set(['pending', 'confirmed', 'preparing', 'ready']);

function headline(status: string, eta: string, scheduled: string): string {
  switch (status) {
    case 'preparing':
      return eta ? `We are preparing your order. Estimated pickup: ${eta}` : 'We are preparing your order.';
    case 'ready':
      return 'Your order is ready for pickup!';
    case 'completed':
      return 'Your order has been picked up. Enjoy!';
    case 'cancelled':
      return 'This order has been cancelled.';
    case 'refunded':
      return 'This order has been refunded.';
    default:
      if (eta) return `Your order has been received. Estimated pickup: ${eta}`;
      // A pickup time the customer chose: that time, not a promise of an ETA later.
      return scheduled ? `Your order is scheduled. ${scheduled}` : ConfirmationText.eta;
  }
}

/** When the order last reached `status` (the history is oldest first), or null. */
function reachedAt(history: readonly OrderStatusStep[], status: string): string | null {
  for (let index = history.length - 1; index >= 0; index--) if (history[index]?.status === status) return history[index]?.at ?? null;
  return null;
}

/** "7:10 PM" on the day the order was placed (Guam), "Mar 6, 2026, 7:10 PM" on another day. */
function stepTime(at: string, placedAt: string | null): string {
  return placedAt && formatGuamDate(at) === formatGuamDate(placedAt) ? formatGuamTime(at) : `${formatGuamDate(at)}, ${formatGuamTime(at)}`;
}

/**
 * The order's status as it changes (useLiveOrder keeps it current): a headline, the pickup time once
 * it has been given ('ETA will be sent once staff begin preparing' until then) and the steps from
 * received to picked up with the time each was reached (Pacific/Guam). The pickup time counts as
 * given when staff set it (etaUpdatedAt) or started preparing (the "preparing" message carries it).
 * The headline is a polite live region, so each step is announced.
 */
export function LiveOrderStatus({
  status,
  estimatedPickupTime,
  statusHistory,
  etaUpdatedAt,
  requestedPickupTime,
}: {
  status: string | undefined;
  /** The pickup time the customer chose (issue #23); null or absent: as soon as possible. */
  requestedPickupTime?: string | null | undefined;
  estimatedPickupTime: string | null | undefined;
  statusHistory?: readonly OrderStatusStep[] | undefined;
  etaUpdatedAt?: string | null | undefined;
}) {
  const current = status ?? 'pending';
  const history = statusHistory ?? [];
  const etaGiven = ETA_SHOWN.has(current) && (Boolean(etaUpdatedAt) || ETA_GIVEN.has(current));
  const eta = etaGiven ? formatGuamDateTime(estimatedPickupTime) : '';
  const stopped = current === 'cancelled' || current === 'refunded';
  const stoppedAt = stopped ? reachedAt(history, current) : null;
  const reached = STEPS.findIndex((step) => step.status === current);
  const placedAt = history[0]?.at ?? null;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-center gap-2">
        <span className="text-sm text-ink-muted">Status</span>
        <OrderStatusBadge status={current} />
      </div>
      <p role="status" aria-live="polite" className="font-semibold" data-testid="live-order-status">
        {headline(current, eta, requestedPickupTime && ETA_SHOWN.has(current) ? pickupAtText(requestedPickupTime) : '')}
      </p>
      {eta && etaUpdatedAt ? (
        <p className="text-sm text-ink-muted" data-testid="eta-updated">
          Pickup time set at <time dateTime={etaUpdatedAt}>{stepTime(etaUpdatedAt, placedAt)}</time>
        </p>
      ) : null}
      {stoppedAt ? (
        <p className="text-sm text-ink-muted" data-testid="stopped-at">
          {current === 'cancelled' ? 'Cancelled' : 'Refunded'} on <time dateTime={stoppedAt}>{formatGuamDateTime(stoppedAt)}</time>
        </p>
      ) : null}
      {!stopped ? (
        <ol aria-label="Order progress" className="mx-auto flex max-w-xl items-start justify-between gap-1 text-xs sm:text-sm">
          {STEPS.map((step, index) => {
            const done = index <= reached;
            const here = index === reached;
            const at = done ? reachedAt(history, step.status) : null;
            return (
              <li key={step.status} aria-current={here ? 'step' : undefined} className="flex flex-1 flex-col items-center gap-1 text-center">
                <span
                  aria-hidden="true"
                  className={cn(
                    'flex size-7 items-center justify-center rounded-full border-2',
                    done ? 'border-success-line bg-success-soft text-success-ink' : 'border-line-strong text-ink-muted',
                    here && 'ring-2 ring-success-line ring-offset-2 ring-offset-surface-muted',
                  )}
                >
                  {done ? <Check className="size-4" /> : index + 1}
                </span>
                <span className={done ? 'font-semibold' : 'text-ink-muted'}>
                  {step.label}
                  <span className="sr-only">{here ? ' (current step)' : done ? ' (done)' : ''}</span>
                </span>
                {at ? (
                  <time dateTime={at} className="text-ink-muted tabular-nums" data-testid={`step-time-${step.status}`}>
                    {stepTime(at, placedAt)}
                  </time>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : null}
    </div>
  );
}
