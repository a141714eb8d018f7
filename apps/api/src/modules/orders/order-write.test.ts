import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS_AT_CREATION, orderConfirmationText } from '@kusina/domain/orders';
import { notifications, orders, payments, restaurants } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { build, type TestContext } from '../../test/build.ts';
import { waitFor } from '../accounts/test-support.ts';
import { deliveryJobsFor } from '../notifications/test-support.ts';
import { insertOrder, markPaymentCaptured, type OrderWrite } from './repository.ts';
import { checkout, contact, createItem, newKey, pay, openAllDay } from './test-support.ts';

/** Checkout's write of an order (repository.ts insertOrder) and its messages. */
describe('order placement: the order write', () => {
  let t: TestContext;
  const restaurantName = 'Kusina 100% %s %1$s %% %I';
  beforeAll(async () => {
    t = await build({ CODE_CHECK_RATE_LIMIT_PER_MINUTE: '10000', PUBLIC_URL: 'https://order.kusina.test/%2$s' });
    await openAllDay(t.db);
    await t.db.update(restaurants).set({ name: restaurantName }).where(eq(restaurants.id, 1));
  });
  afterAll(() => t.close());

  /**
   * Whatever the restaurant's and the customer's names hold (format() or printf-like directives
   * included), the texts that land are exactly the ones the domain writes, and one delivery job
   * carries them.
   */
  it("keeps every % of the restaurant's and the customer's names, and queues one delivery job for them", async () => {
    const item = await createItem(t.db, { priceCents: 1050 });
    const buyer = { ...contact, name: 'Ana "%2$s" 50%% off %' };
    const response = await checkout(t.app, { items: [{ menu_item_id: item.id, quantity: 2 }], extra: { contact: buyer } });
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json();
    expect(order.location_name).toBe(restaurantName);

    const text = orderConfirmationText({
      restaurantName,
      orderNumber: order.order_number,
      pickupEstimate: '20-25 minutes',
      link: `https://order.kusina.test/%2$s/order-confirmation/${order.id}?token=${order.access_token}`,
    });
    const rows = await t.db
      .select()
      .from(notifications)
      .where(inArray(notifications.recipient, [buyer.phone, buyer.email]))
      .orderBy(notifications.id);
    const mine = rows.filter((row) => row.body.includes(`Order ${order.order_number} is in`));
    expect(mine.map((row) => ({ channel: row.channel, subject: row.subject, body: row.body, template: row.template }))).toEqual([
      { channel: 'sms', subject: null, body: text, template: 'order_confirmation' },
      {
        channel: 'email',
        subject: `Your ${restaurantName} order ${order.order_number}`,
        body: `Hafa adai ${buyer.name},\n\n${text}\n\nTotal: $21.00`,
        template: 'order_confirmation',
      },
    ]);

    // The order's two messages share one delivery job.
    const jobs = await deliveryJobsFor(t.pool, mine.map((row) => row.id));
    expect(jobs.map((job) => job.data)).toEqual([{ notification_ids: mine.map((row) => row.id) }]);
    for (const row of mine) {
      await waitFor(async () => {
        const [now] = await t.db.select().from(notifications).where(eq(notifications.id, row.id));
        return now?.status === 'sent' ? now : null;
      });
    }
  });

  /**
   * The order's write runs in placeOrder's transaction: should any part of it fail (here, the
   * payment it links vanished), nothing of the order is written.
   */
  it('writes nothing of an order whose payment cannot be linked', async () => {
    const item = await createItem(t.db, { name: 'Red rice', priceCents: 500 });
    const paymentId = await pay(t.app, { items: [{ menu_item_id: item.id, quantity: 1 }] });
    const now = new Date();
    const write: OrderWrite = {
      order: {
        restaurantId: 1,
        status: ORDER_STATUS_AT_CREATION,
        foodSubtotalCents: 500,
        subtotalCents: 500,
        totalCents: 500,
        contactName: contact.name,
        contactPhone: contact.phone,
        contactEmail: contact.email,
        estimatedPickupTime: now,
        accessToken: randomUUID(),
        idempotencyKey: newKey(),
        createdAt: now,
      },
      lines: [
        {
          itemType: 'food', menuItemId: item.id, variantId: null, variantDetails: null, name: 'Red rice', unitPriceCents: 500, quantity: 1,
          lineTotalCents: 500, customizations: {}, selectedOptionIds: [], notes: null, position: 0,
        },
      ],
      sales: [],
      itemStock: [],
      optionStock: [],
    };
    const place = (id: string) =>
      transaction(t.pool, async ({ tx }) => {
        const placed = await insertOrder(tx, write);
        return markPaymentCaptured(tx, id, placed.order.id, { transactionId: 'txn', capturedAt: now });
      });
    await expect(place(randomUUID())).rejects.toThrow('vanished under its lock');
    expect(await t.db.select().from(orders).where(eq(orders.accessToken, write.order.accessToken))).toEqual([]);
    const [untouched] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(untouched).toMatchObject({ status: 'authorized', orderId: null });

    // The same order with its payment there: written and committed.
    const captured = await place(paymentId);
    const [row] = await t.db.select().from(orders).where(eq(orders.accessToken, write.order.accessToken));
    expect(row).toMatchObject({ totalCents: 500, orderNumber: expect.stringMatching(/^K-\d+$/) });
    expect(captured).toMatchObject({ id: paymentId, status: 'captured', orderId: row!.id, transactionId: 'txn' });
  });
});
