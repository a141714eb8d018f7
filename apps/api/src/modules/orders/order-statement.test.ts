import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderConfirmationText } from '@kusina/domain/orders';
import { notifications, restaurants } from '../../db/schema/index.ts';
import { build, type TestContext } from '../../test/build.ts';
import { waitFor } from '../accounts/test-support.ts';
import { deliveryJobsFor } from '../notifications/test-support.ts';
import { checkout, contact, createItem } from './test-support.ts';

/**
 * The order statement writes the confirmation messages before the order number and id exist to
 * the application: their texts go in as format() templates. Whatever the names hold, the texts
 * that land are exactly the ones the domain writes, and a delivery job carries them.
 */
describe('order placement: the confirmation messages written by the order statement', () => {
  let t: TestContext;
  const restaurantName = 'Kusina 100% %s %1$s %% %I';
  beforeAll(async () => {
    t = await build({ CODE_CHECK_RATE_LIMIT_PER_MINUTE: '10000', PUBLIC_URL: 'https://order.kusina.test/%2$s' });
    await t.db.update(restaurants).set({ name: restaurantName }).where(eq(restaurants.id, 1));
  });
  afterAll(() => t.close());

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
});
