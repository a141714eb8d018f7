import { describe, expect, it } from 'vitest';
import {
  allocatedCents,
  allowedTransitions,
  boardEntryFromConfirmation,
  canChangeEta,
  canRefund,
  canTransition,
  dayBounds,
  DiscountConfigurationCreateInput,
  etaProblem,
  formatPickupTime,
  orderCancelledText,
  OrderEtaInput,
  OrderStatusChangeInput,
  OrderListQuery,
  paymentRefundable,
  RefundInput,
  refundAmountCents,
  refundStatus,
  staffDiscountCents,
  type RefundableOrder,
} from './order-management.ts';
import { ORDER_STATUSES, type OrderConfirmationOutput, type OrderStatus } from './orders.ts';

describe('canTransition', () => {
  const legal: [OrderStatus, OrderStatus][] = [
    ['pending', 'confirmed'],
    ['pending', 'preparing'],
    ['pending', 'cancelled'],
    ['confirmed', 'preparing'],
    ['confirmed', 'cancelled'],
    ['preparing', 'ready'],
    ['preparing', 'cancelled'],
    ['ready', 'completed'],
    ['ready', 'cancelled'],
  ];

  it('accepts exactly the pipeline pending → confirmed → preparing → ready → completed, plus cancel until pickup', () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const expected = legal.some(([f, t]) => f === from && t === to);
        expect(canTransition(from, to), `${from} → ${to}`).toBe(expected);
      }
    }
  });

  it('never lets staff set refunded by hand, never moves back, and ends at completed, cancelled and refunded', () => {
    for (const from of ORDER_STATUSES) expect(canTransition(from, 'refunded')).toBe(false);
    expect(canTransition('ready', 'preparing')).toBe(false);
    expect(canTransition('pending', 'pending')).toBe(false);
    expect(allowedTransitions('completed')).toEqual([]);
    expect(allowedTransitions('cancelled')).toEqual([]);
    expect(allowedTransitions('refunded')).toEqual([]);
    expect(allowedTransitions('pending')).toEqual(['confirmed', 'preparing', 'cancelled']);
  });

  it('refunds until fully refunded; the ETA changes until ready', () => {
    expect(ORDER_STATUSES.filter(canRefund)).toEqual(['pending', 'confirmed', 'preparing', 'ready', 'completed', 'cancelled']);
    expect(ORDER_STATUSES.filter(canChangeEta)).toEqual(['pending', 'confirmed', 'preparing']);
  });
});

describe('refund arithmetic', () => {
  // $10 × 2 and $5 × 1: subtotal $25, a $5 promo → total $20.
  const order = (refunded: [number, number], refundedCents: number): RefundableOrder => ({
    total_cents: 2000,
    subtotal_cents: 2500,
    refunded_cents: refundedCents,
    lines: [
      { id: 1, unit_price_cents: 1000, quantity: 2, refunded_quantity: refunded[0] },
      { id: 2, unit_price_cents: 500, quantity: 1, refunded_quantity: refunded[1] },
    ],
  });

  it('shares the discount in proportion and rounds down', () => {
    expect(allocatedCents(2000, 2500, 1000)).toBe(800);
    expect(allocatedCents(1000, 3000, 1000)).toBe(333);
    expect(allocatedCents(2000, 2500, 2500)).toBe(2000);
    expect(allocatedCents(0, 0, 0)).toBe(0);
  });

  it('a sequence of partial refunds adds up to exactly the total, never more', () => {
    const first = refundAmountCents(order([0, 0], 0), new Map([[1, 1]]));
    expect(first).toBe(800);
    const second = refundAmountCents(order([1, 0], first), new Map([[2, 1]]));
    expect(second).toBe(400);
    const third = refundAmountCents(order([1, 1], first + second), new Map([[1, 1]]));
    expect(third).toBe(800);
    expect(first + second + third).toBe(2000);
  });

  it('rounding leftovers go to the last refund', () => {
    const thirds: RefundableOrder = {
      total_cents: 1000,
      subtotal_cents: 300,
      refunded_cents: 0,
      lines: [{ id: 1, unit_price_cents: 100, quantity: 3, refunded_quantity: 0 }],
    };
    const a = refundAmountCents(thirds, new Map([[1, 1]]));
    const b = refundAmountCents({ ...thirds, refunded_cents: a, lines: [{ ...thirds.lines[0]!, refunded_quantity: 1 }] }, new Map([[1, 1]]));
    const c = refundAmountCents({ ...thirds, refunded_cents: a + b, lines: [{ ...thirds.lines[0]!, refunded_quantity: 2 }] }, new Map([[1, 1]]));
    expect([a, b, c]).toEqual([333, 333, 334]);
  });

  it('full refunds what is left', () => {
    expect(refundAmountCents(order([1, 0], 800), 'full')).toBe(1200);
    expect(refundAmountCents(order([2, 1], 2000), 'full')).toBe(0);
  });

  it('refund status', () => {
    expect(refundStatus(2000, 0)).toBe('none');
    expect(refundStatus(2000, 1)).toBe('partial');
    expect(refundStatus(2000, 2000)).toBe('full');
  });

  it('staff discount percentages', () => {
    expect(staffDiscountCents(2599, 50)).toBe(1300);
    expect(staffDiscountCents(1000, 30)).toBe(300);
    expect(staffDiscountCents(1000, 0)).toBe(0);
    expect(staffDiscountCents(1000, 100)).toBe(1000);
  });
});

describe('inputs', () => {
  it('refund: lines or full, each item once, restock and reason required', () => {
    expect(RefundInput.safeParse({ full: true, restock: 'return', reason: 'Cold food' }).success).toBe(true);
    const noLines = RefundInput.safeParse({ restock: 'return', reason: 'x' });
    expect(noLines.success).toBe(false);
    expect(noLines.error?.issues[0]).toMatchObject({ path: ['lines'], message: 'Choose the items to refund, or refund the full order.' });
    const twice = RefundInput.safeParse({ lines: [{ order_item_id: 1, quantity: 1 }, { order_item_id: 1, quantity: 1 }], restock: 'damaged', reason: 'x' });
    expect(twice.error?.issues[0]?.path).toEqual(['lines', 1, 'order_item_id']);
    expect(RefundInput.safeParse({ full: true, restock: 'lost', reason: 'x' }).success).toBe(false);
    expect(RefundInput.safeParse({ full: true, restock: 'return', reason: '  ' }).error?.issues[0]?.message).toBe('Reason is required');
    expect(RefundInput.safeParse({ lines: [{ order_item_id: 1, quantity: 0 }], restock: 'return', reason: 'x' }).success).toBe(false);
  });

  it('ETA: exactly one of the two forms; in the future and within 30 days', () => {
    expect(OrderEtaInput.safeParse({ minutes_from_now: 15 }).success).toBe(true);
    expect(OrderEtaInput.safeParse({ estimated_pickup_time: '2026-03-07T02:35:00Z' }).success).toBe(true);
    expect(OrderEtaInput.safeParse({}).success).toBe(false);
    expect(OrderEtaInput.safeParse({ minutes_from_now: 15, estimated_pickup_time: '2026-03-07T02:35:00Z' }).success).toBe(false);
    expect(OrderEtaInput.safeParse({ estimated_pickup_time: 'tomorrow' }).success).toBe(false);
    const now = new Date('2026-03-07T00:00:00Z');
    expect(etaProblem(new Date('2026-03-06T23:59:00Z'), now)).toBe('The pickup time must be in the future.');
    expect(etaProblem(new Date('2026-04-07T00:00:00Z'), now)).toBe('The pickup time must be within 30 days.');
    expect(etaProblem(new Date('2026-03-07T00:20:00Z'), now)).toBeNull();
  });

  it('list query: comma-separated statuses, a real Guam day, defaults', () => {
    const parsed = OrderListQuery.parse({ status: 'pending,ready', date: '2026-02-28', q: ' K-10001 ' });
    expect(parsed).toMatchObject({ status: ['pending', 'ready'], date: '2026-02-28', q: 'K-10001', page: 1, per_page: 20, sort: 'newest', date_by: 'created' });
    expect(OrderListQuery.safeParse({ status: 'pending,lost' }).success).toBe(false);
    expect(OrderListQuery.safeParse({ date: '2026-02-30' }).success).toBe(false);
    expect(OrderListQuery.safeParse({ per_page: '500' }).success).toBe(false);
    expect(OrderListQuery.parse({ unacknowledged: 'true' }).unacknowledged).toBe(true);
  });

  it('a Guam day starts at 14:00 UTC the day before', () => {
    expect(dayBounds('2026-03-07')).toEqual({ start: new Date('2026-03-06T14:00:00Z'), end: new Date('2026-03-07T14:00:00Z') });
  });

  it('discount configurations: 0-100 %, display order ≥ 0, upper-case code, defaults', () => {
    const parsed = DiscountConfigurationCreateInput.parse({ name: 'On Duty', code: 'on_duty', discount_percentage: 50 });
    expect(parsed).toMatchObject({ code: 'ON_DUTY', discount_type: 'percentage', is_active: true, is_default: false, display_order: 0 });
    expect(DiscountConfigurationCreateInput.safeParse({ name: 'x', code: 'X', discount_percentage: 101 }).error?.issues[0]?.message).toBe(
      'Discount percentage must be between 0 and 100.',
    );
    expect(DiscountConfigurationCreateInput.safeParse({ name: 'x', code: 'X', discount_percentage: 10, display_order: -1 }).error?.issues[0]?.message).toBe(
      'Display order must be 0 or more.',
    );
    expect(DiscountConfigurationCreateInput.safeParse({ name: 'x', code: 'X', discount_percentage: 10, ui_color: 'url(evil)' }).success).toBe(false);
  });
});

describe('board entry of a new order and pickup texts', () => {
  it('maps the confirmation checkout answers', () => {
    const confirmation = {
      id: 7,
      restaurant_id: 1,
      order_number: 'K-10007',
      status: 'pending',
      created_at: '2026-03-07T01:00:00.000Z',
      estimated_pickup_time: '2026-03-07T01:25:00.000Z',
      pickup_estimate: '20-25 minutes',
      requested_pickup_time: null,
      requires_advance_notice: false,
      max_advance_notice_hours: null,
      is_staff_order: true,
      staff_member_name: 'Kekoa',
      location_name: 'Kusina',
      location_address: 'Tamuning',
      items: [{ name: 'Kelaguen', price: 13, quantity: 2, customizations: {}, notes: null }],
      merchandise_items: [{ name: 'Tee', price: 25, quantity: 1, size: 'M', color: null, notes: null }],
      food_subtotal: 26,
      merchandise_subtotal: 25,
      subtotal: 51,
      discount: 0,
      total: 51.1,
      promo_code: null,
      staff_discount_name: null,
      staff_discount_percentage: null,
      contact_name: 'Maria',
      contact_phone: '+16715551234',
      contact_email: 'm@example.com',
      special_instructions: null,
      payment: { status: 'captured', payment_method: 'credit_card', transaction_id: 't', payment_date: null, payment_intent_id: null, processor: 'test', notes: null },
      status_history: [{ status: 'pending', at: '2026-03-07T01:00:00.000Z' }],
      eta_updated_at: null,
    } satisfies OrderConfirmationOutput;
    expect(boardEntryFromConfirmation(confirmation)).toMatchObject({
      source: 'staff',
      item_count: 3,
      total_cents: 5110,
      lines: [
        { name: 'Kelaguen', quantity: 2, item_type: 'food' },
        { name: 'Tee', quantity: 1, item_type: 'merchandise' },
      ],
      payment_status: 'captured',
      acknowledged_at: null,
      refund_status: 'none',
    });
  });

  it('formats the pickup time in Guam', () => {
    const now = new Date('2026-03-07T01:00:00Z'); // 11:00 AM Saturday in Guam
    expect(formatPickupTime(new Date('2026-03-07T02:35:00Z'), now)).toBe('12:35 PM');
    expect(formatPickupTime(new Date('2026-03-08T02:35:00Z'), now)).toBe('Sun, Mar 8, 12:35 PM');
  });
});

describe('cancellation', () => {
  it('refunds with the cancellation only a payment that took money (captured, or refunded early by a webhook)', () => {
    expect(paymentRefundable('captured')).toBe(true);
    expect(paymentRefundable('refunded')).toBe(true);
    for (const status of ['requires_confirmation', 'authorized', 'failed', 'voided', null, undefined] as const) expect(paymentRefundable(status)).toBe(false);
  });

  it("tells the customer what the cancellation refunded, and nothing about money when it refunded nothing", () => {
    expect(orderCancelledText({ restaurantName: 'Kusina', orderNumber: 'K-10001', refundedCents: 3250 })).toBe(
      'Kusina: your order K-10001 has been cancelled. A refund of $32.50 is on its way to your original payment method.',
    );
    expect(orderCancelledText({ restaurantName: 'Kusina', orderNumber: 'K-10001', refundedCents: 0 })).toBe('Kusina: your order K-10001 has been cancelled.');
  });

  it('takes an optional restock choice with the status change', () => {
    expect(OrderStatusChangeInput.parse({ status: 'cancelled', restock: 'damaged' })).toMatchObject({ restock: 'damaged' });
    expect(OrderStatusChangeInput.parse({ status: 'cancelled' }).restock).toBeUndefined();
    expect(OrderStatusChangeInput.safeParse({ status: 'cancelled', restock: 'lost' }).success).toBe(false);
  });
});
