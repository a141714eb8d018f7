import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, wholesaleParticipantCredits } from '../../db/schema/index.ts';
import { build, request, tokenFor, type TestContext } from '../../test/build.ts';
import { TEST_CARDS } from '../payments/test-processor.ts';
import { createTestFundraiser, customer, setFundraiserStatus, type Line, type TestFundraiser } from './test-support.ts';

/** Issue #36 item 7 (decision 0120): donations and the round-up, through the participant ledger. */
describe('fundraiser donations and round-up', () => {
  let t: TestContext;
  let shop: TestFundraiser;
  let customerToken: string;

  beforeAll(async () => {
    t = await build({});
    customerToken = await tokenFor(t.app, t.db, 'customer@kusina.test');
    shop = await createTestFundraiser(t.db, { participants: [{ name: 'Ana', goalCents: 10000 }], items: [{ name: 'Odd', priceCents: 1250 }] });
  });
  afterAll(() => t.close());

  const odd = (quantity: number): Line[] => [{ item_id: shop.items[0]!.id, fundraiser_id: shop.fundraiserId, quantity }];
  const open = (body: Record<string, unknown>) => request(t.app, { method: 'POST', url: '/api/v1/wholesale/payments', payload: { fundraiser_id: shop.fundraiserId, ...body } });
  async function pay(body: Record<string, unknown>): Promise<{ paymentId: string; amount: number }> {
    const opened = await open(body);
    expect(opened.statusCode, opened.body).toBe(201);
    const paymentId: string = opened.json().data.payment_id;
    const confirmed = await request(t.app, { method: 'POST', url: `/api/v1/payments/${paymentId}/confirm`, payload: { card: { number: TEST_CARDS.success, exp_month: 12, exp_year: 2035, cvc: '123' } } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [row] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    return { paymentId, amount: row!.amountCents };
  }
  const place = (paymentId: string, body: Record<string, unknown>, order: Record<string, unknown> = {}, token?: string) =>
    request(t.app, {
      method: 'POST',
      url: '/api/v1/wholesale/orders',
      token,
      headers: { 'idempotency-key': randomUUID() },
      payload: { order: { ...customer, ...order }, fundraiser_id: shop.fundraiserId, payment_id: paymentId, ...body },
    });
  const credits = (orderId: number) =>
    t.db.select({ kind: wholesaleParticipantCredits.kind, amountCents: wholesaleParticipantCredits.amountCents, participantId: wholesaleParticipantCredits.participantId }).from(wholesaleParticipantCredits).where(eq(wholesaleParticipantCredits.orderId, orderId)).orderBy(asc(wholesaleParticipantCredits.id));
  const raised = async () => (await request(t.app, { method: 'GET', url: `/api/v1/wholesale/fundraisers/${shop.slug}` })).json().data.fundraiser as { raised_cents: number; participants: { raisedCents: number }[] };

  it('takes a donation without an item, credited to the participant, and refunds it through the ledger on cancel', async () => {
    const body = { cart_items: [], donation_cents: 2500 };
    const { paymentId, amount } = await pay(body);
    expect(amount).toBe(2500);
    const placed = await place(paymentId, body, { participantId: shop.participants[0]!.id }, customerToken);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().data.order;
    expect(order).toMatchObject({ totalCents: 2500, donationCents: 2500, roundUpCents: 0, items: [], itemCount: 0, participant: { name: 'Ana' } });
    expect(await credits(order.id)).toEqual([{ kind: 'donation', amountCents: 2500, participantId: shop.participants[0]!.id }]);
    expect((await raised()).participants[0]!.raisedCents).toBe(2500);

    const cancelled = await request(t.app, { method: 'DELETE', url: `/api/v1/wholesale/orders/${order.id}/cancel`, token: customerToken });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.order).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundedCents: 2500 });
    expect((await credits(order.id)).map((c) => [c.kind, c.amountCents])).toEqual([
      ['donation', 2500],
      ['reversal', -2500],
    ]);
    expect((await raised()).participants[0]!.raisedCents).toBe(0);
  });

  it("the payout statement counts a cancelled order's reversal against its sale and its donation, each once", async () => {
    const admin = await tokenFor(t.app, t.db, 'admin@kusina.test');
    const statement = async () =>
      (await request(t.app, { method: 'GET', url: `/api/v1/wholesale/admin/fundraisers/${shop.fundraiserId}/payout_statement`, token: admin })).json().data.totals as { sales_cents: number; refunds_cents: number; net_sales_cents: number; donations_cents: number };
    const before = await statement();
    const body = { cart_items: odd(2), donation_cents: 1000 };
    const { paymentId } = await pay(body);
    const placed = await place(paymentId, body, { participantId: shop.participants[0]!.id }, customerToken);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().data.order;
    const kept = await statement();
    expect(kept.sales_cents - before.sales_cents).toBe(2500);
    expect(kept.donations_cents - before.donations_cents).toBe(1000);
    const cancelled = await request(t.app, { method: 'DELETE', url: `/api/v1/wholesale/orders/${order.id}/cancel`, token: customerToken });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = await statement();
    expect(after.sales_cents - before.sales_cents).toBe(2500);
    expect(after.refunds_cents - before.refunds_cents).toBe(2500);
    expect(after.net_sales_cents).toBe(before.net_sales_cents);
    expect(after.donations_cents).toBe(before.donations_cents);
  });

  it('rounds items plus donation up to the next whole dollar on the server, to the team when no participant', async () => {
    // 3 × $12.50 + $1.30 = $38.80 → round-up $0.20.
    const body = { cart_items: odd(3), donation_cents: 130, round_up: true };
    const { paymentId, amount } = await pay(body);
    expect(amount).toBe(3900);
    const before = (await raised()).raised_cents;
    const placed = await place(paymentId, body);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().data.order;
    expect(order).toMatchObject({ totalCents: 3900, donationCents: 130, roundUpCents: 20, participant: null });
    expect(await credits(order.id)).toEqual([
      { kind: 'sale', amountCents: 3750, participantId: null },
      { kind: 'donation', amountCents: 150, participantId: null },
    ]);
    expect((await raised()).raised_cents).toBe(before + 3900);
    // A whole-dollar total has nothing to round up.
    const whole = { cart_items: odd(2), round_up: true };
    expect((await pay(whole)).amount).toBe(2500);
  });

  it('the payment must hold the server total: a donation changed after paying is refused and nothing is written', async () => {
    const { paymentId } = await pay({ cart_items: odd(1), donation_cents: 500 });
    const placed = await place(paymentId, { cart_items: odd(1), donation_cents: 5000 });
    expect(placed.statusCode).toBe(409);
    expect(placed.json().error.details).toMatchObject({ payment_amount_cents: 1750, order_total_cents: 6250 });
  });

  it('the same Idempotency-Key twice, even at once, places one donation and credits it once', async () => {
    const body = { cart_items: [], donation_cents: 1500 };
    const { paymentId } = await pay(body);
    const key = randomUUID();
    const send = () =>
      request(t.app, { method: 'POST', url: '/api/v1/wholesale/orders', headers: { 'idempotency-key': key }, payload: { order: customer, fundraiser_id: shop.fundraiserId, payment_id: paymentId, ...body } });
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    const ids = new Set(answers.map((a) => a.json().data.order.id));
    expect(ids.size).toBe(1);
    expect(await credits([...ids][0] as number)).toEqual([{ kind: 'donation', amountCents: 1500, participantId: null }]);
  });

  it('refuses a donation-only checkout to a fundraiser that is not taking orders, when paying and again when placing', async () => {
    const { paymentId } = await pay({ cart_items: [], donation_cents: 700 });
    await setFundraiserStatus(t.db, shop.fundraiserId, 'ended');
    try {
      const opened = await open({ cart_items: [], donation_cents: 700 });
      expect(opened.statusCode).toBe(409);
      expect(opened.json().error.message).toBe('This fundraiser is no longer accepting orders');
      const placed = await place(paymentId, { cart_items: [], donation_cents: 700 });
      expect(placed.statusCode).toBe(409);
      const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
      expect(payment!.wholesaleOrderId).toBeNull();
    } finally {
      await setFundraiserStatus(t.db, shop.fundraiserId, 'current');
    }
  });

  it('management: the CSV names the donation; the pick list leaves out a donation-only order (nothing to hand over)', async () => {
    const admin = await tokenFor(t.app, t.db, 'admin@kusina.test');
    const body = { cart_items: [], donation_cents: 4200 };
    const placed = await place((await pay(body)).paymentId, body, { customerName: 'Donor Only' });
    expect(placed.statusCode, placed.body).toBe(201);
    const csv = await request(t.app, { method: 'GET', url: `/api/v1/wholesale/admin/orders.csv?fundraiser_id=${shop.fundraiserId}`, token: admin });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n').find((line) => line.includes('Donor Only'))).toContain('Donation $42.00');
    const picks = await request(t.app, { method: 'GET', url: `/api/v1/wholesale/admin/fundraisers/${shop.fundraiserId}/pick_list`, token: admin });
    expect(picks.statusCode).toBe(200);
    expect(JSON.stringify(picks.json().data.by_participant)).not.toContain('Donor Only');
  });

  it('refuses a bad donation with a clear field error', async () => {
    const cases: [unknown, string][] = [
      [-100, 'A donation cannot be negative'],
      [12.5, 'Enter the donation in whole cents'],
      ['10', 'Enter the donation in whole cents'],
      [1_000_001, 'A donation can be at most $10,000.00'],
    ];
    for (const [donation, message] of cases) {
      const answer = await open({ cart_items: [], donation_cents: donation });
      expect(answer.statusCode, String(donation)).toBe(400);
      expect(answer.json().error.details.fields.donation_cents).toBe(message);
    }
    const nothing = await open({ cart_items: [], donation_cents: 0 });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().error.details.fields.cart_items).toBe('Cart is empty');
    const noRoundUpAlone = await open({ cart_items: [], round_up: true });
    expect(noRoundUpAlone.statusCode).toBe(400);
  });
});
