import type { OrderStatus } from '@kusina/domain/orders';

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
