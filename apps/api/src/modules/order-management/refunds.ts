import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { variantLabel } from '@kusina/domain/merchandise';
import {
  canRefund,
  OrderManagementMessages,
  paymentRefundable,
  refundAmountCents,
  refundQuantityMessage,
  type RefundInput,
  type RefundOutput,
} from '@kusina/domain/order-management';
import type { OrderStatus } from '@kusina/domain/orders';
import type { Database } from '../../db/client.ts';
import {
  menuItems,
  merchandiseItems,
  merchandiseStockEvents,
  merchandiseVariants,
  optionGroups,
  options,
  orderItems,
  orders,
  orderStatusEvents,
  payments,
  refundLines,
  refunds,
} from '../../db/schema/index.ts';
import { transaction, type TransactionContext } from '../../db/transaction.ts';
import { AppError } from '../../lib/errors.ts';
import { assertRestaurantAccess } from '../../lib/access.ts';
import type { SessionUser } from '../../lib/access.ts';
import { invalidateMenuCache } from '../menu/service.ts';
import { notAvailable, PaymentDeclinedError, processorFor } from '../payments/service.ts';
import { processorRef } from '../payments/service.ts';
import { emitOrderUpdated, orderUpdatedPayload, timelineOf } from './realtime.ts';
import * as repo from './repository.ts';
import type { ServiceDeps } from '../../deps.ts';

interface PlannedLine {
  item: repo.OrderItemRow;
  quantity: number;
  amountCents: number;
}

/** What a refund will do, decided under the order's lock from the order's own rows. */
export interface RefundPlan {
  order: repo.OrderRow;
  payment: repo.PaymentRow;
  full: boolean;
  lines: PlannedLine[];
  amountCents: number;
  /** Every unit of the order is refunded after this one: the order and payment become refunded. */
  completes: boolean;
}

function refundFailed(message: string): AppError {
  return new AppError('REFUND_FAILED', 402, `Refund failed: ${message}`);
}

/** Shares a refund's amount over its lines by their value; the rounding remainder goes to the last. */
function splitAmount(amountCents: number, lines: { item: repo.OrderItemRow; quantity: number }[]): PlannedLine[] {
  const gross = lines.map((l) => l.item.unitPriceCents * l.quantity);
  const totalGross = gross.reduce((a, b) => a + b, 0);
  let given = 0;
  return lines.map((line, index) => {
    const last = index === lines.length - 1;
    const share = last ? amountCents - given : totalGross === 0 ? 0 : Math.floor((amountCents * (gross[index] ?? 0)) / totalGross);
    given += share;
    return { ...line, amountCents: share };
  });
}

/** POST …/refunds: admins only, any status but refunded, a refundable payment, at least one unit. */
async function planRefund(tx: Database, user: SessionUser, orderId: number, input: RefundInput): Promise<RefundPlan> {
  const locked = await repo.lockOrder(tx, orderId);
  if (!locked) throw AppError.notFound(OrderManagementMessages.orderNotFound);
  const { order } = locked;
  assertRestaurantAccess(user, order.restaurantId, 'admin');
  if (!canRefund(order.status)) throw AppError.conflict(OrderManagementMessages.alreadyFullyRefunded);
  const payment = await repo.paymentOf(tx, order.id, true);
  // 'refunded' too: a processor's webhook may already say so after a partial refund.
  if (!payment || !paymentRefundable(payment.status)) throw AppError.conflict(OrderManagementMessages.noCapturedPayment);
  const plan = await planFromRows(tx, order, payment, input);
  if (plan.lines.length === 0) throw AppError.conflict(OrderManagementMessages.refundNothingLeft);
  return plan;
}

/**
 * A cancellation's refund (PATCH …/status to cancelled, staff included): everything not yet
 * refunded, decided under the order's lock that the caller holds. Null when the order has no
 * refundable payment or nothing left to give back: the order is then only cancelled.
 */
export async function planCancellationRefund(tx: Database, order: repo.OrderRow, input: RefundInput): Promise<RefundPlan | null> {
  const payment = await repo.paymentOf(tx, order.id, true);
  if (!payment || !paymentRefundable(payment.status)) return null;
  const plan = await planFromRows(tx, order, payment, { ...input, full: true });
  return plan.lines.length === 0 && plan.amountCents === 0 ? null : plan;
}

/** The plan from the order's rows (order and payment locked by the caller); no lines when nothing is left. */
async function planFromRows(tx: Database, order: repo.OrderRow, payment: repo.PaymentRow, input: RefundInput): Promise<RefundPlan> {
  const lines = await repo.linesOf(tx, order.id);
  const selection = new Map<number, number>();
  if (input.full) {
    for (const line of lines) if (line.quantity > line.refundedQuantity) selection.set(line.id, line.quantity - line.refundedQuantity);
  } else {
    (input.lines ?? []).forEach((wanted, index) => {
      const line = lines.find((l) => l.id === wanted.order_item_id);
      if (!line) {
        throw AppError.validation(OrderManagementMessages.refundLineUnknown, { [`lines.${index}.order_item_id`]: OrderManagementMessages.refundLineUnknown });
      }
      const refundable = line.quantity - line.refundedQuantity;
      if (wanted.quantity > refundable) {
        const message = refundQuantityMessage(line.name, refundable);
        throw AppError.conflict(message, { fields: { [`lines.${index}.quantity`]: message }, refundable_quantity: refundable });
      }
      selection.set(line.id, wanted.quantity);
    });
  }
  if (selection.size === 0) return { order, payment, full: input.full, lines: [], amountCents: 0, completes: false };

  const amountCents = refundAmountCents(
    {
      total_cents: order.totalCents,
      subtotal_cents: order.subtotalCents,
      refunded_cents: order.refundedCents,
      lines: lines.map((l) => ({ id: l.id, unit_price_cents: l.unitPriceCents, quantity: l.quantity, refunded_quantity: l.refundedQuantity })),
    },
    input.full ? 'full' : selection,
  );
  // By construction never true; the CHECK on orders.refunded_cents is the last word.
  if (order.refundedCents + amountCents > order.totalCents || amountCents > payment.amountCents) {
    throw AppError.conflict(OrderManagementMessages.refundExceedsPaid);
  }
  const chosen = lines.filter((l) => selection.has(l.id)).map((item) => ({ item, quantity: selection.get(item.id) ?? 0 }));
  return {
    order,
    payment,
    full: input.full,
    lines: splitAmount(amountCents, chosen),
    amountCents,
    completes: lines.every((l) => l.refundedQuantity + (selection.get(l.id) ?? 0) === l.quantity),
  };
}

/**
 * The processor gives the money back. The key names this refund by the payment, what was refunded
 * before and the amount: a retry of the same refund (after a failed commit) gets the same answer
 * from Stripe or PayPal, while a later partial refund of the same amount is a new one.
 */
async function refundAtProcessor(deps: ServiceDeps, plan: RefundPlan): Promise<string | null> {
  if (plan.amountCents === 0) return null;
  const { payment } = plan;
  try {
    const { refundId } = await processorFor(deps.config, payment.processor).refund({
      ...processorRef(payment),
      amountCents: plan.amountCents,
      idempotencyKey: `kusina-refund-${payment.id}-${plan.order.refundedCents}-${plan.amountCents}`,
    });
    return refundId;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof PaymentDeclinedError) throw refundFailed(error.message);
    deps.log.error({ err: error, payment_id: payment.id, order_id: plan.order.id }, 'refund: payment processor unavailable');
    throw notAvailable();
  }
}

/** Puts refunded units back in stock ('return') or counts them as damaged stock ('damaged'). Returns the order lines whose stock changed. */
async function restock(tx: Database, user: SessionUser, plan: RefundPlan, input: RefundInput): Promise<{ restocked: Set<number>; menuChanged: boolean }> {
  const damaged = input.restock === 'damaged';
  const restocked = new Set<number>();
  const change = (column: typeof menuItems.stockQuantity | typeof options.stockQuantity | typeof merchandiseVariants.stockQuantity, q: number) =>
    sql`${column} + ${q}`;

  // Menu items, then options, then variants, each in id order: the order checkout locks them in.
  const food = plan.lines.filter((l) => l.item.itemType === 'food' && l.item.menuItemId !== null);
  const itemUnits = new Map<number, number>();
  for (const l of food) itemUnits.set(l.item.menuItemId!, (itemUnits.get(l.item.menuItemId!) ?? 0) + l.quantity);
  let menuChanged = false;
  if (itemUnits.size > 0) {
    const tracked = await tx
      .select({ id: menuItems.id, tracked: menuItems.enableStockTracking })
      .from(menuItems)
      .where(inArray(menuItems.id, [...itemUnits.keys()]))
      .orderBy(asc(menuItems.id))
      .for('update');
    for (const item of tracked) {
      if (!item.tracked) continue;
      const q = itemUnits.get(item.id) ?? 0;
      await tx
        .update(menuItems)
        .set({ stockQuantity: change(menuItems.stockQuantity, q), ...(damaged ? { damagedQuantity: sql`${menuItems.damagedQuantity} + ${q}` } : {}) })
        .where(eq(menuItems.id, item.id));
      menuChanged = true;
      for (const l of food) if (l.item.menuItemId === item.id) restocked.add(l.item.id);
    }
  }

  const optionUnits = new Map<number, number>();
  for (const l of food) for (const optionId of l.item.selectedOptionIds) optionUnits.set(optionId, (optionUnits.get(optionId) ?? 0) + l.quantity);
  if (optionUnits.size > 0) {
    const rows = await tx
      .select({ id: options.id, tracked: optionGroups.enableInventoryTracking })
      .from(options)
      .innerJoin(optionGroups, eq(optionGroups.id, options.optionGroupId))
      .where(inArray(options.id, [...optionUnits.keys()]))
      .orderBy(asc(options.id))
      .for('update', { of: options });
    for (const option of rows) {
      if (!option.tracked) continue;
      const q = optionUnits.get(option.id) ?? 0;
      await tx
        .update(options)
        .set({ stockQuantity: change(options.stockQuantity, q), ...(damaged ? { damagedQuantity: sql`${options.damagedQuantity} + ${q}` } : {}) })
        .where(eq(options.id, option.id));
      menuChanged = true;
      for (const l of food) if (l.item.selectedOptionIds.includes(option.id)) restocked.add(l.item.id);
    }
  }

  const merchandise = plan.lines.filter((l) => l.item.itemType === 'merchandise' && l.item.variantId !== null).sort((a, b) => a.item.variantId! - b.item.variantId!);
  for (const l of merchandise) {
    const [variant] = await tx
      .select({ variant: merchandiseVariants, item: { id: merchandiseItems.id, name: merchandiseItems.name, tracked: merchandiseItems.enableStockTracking } })
      .from(merchandiseVariants)
      .innerJoin(merchandiseItems, eq(merchandiseItems.id, merchandiseVariants.merchandiseItemId))
      .where(eq(merchandiseVariants.id, l.item.variantId!))
      .for('update', { of: merchandiseVariants });
    if (!variant || !variant.item.tracked) continue;
    const [after] = await tx
      .update(merchandiseVariants)
      .set({
        stockQuantity: change(merchandiseVariants.stockQuantity, l.quantity),
        ...(damaged ? { damagedQuantity: sql`${merchandiseVariants.damagedQuantity} + ${l.quantity}` } : {}),
      })
      .where(eq(merchandiseVariants.id, variant.variant.id))
      .returning();
    if (!after) continue;
    await tx.insert(merchandiseStockEvents).values({
      restaurantId: plan.order.restaurantId,
      merchandiseItemId: variant.item.id,
      merchandiseVariantId: after.id,
      itemName: variant.item.name,
      variantLabel: variantLabel(after),
      userId: user.id,
      orderId: plan.order.id,
      kind: damaged ? 'damaged' : 'return',
      // Change of the sellable quantity: returned units can be sold again, damaged ones cannot.
      delta: damaged ? 0 : l.quantity,
      stockQuantity: after.stockQuantity,
      damagedQuantity: after.damagedQuantity,
      reason: `Refund of order ${plan.order.orderNumber}: ${input.reason}`,
    });
    restocked.add(l.item.id);
  }
  return { restocked, menuChanged };
}

/**
 * Records a refund the processor has made: the refund and its lines, the lines' refunded units and
 * stock. The order's figures and statuses are the caller's (a refund and a cancellation differ).
 */
export async function recordRefund(
  tx: Database,
  user: SessionUser,
  plan: RefundPlan,
  processorRefundId: string | null,
  input: RefundInput,
  now: Date,
): Promise<{ refundId: number; menuChanged: boolean }> {
  const [refund] = await tx
    .insert(refunds)
    .values({
      orderId: plan.order.id,
      restaurantId: plan.order.restaurantId,
      paymentId: plan.payment.id,
      processor: plan.payment.processor,
      processorRefundId,
      amountCents: plan.amountCents,
      full: plan.full || plan.completes,
      restock: input.restock,
      reason: input.reason,
      actorUserId: user.id,
      createdAt: now,
    })
    .returning();
  if (!refund) throw new Error('refund insert returned nothing');

  for (const line of plan.lines) {
    // The CHECK (refunded_quantity ≤ quantity) backs the check made under the order's lock.
    await tx
      .update(orderItems)
      .set({ refundedQuantity: sql`${orderItems.refundedQuantity} + ${line.quantity}` })
      .where(and(eq(orderItems.id, line.item.id), eq(orderItems.orderId, plan.order.id)));
  }
  const { restocked, menuChanged } = await restock(tx, user, plan, input);
  if (plan.lines.length > 0) {
    await tx.insert(refundLines).values(
      plan.lines.map((line) => ({
        refundId: refund.id,
        orderItemId: line.item.id,
        quantity: line.quantity,
        amountCents: line.amountCents,
        restock: input.restock,
        restocked: restocked.has(line.item.id),
      })),
    );
  }
  return { refundId: refund.id, menuChanged };
}

/** The payment gave back all it took (a full refund, or a cancellation's refund of what was left). */
export async function markPaymentRefunded(tx: Database, payment: repo.PaymentRow): Promise<void> {
  await tx.update(payments).set({ status: 'refunded' }).where(eq(payments.id, payment.id));
}

interface Written {
  order: repo.OrderRow;
  refundId: number;
  previousStatus: OrderStatus | null;
  paymentStatus: repo.PaymentRow['status'];
  menuChanged: boolean;
}

/** A refund's record, then the order's figures: a refund of every unit makes the order and the payment refunded. */
async function writeRefund(tx: Database, user: SessionUser, plan: RefundPlan, processorRefundId: string | null, input: RefundInput): Promise<Written> {
  const now = new Date();
  const { refundId, menuChanged } = await recordRefund(tx, user, plan, processorRefundId, input, now);
  const previousStatus = plan.order.status;
  const [order] = await tx
    .update(orders)
    .set({
      // The CHECK (refunded_cents ≤ total_cents) makes "more than was paid" impossible.
      refundedCents: sql`${orders.refundedCents} + ${plan.amountCents}`,
      ...(plan.completes ? { status: 'refunded' as const } : {}),
    })
    .where(eq(orders.id, plan.order.id))
    .returning();
  if (!order) throw new Error('order vanished under its lock');
  let paymentStatus = plan.payment.status;
  if (plan.completes) {
    await tx.insert(orderStatusEvents).values({ orderId: order.id, fromStatus: previousStatus, toStatus: 'refunded', actorUserId: user.id, reason: input.reason, createdAt: now });
    await markPaymentRefunded(tx, plan.payment);
    paymentStatus = 'refunded';
  }
  return { order, refundId, previousStatus: plan.completes ? previousStatus : null, paymentStatus, menuChanged };
}

/**
 * The two halves of a refund around the processor call, both in one transaction under the order's
 * lock: `plan` takes the lock and decides (null: nothing to refund, the processor is not called),
 * `write` records. A refund and a cancellation share the ordering and the failure handling below.
 */
export interface RefundSteps<W> {
  plan(ctx: TransactionContext): Promise<RefundPlan | null>;
  write(ctx: TransactionContext, plan: RefundPlan | null, processorRefundId: string | null): Promise<W>;
}

/**
 * Runs a refund's steps. One transaction holds the order's row lock from the check to the commit,
 * so two refunds (or a refund and a cancellation) of one order run one after the other and the
 * second sees what the first took: the total refunded never exceeds what was paid. The processor
 * is called under that lock, after every check and before any write:
 * - the processor refuses (402) or cannot be reached (503) → the transaction rolls back, nothing
 *   is recorded;
 * - the processor refunded but the database failed → the steps run again in a fresh transaction
 *   (re-checked against the order as it is now, with the processor's refund id and without calling
 *   the processor again); if that fails too, it is logged as fatal with every id needed to
 *   reconcile by hand (as checkout's refundOrphanCapture does).
 */
export async function runRefund<W>(deps: ServiceDeps, orderId: number, steps: RefundSteps<W>): Promise<W> {
  let made: { plan: RefundPlan; processorRefundId: string | null } | null = null;
  try {
    return await transaction(
      deps.pool,
      async (ctx) => {
        const plan = await steps.plan(ctx);
        if (!plan) return steps.write(ctx, null, null);
        const processorRefundId = await refundAtProcessor(deps, plan);
        made = { plan, processorRefundId };
        return steps.write(ctx, plan, processorRefundId);
      },
      // Never re-run: a retry would call the processor again.
      { attempts: 1 },
    );
  } catch (error) {
    const orphan = made as { plan: RefundPlan; processorRefundId: string | null } | null;
    if (!orphan) throw error;
    return recordAfterFailure(deps, orderId, steps, orphan, error);
  }
}

/** POST /admin/orders/:id/refunds (admins): see runRefund for the ordering and failures. */
export async function refundOrder(deps: ServiceDeps, user: SessionUser, orderId: number, input: RefundInput): Promise<RefundOutput> {
  const written = await runRefund<Written>(deps, orderId, {
    plan: ({ tx }) => planRefund(tx, user, orderId, input),
    write: ({ tx }, plan, processorRefundId) => {
      if (!plan) throw new Error('a refund always has a plan');
      return writeRefund(tx, user, plan, processorRefundId, input);
    },
  });

  if (written.menuChanged) invalidateMenuCache(deps, written.order.restaurantId);
  const detail = await repo.loadDetail(deps.db, written.order);
  emitOrderUpdated(deps, written.order, orderUpdatedPayload(written.order, 'refund', written.previousStatus, written.paymentStatus, timelineOf(detail)));
  const refund = detail.refunds.find((r) => r.id === written.refundId);
  if (!refund) throw new Error('refund vanished after commit');
  return { refund, order: detail };
}

async function recordAfterFailure<W>(
  deps: ServiceDeps,
  orderId: number,
  steps: RefundSteps<W>,
  made: { plan: RefundPlan; processorRefundId: string | null },
  cause: unknown,
): Promise<W> {
  const context = {
    order_id: orderId,
    payment_id: made.plan.payment.id,
    processor: made.plan.payment.processor,
    processor_refund_id: made.processorRefundId,
    amount_cents: made.plan.amountCents,
  };
  deps.log.error({ err: cause, ...context }, 'refund made at the processor but not recorded; recording it again');
  try {
    return await transaction(
      deps.pool,
      async (ctx) => {
        const plan = await steps.plan(ctx);
        if (!plan || plan.amountCents !== made.plan.amountCents || plan.order.refundedCents !== made.plan.order.refundedCents) {
          throw new Error('the order changed between the processor refund and its record');
        }
        return steps.write(ctx, plan, made.processorRefundId);
      },
      { attempts: 1 },
    );
  } catch (error) {
    deps.log.fatal({ err: error, first_error: cause, ...context }, 'refund made at the processor could not be recorded: reconcile by hand');
    throw cause;
  }
}
