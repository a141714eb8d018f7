import { Check } from 'lucide-react';
import type { OrderStatus } from '@kusina/domain/orders';
import { cn } from '../../../lib/cn.ts';
import { ConfirmationText } from '../messages.ts';
import { formatGuamDateTime } from '../utils/dates.ts';
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

function headline(status: string, eta: string): string {
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
      return ConfirmationText.eta;
  }
}

/**
 * The order's status as it changes (useLiveOrder keeps it current): a headline, the pickup time once
 * staff have started preparing ('ETA will be sent once staff begin preparing' until then) and the
 * steps from received to picked up. The headline is a polite live region, so each step is announced.
 */
export function LiveOrderStatus({ status, estimatedPickupTime }: { status: string | undefined; estimatedPickupTime: string | null | undefined }) {
  const current = status ?? 'pending';
  const eta = ETA_GIVEN.has(current) ? formatGuamDateTime(estimatedPickupTime) : '';
  const stopped = current === 'cancelled' || current === 'refunded';
  const reached = STEPS.findIndex((step) => step.status === current);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-center gap-2">
        <span className="text-sm text-ink-muted">Status</span>
        <OrderStatusBadge status={current} />
      </div>
      <p role="status" aria-live="polite" className="font-semibold" data-testid="live-order-status">
        {headline(current, eta)}
      </p>
      {!stopped ? (
        <ol aria-label="Order progress" className="mx-auto flex max-w-xl items-start justify-between gap-1 text-xs sm:text-sm">
          {STEPS.map((step, index) => {
            const done = index <= reached;
            const here = index === reached;
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
              </li>
            );
          })}
        </ol>
      ) : null}
    </div>
  );
}
