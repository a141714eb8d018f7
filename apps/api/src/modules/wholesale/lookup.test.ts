import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, wholesaleOrderLookupTokens } from '../../db/schema/index.ts';
import { build, request, type TestContext } from '../../test/build.ts';
import { buy, createTestFundraiser, type TestFundraiser } from './test-support.ts';

const NEUTRAL = 'If an order matches that e-mail and number, we have e-mailed a link to it. The link works for 24 hours.';

/** A guest finds a fundraiser order again (issue #36 item 8, decision 0123): a link e-mailed, never shown. */
describe('guest order lookup', () => {
  let t: TestContext;
  let shop: TestFundraiser;
  let now = new Date('2026-12-10T00:00:00Z');
  const lines: string[] = [];
  let order: { id: number; orderNumber: string };
  let other: { id: number };

  beforeAll(async () => {
    t = await build({ LOG_LEVEL: 'info', RESERVATION_RATE_LIMIT_PER_MINUTE: '8', MESSAGES_PER_DESTINATION_PER_HOUR: '5' }, { now: () => now, logStream: { write: (line) => void lines.push(line) } });
    shop = await createTestFundraiser(t.db, { participants: [], items: [{ name: 'Plain', priceCents: 1500 }] });
    const line = [{ item_id: shop.items[0]!.id, fundraiser_id: shop.fundraiserId, quantity: 1 }];
    order = (await buy(t.app, shop, line)) as unknown as { id: number; orderNumber: string };
    other = await buy(t.app, shop, line);
  });
  afterAll(() => t.close());

  const lookup = (email: string, orderNumber: string) => request(t.app, { method: 'POST', url: '/api/v1/wholesale/orders/lookup', payload: { email, order_number: orderNumber } });
  const linkMails = () => t.db.select().from(notifications).where(and(eq(notifications.template, 'wholesale_order_lookup'), eq(notifications.recipient, 'maria@example.com')));
  const nextMinutes = () => (now = new Date(now.getTime() + 2 * 60_000));

  it('e-mails a link when e-mail and number match, answering exactly as when they do not', async () => {
    const digits = order.orderNumber.replace('W-', '');
    const matched = await lookup('  MARIA@example.com ', `w${digits}`);
    expect(matched.statusCode).toBe(202);
    expect(matched.json()).toEqual({ success: true, message: NEUTRAL, data: null });
    for (const [email, number] of [
      ['someone@example.com', order.orderNumber],
      ['maria@example.com', 'W-1'],
    ] as const) {
      const missed = await lookup(email, number);
      expect(missed.statusCode).toBe(202);
      expect(missed.body).toBe(matched.body);
    }
    const mails = await linkMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ channel: 'email', subject: `Your Fundraiser ${shop.slug} order ${order.orderNumber}` });
    expect(mails[0]!.body).toMatch(new RegExp(`/wholesale/orders/${order.id}\\?token=[\\w-]{43}`));
    // The outbox an admin reads shows it without the link.
    expect(mails[0]!.redactedBody).toContain('[order link hidden]');
    expect(mails[0]!.redactedBody).not.toContain('token=');
  });

  it('opens the order with the link until it expires; only the hash is kept and the token is never logged', async () => {
    const [mail] = await linkMails();
    const token = /token=([\w-]+)/.exec(mail!.body)![1]!;
    const rows = await t.db.select().from(wholesaleOrderLookupTokens).where(eq(wholesaleOrderLookupTokens.orderId, order.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.tokenHash).not.toContain(token);

    const opened = await request(t.app, { method: 'GET', url: `/api/v1/wholesale/orders/${order.id}?token=${token}` });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data.order).toMatchObject({ id: order.id, orderNumber: order.orderNumber });
    expect((await request(t.app, { method: 'GET', url: `/api/v1/wholesale/orders/${other.id}?token=${token}` })).statusCode).toBe(404);
    // Requests (their URLs) and the lookup's own line never hold it; only the outbox transport of a
    // non-live deployment logs a message's whole text (decision 0086), so those lines are left aside.
    const logged = lines.filter((line) => !line.includes('"notification"'));
    expect(logged.some((line) => line.includes('wholesale order link e-mailed after a lookup'))).toBe(true);
    expect(logged.some((line) => line.includes(`/wholesale/orders/${order.id}`))).toBe(true);
    expect(logged.join('\n')).not.toContain(token);

    now = new Date(now.getTime() + 24 * 60 * 60_000 + 1000);
    expect((await request(t.app, { method: 'GET', url: `/api/v1/wholesale/orders/${order.id}?token=${token}` })).statusCode).toBe(404);
  });

  it('holds lookups per e-mail address (matched or not) and per client, in PostgreSQL', async () => {
    nextMinutes();
    const before = (await linkMails()).length;
    // Five lookups an hour per address (MESSAGES_PER_DESTINATION_PER_HOUR), whatever they match.
    for (let i = 0; i < 4; i++) expect((await lookup('maria@example.com', 'W-1')).statusCode).toBe(202);
    expect((await lookup('maria@example.com', order.orderNumber)).statusCode).toBe(202);
    expect((await linkMails()).length).toBe(before + 1);
    const over = await lookup('maria@example.com', order.orderNumber);
    expect(over.statusCode).toBe(202);
    expect(over.json().message).toBe(NEUTRAL);
    expect((await linkMails()).length).toBe(before + 1);

    // Per client: RESERVATION_RATE_LIMIT_PER_MINUTE (8 here) a minute.
    nextMinutes();
    for (let i = 0; i < 8; i++) expect((await lookup(`x${i}@example.com`, 'W-1')).statusCode).toBe(202);
    const limited = await lookup('y@example.com', 'W-1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.details.retry_after_seconds).toBeGreaterThan(0);
  });

  it('names a bad field and sends nothing', async () => {
    nextMinutes();
    const bad = await lookup('not-an-email', 'abc');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.details.fields).sort()).toEqual(['email', 'order_number']);
  });
});
