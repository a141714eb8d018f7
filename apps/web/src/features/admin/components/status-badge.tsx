import type { OrderStatus } from '@kusina/domain/orders';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';

/*
 * The counter's words and colours for each status. The storefront has its own badge for customers;
 * features do not share internals (CONVENTIONS.md §3), and the counter's labels differ anyway.
 */
const TONES: Record<OrderStatus, BadgeTone> = {
  pending: 'warning',
  confirmed: 'info',
  preparing: 'brand',
  ready: 'success',
  completed: 'neutral',
  cancelled: 'danger',
  refunded: 'neutral',
};

export function statusLabel(status: OrderStatus): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** The button that moves an order to `status`, in the counter's words. */
export const TRANSITION_LABELS: Record<OrderStatus, string> = {
  pending: 'Back to pending',
  confirmed: 'Confirm',
  preparing: 'Start preparing',
  ready: 'Mark ready',
  completed: 'Picked up',
  cancelled: 'Cancel order',
  refunded: 'Refund',
};

export function StatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  return (
    <Badge tone={TONES[status] ?? 'warning'} data-status={status} className={className}>
      {statusLabel(status)}
    </Badge>
  );
}
