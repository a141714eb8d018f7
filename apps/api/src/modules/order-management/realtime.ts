import { centsToDollars } from '@kusina/domain/money';
import {
  OrderEvents,
  refundStatus,
  type ActorOutput,
  type OrderDetailOutput,
  type OrdersAcknowledgedEvent,
  type OrderUpdatedEvent,
} from '@kusina/domain/order-management';
import type { OrderStatus } from '@kusina/domain/orders';
import { rooms } from '../../realtime/socket.ts';
import type { ConfirmationTimeline } from '../orders/service.ts';
import type { OrderRow, PaymentRow } from './repository.ts';
import type { ServiceDeps } from '../../deps.ts';

/** The customer's timeline from the staff detail (read after commit): statuses and times, never who. */
export function timelineOf(detail: OrderDetailOutput): ConfirmationTimeline {
  return { status_history: detail.status_history.map((h) => ({ status: h.to_status, at: h.created_at })), eta_updated_at: detail.eta_updated_at };
}

export function orderUpdatedPayload(
  order: OrderRow,
  change: OrderUpdatedEvent['change'],
  previousStatus: OrderStatus | null,
  paymentStatus: PaymentRow['status'] | null,
  timeline: ConfirmationTimeline,
): OrderUpdatedEvent {
  return {
    id: order.id,
    restaurant_id: order.restaurantId,
    order_number: order.orderNumber,
    change,
    status: order.status,
    previous_status: previousStatus,
    estimated_pickup_time: order.estimatedPickupTime.toISOString(),
    refunded_total: centsToDollars(order.refundedCents),
    refunded_cents: order.refundedCents,
    refund_status: refundStatus(order.totalCents, order.refundedCents),
    payment_status: paymentStatus,
    updated_at: order.updatedAt.toISOString(),
    status_history: timeline.status_history,
    eta_updated_at: timeline.eta_updated_at,
  };
}

/**
 * 'order_updated' to the staff room, the order's room (the confirmation page) and the owner's user
 * room (their order history), in one emit so a socket in several of them hears it once. After commit.
 */
export function emitOrderUpdated(deps: ServiceDeps, order: OrderRow, payload: OrderUpdatedEvent): void {
  const targets = [rooms.staff(order.restaurantId), rooms.order(order.id)];
  if (order.userId !== null) targets.push(rooms.user(order.userId));
  deps.realtime.io.to(targets).emit(OrderEvents.updated, payload);
}

export function emitOrdersAcknowledged(
  deps: ServiceDeps,
  input: { restaurantId: number; ids: number[]; at: Date; by: ActorOutput; unacknowledgedCount: number },
): void {
  if (input.ids.length === 0) return;
  const payload: OrdersAcknowledgedEvent = {
    restaurant_id: input.restaurantId,
    ids: input.ids,
    acknowledged_at: input.at.toISOString(),
    acknowledged_by: input.by,
    unacknowledged_count: input.unacknowledgedCount,
  };
  deps.realtime.emit(rooms.staff(input.restaurantId), OrderEvents.acknowledged, payload);
}
