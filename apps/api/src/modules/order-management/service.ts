import { eq, sql } from 'drizzle-orm';
import {
  allowedTransitions,
  canChangeEta,
  canTransition,
  etaLockedMessage,
  etaProblem,
  formatPickupTime,
  illegalTransitionMessage,
  orderCancelledText,
  orderEtaChangedText,
  orderPreparingText,
  orderReadyText,
  OrderManagementMessages,
  type AcknowledgeAllInput,
  type AcknowledgeOutput,
  type OrderDetailOutput,
  type OrderEtaInput,
  type OrderListOutput,
  type OrderListQuery,
  type OrderStatusChangeInput,
  type RefundInput,
  type UnacknowledgedCountOutput,
} from '@kusina/domain/order-management';
import type { OrderStatus } from '@kusina/domain/orders';
import { orderEtaEvents, orders, orderStatusEvents } from '../../db/schema/index.ts';
import { transaction, type TransactionContext } from '../../db/transaction.ts';
import { AppError } from '../../lib/errors.ts';
import { assertRestaurantAccess, type SessionUser, scopeRestaurant } from '../../lib/access.ts';
import { invalidateMenuCache } from '../menu/service.ts';
import { enqueueNotifications, type NotificationContext, type NotificationMessage } from '../notifications/service.ts';
import { emitOrdersAcknowledged, emitOrderUpdated, orderUpdatedPayload, timelineOf } from './realtime.ts';
import { markPaymentRefunded, planCancellationRefund, recordRefund, runRefund, type RefundPlan } from './refunds.ts';
import * as repo from './repository.ts';
import type { ServiceDeps } from '../../deps.ts';
/** The order, or 404; 403 when it belongs to a restaurant the user does not work for. */
async function orderForStaff(deps: ServiceDeps, user: SessionUser, id: number, level: 'staff' | 'admin' = 'staff'): Promise<repo.OrderRow> {
  const order = await repo.findOrder(deps.db, id);
  if (!order) throw AppError.notFound(OrderManagementMessages.orderNotFound);
  assertRestaurantAccess(user, order.restaurantId, level);
  return order;
}

export async function listOrders(deps: ServiceDeps, user: SessionUser, query: OrderListQuery): Promise<OrderListOutput> {
  const restaurantId = scopeRestaurant(user, query.restaurant_id);
  const [page, unacknowledged] = await Promise.all([repo.listBoard(deps.db, restaurantId, query), repo.unacknowledgedCount(deps.db, restaurantId)]);
  return {
    orders: page.entries,
    total_count: page.totalCount,
    page: query.page,
    per_page: query.per_page,
    total_pages: Math.ceil(page.totalCount / query.per_page),
    unacknowledged_count: unacknowledged.count,
    status_counts: page.statusCounts,
    locations: page.locations,
  };
}

export async function countUnacknowledged(deps: ServiceDeps, user: SessionUser, requested: number | undefined): Promise<UnacknowledgedCountOutput> {
  const restaurantId = scopeRestaurant(user, requested);
  const { count, latestOrderId } = await repo.unacknowledgedCount(deps.db, restaurantId);
  return { restaurant_id: restaurantId, count, latest_order_id: latestOrderId };
}

export async function getOrderDetail(deps: ServiceDeps, user: SessionUser, id: number): Promise<OrderDetailOutput> {
  return repo.loadDetail(deps.db, await orderForStaff(deps, user, id));
}

async function acknowledge(
  deps: ServiceDeps,
  user: SessionUser,
  restaurantId: number,
  filter: { orderId?: number; upToId?: number },
): Promise<AcknowledgeOutput> {
  const at = new Date();
  const ids = await repo.acknowledgeOrders(deps.db, { restaurantId, ...filter, userId: user.id, at });
  const { count } = await repo.unacknowledgedCount(deps.db, restaurantId);
  if (ids.length > 0) {
    const by = (await repo.actorById(deps.db, user.id)) ?? { id: user.id, name: `${user.firstName} ${user.lastName}`, role: user.role };
    emitOrdersAcknowledged(deps, { restaurantId, ids, at, by, unacknowledgedCount: count });
  }
  return { restaurant_id: restaurantId, acknowledged_ids: ids, acknowledged_at: at.toISOString(), unacknowledged_count: count };
}

export async function acknowledgeOrder(deps: ServiceDeps, user: SessionUser, id: number): Promise<AcknowledgeOutput> {
  const order = await orderForStaff(deps, user, id);
  return acknowledge(deps, user, order.restaurantId, { orderId: order.id });
}

export async function acknowledgeAll(deps: ServiceDeps, user: SessionUser, input: AcknowledgeAllInput): Promise<AcknowledgeOutput> {
  const restaurantId = scopeRestaurant(user, input.restaurant_id);
  return acknowledge(deps, user, restaurantId, input.up_to_id === undefined ? {} : { upToId: input.up_to_id });
}

/** The customer's text and e-mail, same words (the spec leaves them to us). */
function customerMessages(order: repo.OrderRow, template: string, subject: string, text: string): NotificationMessage[] {
  return [
    { restaurantId: order.restaurantId, userId: order.userId, channel: 'sms', recipient: order.contactPhone, body: text, template },
    {
      restaurantId: order.restaurantId,
      userId: order.userId,
      channel: 'email',
      recipient: order.contactEmail,
      subject,
      body: `Hafa adai ${order.contactName},\n\n${text}`,
      template,
    },
  ];
}

function parseEta(value: string, field: string, now: Date): Date {
  const eta = new Date(value);
  const problem = Number.isNaN(eta.getTime()) ? OrderManagementMessages.etaInPast : etaProblem(eta, now);
  if (problem) throw AppError.validation(problem, { [field]: problem });
  return eta;
}

function etaFromInput(input: OrderEtaInput, now: Date): Date {
  if (input.minutes_from_now !== undefined) return new Date(now.getTime() + input.minutes_from_now * 60_000);
  return parseEta(input.estimated_pickup_time ?? '', 'estimated_pickup_time', now);
}

interface StatusChanged {
  updated: repo.OrderRow;
  from: OrderStatus;
  wasUnacknowledged: boolean;
  paymentStatus: repo.PaymentRow['status'] | null;
  menuChanged: boolean;
}

/**
 * PATCH /admin/orders/:id/status. Under the order's row lock: the transition must be legal from
 * the status the row has now (so two screens racing cannot skip a step), the event records who and
 * when, entering preparing (with the ETA), ready or cancelled queues the customer's text and e-mail
 * in the same transaction, and a status change acknowledges the order. Emits after commit.
 *
 * Cancelling gives the money back: when the payment still holds any, what is left is refunded
 * through the order's processor as part of the cancellation (runRefund: the same plan → processor
 * → record ordering and failures as a refund; staff may do it, decision 0017). The processor
 * refusing (402) or unreachable (503) leaves the order as it was. The order ends cancelled (not
 * refunded) with one status event, the payment refunded and the refund recorded with its reason.
 */
export async function changeStatus(deps: ServiceDeps, user: SessionUser, id: number, input: OrderStatusChangeInput): Promise<OrderDetailOutput> {
  if (input.status === 'refunded') {
    throw AppError.validation(OrderManagementMessages.refundedOnlyByRefund, { status: OrderManagementMessages.refundedOnlyByRefund });
  }
  const cancelling = input.status === 'cancelled';
  if (input.restock !== undefined && !cancelling) {
    throw AppError.validation(OrderManagementMessages.restockOnlyOnCancel, { restock: OrderManagementMessages.restockOnlyOnCancel });
  }
  const now = new Date();
  const eta = input.estimated_pickup_time === undefined ? null : parseEta(input.estimated_pickup_time, 'estimated_pickup_time', now);
  if (eta && !canChangeEta(input.status)) {
    const message = etaLockedMessage(input.status);
    throw AppError.validation(message, { estimated_pickup_time: message });
  }
  const reason = input.reason ? input.reason : null;
  const refundInput: RefundInput = {
    full: true,
    restock: input.restock ?? 'return',
    reason: reason ?? OrderManagementMessages.cancellationRefundReason,
  };

  // Set by lock() and read by write(): both run in the same transaction (again, in the same order,
  // when runRefund records a processor's refund after a failed commit).
  let locked: { order: repo.OrderRow; restaurantName: string } | null = null;
  const lock = async ({ tx }: TransactionContext) => {
    locked = await repo.lockOrder(tx, id);
    if (!locked) throw AppError.notFound(OrderManagementMessages.orderNotFound);
    assertRestaurantAccess(user, locked.order.restaurantId);
    const from: OrderStatus = locked.order.status;
    if (!canTransition(from, input.status)) {
      throw new AppError('ILLEGAL_TRANSITION', 409, illegalTransitionMessage(from, input.status), {
        from,
        to: input.status,
        allowed: allowedTransitions(from),
      });
    }
    return locked;
  };

  const write = async ({ tx, client }: TransactionContext, refund: RefundPlan | null, processorRefundId: string | null): Promise<StatusChanged> => {
    const { order, restaurantName } = locked!;
    const from = order.status;
    const recorded = refund ? await recordRefund(tx, user, refund, processorRefundId, refundInput, now) : null;
    const wasUnacknowledged = order.acknowledgedAt === null;
    const etaChanged = eta !== null && eta.getTime() !== order.estimatedPickupTime.getTime();
    const [updated] = await tx
      .update(orders)
      .set({
        status: input.status,
        // The CHECK (refunded_cents ≤ total_cents) makes "more than was paid" impossible.
        ...(refund ? { refundedCents: sql`${orders.refundedCents} + ${refund.amountCents}` } : {}),
        ...(etaChanged ? { estimatedPickupTime: eta } : {}),
        ...(wasUnacknowledged ? { acknowledgedAt: now, acknowledgedBy: user.id } : {}),
      })
      .where(eq(orders.id, order.id))
      .returning();
    if (!updated) throw new Error('order vanished under its lock');
    await tx.insert(orderStatusEvents).values({ orderId: order.id, fromStatus: from, toStatus: input.status, actorUserId: user.id, reason, createdAt: now });
    if (refund) await markPaymentRefunded(tx, refund.payment);
    if (etaChanged) {
      await tx.insert(orderEtaEvents).values({
        orderId: order.id,
        previousTime: order.estimatedPickupTime,
        newTime: eta,
        actorUserId: user.id,
        notified: input.status === 'preparing',
        createdAt: now,
      });
    }
    const ctx: NotificationContext = { tx, client, boss: deps.boss };
    if (input.status === 'preparing') {
      const text = orderPreparingText({ restaurantName, orderNumber: updated.orderNumber, pickupTime: formatPickupTime(updated.estimatedPickupTime, now) });
      await enqueueNotifications(ctx, customerMessages(updated, 'order_preparing', `Your ${restaurantName} order ${updated.orderNumber} is being prepared`, text));
    } else if (input.status === 'ready') {
      const text = orderReadyText({ restaurantName, orderNumber: updated.orderNumber });
      await enqueueNotifications(ctx, customerMessages(updated, 'order_ready', `Your ${restaurantName} order ${updated.orderNumber} is ready`, text));
    } else if (input.status === 'cancelled') {
      const text = orderCancelledText({ restaurantName, orderNumber: updated.orderNumber, refundedCents: refund?.amountCents ?? 0 });
      await enqueueNotifications(ctx, customerMessages(updated, 'order_cancelled', `Your ${restaurantName} order ${updated.orderNumber} has been cancelled`, text));
    }
    const paymentStatus = refund ? 'refunded' : ((await repo.paymentOf(tx, order.id))?.status ?? null);
    return { updated, from, wasUnacknowledged, paymentStatus, menuChanged: recorded?.menuChanged ?? false };
  };

  const result = cancelling
    ? await runRefund(deps, id, {
        plan: async (ctx) => planCancellationRefund(ctx.tx, (await lock(ctx)).order, refundInput),
        write,
      })
    : await transaction(deps.pool, async (ctx) => {
        await lock(ctx);
        return write(ctx, null, null);
      });

  if (result.menuChanged) invalidateMenuCache(deps, result.updated.restaurantId);
  const detail = await repo.loadDetail(deps.db, result.updated);
  emitOrderUpdated(deps, result.updated, orderUpdatedPayload(result.updated, 'status', result.from, result.paymentStatus, timelineOf(detail)));
  if (result.wasUnacknowledged) {
    const { count } = await repo.unacknowledgedCount(deps.db, result.updated.restaurantId);
    const by = (await repo.actorById(deps.db, user.id)) ?? { id: user.id, name: `${user.firstName} ${user.lastName}`, role: user.role };
    emitOrdersAcknowledged(deps, { restaurantId: result.updated.restaurantId, ids: [result.updated.id], at: now, by, unacknowledgedCount: count });
  }
  return detail;
}

/**
 * PATCH /admin/orders/:id/eta: in the future, at most MAX_ETA_DAYS ahead, only until the order is
 * ready. Recorded with who and when; the customer is told at once when the kitchen is already
 * preparing (before that, the ETA goes out with the "preparing" message).
 */
export async function setEta(deps: ServiceDeps, user: SessionUser, id: number, input: OrderEtaInput): Promise<OrderDetailOutput> {
  const now = new Date();
  const eta = etaFromInput(input, now);
  const result = await transaction(deps.pool, async ({ tx, client }) => {
    const locked = await repo.lockOrder(tx, id);
    if (!locked) throw AppError.notFound(OrderManagementMessages.orderNotFound);
    const { order, restaurantName } = locked;
    assertRestaurantAccess(user, order.restaurantId);
    if (!canChangeEta(order.status)) throw AppError.conflict(etaLockedMessage(order.status));
    if (eta.getTime() === order.estimatedPickupTime.getTime()) return { updated: order, changed: false, paymentStatus: null };
    const notify = order.status === 'preparing';
    const [updated] = await tx.update(orders).set({ estimatedPickupTime: eta }).where(eq(orders.id, order.id)).returning();
    if (!updated) throw new Error('order vanished under its lock');
    await tx.insert(orderEtaEvents).values({ orderId: order.id, previousTime: order.estimatedPickupTime, newTime: eta, actorUserId: user.id, notified: notify, createdAt: now });
    if (notify) {
      const text = orderEtaChangedText({ restaurantName, orderNumber: updated.orderNumber, pickupTime: formatPickupTime(eta, now) });
      await enqueueNotifications(
        { tx, client, boss: deps.boss },
        customerMessages(updated, 'order_eta_changed', `New pickup time for your ${restaurantName} order ${updated.orderNumber}`, text),
      );
    }
    const payment = await repo.paymentOf(tx, order.id);
    return { updated, changed: true, paymentStatus: payment?.status ?? null };
  });
  const detail = await repo.loadDetail(deps.db, result.updated);
  if (result.changed) emitOrderUpdated(deps, result.updated, orderUpdatedPayload(result.updated, 'eta', null, result.paymentStatus, timelineOf(detail)));
  return detail;
}
