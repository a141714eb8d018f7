import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, wholesaleFundraisers, wholesaleOrders } from '../../db/schema/index.ts';
import { build, request, type TestContext } from '../../test/build.ts';
import { sendDuePickupReminders } from './service.ts';
import { createTestFundraiser, payFor, placeOrder, type TestFundraiser } from './test-support.ts';

/** The pickup-day text (issue #36 item 8, decision 0123): opted in, the morning of pickup day in Guam, once. */
describe('pickup-day reminder texts', () => {
  let t: TestContext;
  let shop: TestFundraiser;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await build({}, { now: () => new Date('2026-12-10T00:00:00Z') });
    shop = await createTestFundraiser(t.db, { participants: [], items: [{ name: 'Plain', priceCents: 1500 }] });
    // Pickup starts Dec 20, 9:00 AM in Guam.
    await t.db.update(wholesaleFundraisers).set({ pickupStartsAt: new Date('2026-12-19T23:00:00Z') }).where(eq(wholesaleFundraisers.id, shop.fundraiserId));
    const line = [{ item_id: shop.items[0]!.id, fundraiser_id: shop.fundraiserId, quantity: 1 }];
    const place = async (name: string, phone: string, pickupReminder: boolean) => {
      const placed = await placeOrder(t.app, await payFor(t.app, shop.fundraiserId, line), shop.fundraiserId, line, { order: { customerPhone: phone, pickupReminder } });
      expect(placed.statusCode, placed.body).toBe(201);
      ids[name] = placed.json().data.order.id;
    };
    await place('optedIn', '+16715550001', true);
    await place('notAsked', '+16715550002', false);
    await place('cancelled', '+16715550003', true);
    await place('late', '+16715550004', true);
    expect((await request(t.app, { method: 'DELETE', url: `/api/v1/wholesale/orders/${ids.cancelled}/cancel?token=${(await t.db.select().from(wholesaleOrders).where(eq(wholesaleOrders.id, ids.cancelled!)))[0]!.accessToken}` })).statusCode).toBe(200);
    // When they were placed (the database's own clock wrote created_at): before pickup day, and one on its morning after the texts went out.
    await t.db.update(wholesaleOrders).set({ createdAt: new Date('2026-12-10T00:00:00Z') }).where(inArray(wholesaleOrders.id, [ids.optedIn!, ids.notAsked!, ids.cancelled!]));
    await t.db.update(wholesaleOrders).set({ createdAt: new Date('2026-12-19T22:00:00Z') }).where(eq(wholesaleOrders.id, ids.late!));
  });
  afterAll(() => t.close());

  const texts = () => t.db.select().from(notifications).where(and(eq(notifications.template, 'wholesale_pickup_reminder'), inArray(notifications.recipient, ['+16715550001', '+16715550002', '+16715550003', '+16715550004'])));

  it('sends nothing before 7:00 on pickup day (Guam)', async () => {
    expect(await sendDuePickupReminders(t.app.deps, new Date('2026-12-19T20:59:00Z'))).toBe(0);
    expect(await texts()).toHaveLength(0);
  });

  it('texts each opted-in order once with the pickup place and window, even with two nodes running the job at once', async () => {
    const at = new Date('2026-12-19T21:15:00Z'); // Dec 20, 7:15 AM in Guam
    const [a, b] = await Promise.all([sendDuePickupReminders(t.app.deps, at), sendDuePickupReminders(t.app.deps, at)]);
    expect(a + b).toBe(1);
    const sent = await texts();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ channel: 'sms', recipient: '+16715550001' });
    expect(sent[0]!.body).toMatch(/^Today is pickup day for your Fundraiser test-[0-9a-f]+ order W-\d+\. Pickup: Gym, Tamuning, from 9:00 AM\. Details: http\S+\/wholesale\/orders\/\d+\?token=/);
    expect(await sendDuePickupReminders(t.app.deps, new Date('2026-12-19T23:30:00Z'))).toBe(0);
    expect(await texts()).toHaveLength(1);
  });

  it("says the fundraiser's pickup hours when it has them, and sends nothing once pickup day is over", async () => {
    await t.db.update(wholesaleFundraisers).set({ pickupHours: 'Saturday 9 AM - 1 PM' }).where(eq(wholesaleFundraisers.id, shop.fundraiserId));
    await t.db.update(wholesaleOrders).set({ pickupReminderSentAt: null }).where(eq(wholesaleOrders.id, ids.optedIn!));
    expect(await sendDuePickupReminders(t.app.deps, new Date('2026-12-20T14:00:00Z'))).toBe(0); // Dec 21, 0:00 in Guam
    expect(await sendDuePickupReminders(t.app.deps, new Date('2026-12-20T13:59:00Z'))).toBe(1);
    const sent = await texts();
    expect(sent).toHaveLength(2);
    expect(sent.some((m) => m.body.includes('Pickup: Gym, Tamuning, Saturday 9 AM - 1 PM.'))).toBe(true);
  });
});
