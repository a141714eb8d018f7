import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build, request, tokenFor, type TestContext } from '../../test/build.ts';
import { TEST_CARDS } from '../payments/test-processor.ts';
import { createTestFundraiser, customer, type Line, type TestFundraiser } from './test-support.ts';

/** Issue #36 item 2 (decision 0119): the leaderboard and the recent supporters wall. */
describe('fundraiser leaderboard and supporters wall', () => {
  let t: TestContext;
  let shop: TestFundraiser;
  let customerToken: string;

  beforeAll(async () => {
    t = await build({});
    customerToken = await tokenFor(t.app, t.db, 'customer@kusina.test');
    shop = await createTestFundraiser(t.db, {
      participants: [
        { name: 'Ana', goalCents: 10000 },
        { name: 'Ben', goalCents: 5000 },
        { name: 'Cora', goalCents: null },
      ],
      items: [{ name: 'Plain', priceCents: 1000 }],
    });
  });
  afterAll(() => t.close());

  const lines = (quantity: number): Line[] => [{ item_id: shop.items[0]!.id, fundraiser_id: shop.fundraiserId, quantity }];
  async function support(quantity: number, participantId: number | null, order: Record<string, unknown> = {}, token?: string) {
    const opened = await request(t.app, { method: 'POST', url: '/api/v1/wholesale/payments', payload: { fundraiser_id: shop.fundraiserId, cart_items: lines(quantity) } });
    expect(opened.statusCode, opened.body).toBe(201);
    const paymentId: string = opened.json().data.payment_id;
    await request(t.app, { method: 'POST', url: `/api/v1/payments/${paymentId}/confirm`, payload: { card: { number: TEST_CARDS.success, exp_month: 12, exp_year: 2035, cvc: '123' } } });
    const placed = await request(t.app, {
      method: 'POST',
      url: '/api/v1/wholesale/orders',
      token,
      headers: { 'idempotency-key': randomUUID() },
      payload: { order: { ...customer, participantId, ...order }, fundraiser_id: shop.fundraiserId, cart_items: lines(quantity), payment_id: paymentId },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    return placed.json().data.order as { id: number };
  }
  const board = async () => {
    const answer = await request(t.app, { method: 'GET', url: `/api/v1/wholesale/fundraisers/${shop.slug}/leaderboard` });
    expect(answer.statusCode, answer.body).toBe(200);
    return { body: answer.body, ...(answer.json().data.leaderboard as { participants: { rank: number; name: string; raisedCents: number; progressPercent: number | null }[]; supporters: { display_name: string; participant_name: string | null }[] }) };
  };
  const ana = () => shop.participants[0]!.id;
  const ben = () => shop.participants[1]!.id;
  const cora = () => shop.participants[2]!.id;

  it('ranks participants by the net raised with their progress, and shows supporters as they chose', async () => {
    const empty = await board();
    expect(empty.participants.map((p) => [p.rank, p.name, p.raisedCents])).toEqual([
      [1, 'Ana', 0],
      [1, 'Ben', 0],
      [1, 'Cora', 0],
    ]);
    expect(empty.supporters).toEqual([]);

    await support(2, ben(), { customerName: 'Maria dela Cruz', supporterDisplay: 'name' });
    await support(1, ana(), { customerName: 'Jose Santos', supporterDisplay: 'anonymous' });
    await support(1, null, { customerName: 'Prince' , supporterDisplay: 'name' });
    const mine = await support(3, cora(), { customerName: 'rita   aguon', supporterDisplay: 'name' }, customerToken);

    const after = await board();
    expect(after.participants.map((p) => [p.rank, p.name, p.raisedCents, p.progressPercent])).toEqual([
      [1, 'Cora', 3000, null],
      [2, 'Ben', 2000, 40],
      [3, 'Ana', 1000, 10],
    ]);
    expect(after.supporters).toMatchObject([
      { display_name: 'rita A.', participant_name: 'Cora' },
      { display_name: 'Prince', participant_name: null },
      { display_name: 'Anonymous', participant_name: 'Ana' },
      { display_name: 'Maria C.', participant_name: 'Ben' },
    ]);
    // Never a full last name, an e-mail or a phone.
    for (const secret of ['Cruz', 'Santos', 'aguon', customer.customerEmail, customer.customerPhone]) expect(after.body).not.toContain(secret);

    // A cancelled order comes off the board and the wall: Cora falls to last.
    const cancelled = await request(t.app, { method: 'DELETE', url: `/api/v1/wholesale/orders/${mine.id}/cancel`, token: customerToken });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const again = await board();
    expect(again.participants.map((p) => [p.rank, p.name, p.raisedCents])).toEqual([
      [1, 'Ben', 2000],
      [2, 'Ana', 1000],
      [3, 'Cora', 0],
    ]);
    expect(again.supporters.map((s) => s.display_name)).toEqual(['Prince', 'Anonymous', 'Maria C.']);
  });

  it('a supporter who does not choose is anonymous; a bad choice is a field error', async () => {
    await support(1, null, { customerName: 'Quiet Person' });
    expect((await board()).supporters[0]!.display_name).toBe('Anonymous');
    const bad = await request(t.app, {
      method: 'POST',
      url: '/api/v1/wholesale/orders',
      headers: { 'idempotency-key': randomUUID() },
      payload: { order: { ...customer, supporterDisplay: 'full' }, fundraiser_id: shop.fundraiserId, cart_items: lines(1), payment_id: randomUUID() },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields).toHaveProperty(['order.supporterDisplay']);
  });

  it("the live goal event after an order carries the participant's net raised, as the board shows it", async () => {
    const emit = vi.spyOn(t.app.realtime, 'emit');
    try {
      await support(2, ana(), { customerName: 'Live Watcher' });
      const goal = emit.mock.calls.find(([, event]) => event === 'wholesale_participant_goal_updated')?.[2] as { participant_id: number; raisedCents: number; progressPercent: number } | undefined;
      const row = (await board()).participants.find((p) => p.name === 'Ana')!;
      expect(goal).toMatchObject({ participant_id: ana(), raisedCents: row.raisedCents, progressPercent: row.progressPercent });
    } finally {
      emit.mockRestore();
    }
  });

  it('answers 404 for an unknown fundraiser', async () => {
    const answer = await request(t.app, { method: 'GET', url: '/api/v1/wholesale/fundraisers/no-such-thing/leaderboard' });
    expect(answer.statusCode).toBe(404);
  });
});
