import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.ts';
import { build, request, tokenFor, type TestContext } from '../../test/build.ts';
import { buy, createTestFundraiser, customer, type Line, type TestFundraiser } from './test-support.ts';

/** Issue #36 item 4 (decision 0121): what an order added, and the participant's opt-in message. */
describe('impact after buying and the participant opt-in', () => {
  let t: TestContext;
  let shop: TestFundraiser;
  let admin: string;

  beforeAll(async () => {
    t = await build({ MESSAGES_PER_DESTINATION_PER_HOUR: '2' });
    admin = await tokenFor(t.app, t.db, 'admin@kusina.test');
    shop = await createTestFundraiser(t.db, {
      participants: [
        { name: 'Maria', goalCents: 50000 },
        { name: 'Quiet', goalCents: null },
      ],
      items: [{ name: 'Plain', priceCents: 2500 }],
    });
  });
  afterAll(() => t.close());

  const lines = (quantity: number): Line[] => [{ item_id: shop.items[0]!.id, fundraiser_id: shop.fundraiserId, quantity }];
  const maria = () => shop.participants[0]!.id;
  const impact = (orderId: number, token?: string) => request(t.app, { method: 'GET', url: `/api/v1/wholesale/orders/${orderId}/impact${token ? `?token=${token}` : ''}` });
  const setNotify = (participantId: number, payload: Record<string, unknown>, token = admin) => request(t.app, { method: 'PUT', url: `/api/v1/wholesale/admin/participants/${participantId}/notifications`, token, payload });
  const supportedMessages = (recipient: string) => t.db.select().from(notifications).where(and(eq(notifications.template, 'wholesale_participant_supported'), eq(notifications.recipient, recipient)));

  it("says what the order added to the participant's goal and where it stands, to whoever holds the order's token", async () => {
    await buy(t.app, shop, lines(4), { participantId: maria() });
    const order = await buy(t.app, shop, lines(2), { participantId: maria() });
    const answer = await impact(order.id, order.access_token);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.impact).toEqual({
      added_cents: 5000,
      participant_id: maria(),
      recipient_name: 'Maria',
      raised_cents: 15000,
      goal_cents: 50000,
      progress_percent: 30,
      fundraiser_slug: shop.slug,
      fundraiser_name: expect.any(String),
    });
    expect((await impact(order.id)).statusCode).toBe(404);
    expect((await impact(order.id, 'not-the-right-token')).statusCode).toBe(404);

    // Cancelled: it added nothing.
    expect((await request(t.app, { method: 'DELETE', url: `/api/v1/wholesale/orders/${order.id}/cancel?token=${order.access_token}` })).statusCode).toBe(200);
    expect((await impact(order.id, order.access_token)).json().data.impact).toMatchObject({ added_cents: 0, raised_cents: 10000, progress_percent: 20 });
  });

  it("general support counts toward the team's figures", async () => {
    const order = await buy(t.app, shop, lines(1), { participantId: null });
    expect((await impact(order.id, order.access_token)).json().data.impact).toMatchObject({ added_cents: 2500, participant_id: null, recipient_name: null, raised_cents: 12500, goal_cents: null, progress_percent: null });
  });

  it('texts an opted-in participant when someone supports them (never the supporter’s contact), within the per-destination limit', async () => {
    // Management only; a bad contact is a field error and changes nothing.
    const customerToken = await tokenFor(t.app, t.db, 'customer@kusina.test');
    expect((await setNotify(maria(), { channel: 'sms', contact: '+16715550000' }, customerToken)).statusCode).toBe(403);
    const bad = await setNotify(maria(), { channel: 'sms', contact: 'call me' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields).toHaveProperty('contact');
    expect((await request(t.app, { method: 'GET', url: `/api/v1/wholesale/admin/participants/${maria()}/notifications`, token: admin })).json().data.notifications).toEqual({ participant_id: maria(), channel: 'none', contact: null });

    // Not opted in: no message.
    await buy(t.app, shop, lines(1), { participantId: maria() });
    const phone = '+16715559876';
    expect(await supportedMessages(phone)).toHaveLength(0);

    const saved = await setNotify(maria(), { channel: 'sms', contact: '+1 671 555 9876' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.notifications).toEqual({ participant_id: maria(), channel: 'sms', contact: phone });
    // The shop never shows it.
    expect((await request(t.app, { method: 'GET', url: `/api/v1/wholesale/fundraisers/${shop.slug}` })).body).not.toContain('555-9876');

    await buy(t.app, shop, lines(2), { participantId: maria() });
    const [message] = await supportedMessages(phone);
    expect(message).toMatchObject({ channel: 'sms' });
    expect(message!.body).toMatch(/^Someone just supported you in .+: \$50\.00 added, you are now at \d+% of your \$500\.00 goal\. Share your page: .+\/wholesale\/.+\?participant=\d+$/);
    for (const secret of [customer.customerName, customer.customerEmail, customer.customerPhone]) expect(message!.body).not.toContain(secret);

    // The per-destination limit holds (2 an hour here): the orders stand, the third message is dropped.
    await buy(t.app, shop, lines(1), { participantId: maria() });
    await buy(t.app, shop, lines(1), { participantId: maria() });
    expect(await supportedMessages(phone)).toHaveLength(2);

    // Opting out stops them.
    expect((await setNotify(maria(), { channel: 'none' })).json().data.notifications).toEqual({ participant_id: maria(), channel: 'none', contact: null });
  });
});
