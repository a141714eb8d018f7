import { eq } from 'drizzle-orm';
import { openAllDay } from '../orders/test-support.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderConfirmationOutput } from '@kusina/domain/orders';
import { orderEtaEvents, orderStatusEvents } from '../../db/schema/index.ts';
import { build, request, type TestContext } from '../../test/build.ts';
import { api, demoTokens, simpleOrder, type Tokens } from './test-support.ts';

/**
 * The customer's confirmation carries its timeline (status_history: status and time of each step,
 * oldest first; eta_updated_at: when staff last set the pickup time) and never who did it.
 */
describe("order management: the customer's timeline on the confirmation", () => {
  let t: TestContext;
  let tokens: Tokens;
  let http: ReturnType<typeof api>;
  beforeAll(async () => {
    t = await build();
    await openAllDay(t.db);
    tokens = await demoTokens(t.app, t.db);
    http = api(t.app);
  });
  afterAll(() => t.close());

  /** GET /orders/:id as the guest's link opens it, checked against the shared contract. */
  async function confirmation(id: number, token: string): Promise<OrderConfirmationOutput> {
    const response = await request(t.app, { method: 'GET', url: `/api/v1/orders/${id}?token=${token}` });
    expect(response.statusCode, response.body).toBe(200);
    // No staff member's name, role or account anywhere in what the customer gets.
    expect(response.body).not.toMatch(/Kekoa|Ana Admin|actor|"role"/);
    return OrderConfirmationOutput.parse(response.json());
  }

  async function eventTimes(orderId: number): Promise<{ status: string; at: string }[]> {
    const rows = await t.db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, orderId)).orderBy(orderStatusEvents.createdAt, orderStatusEvents.id);
    return rows.map((r) => ({ status: r.toStatus, at: r.createdAt.toISOString() }));
  }

  it('a new order answers its one-step history from checkout, and GET answers the same', async () => {
    const order = (await simpleOrder(t.app, t.db)) as unknown as OrderConfirmationOutput & { access_token: string };
    expect(order.status_history).toEqual([{ status: 'pending', at: order.created_at }]);
    expect(order.eta_updated_at).toBeNull();
    const fetched = await confirmation(order.id, order.access_token);
    expect(fetched.status_history).toEqual([{ status: 'pending', at: order.created_at }]);
    expect(fetched.status_history).toEqual(await eventTimes(order.id));
    expect(fetched.eta_updated_at).toBeNull();
  });

  it('grows with each status change (oldest first, times from the events), and eta_updated_at follows the last ETA change', async () => {
    const order = await simpleOrder(t.app, t.db);
    const steps: string[] = ['pending'];
    const move = async (status: string, extra: Record<string, unknown> = {}) => {
      const moved = await http.patch(`/admin/orders/${order.id}/status`, tokens.staff, { status, ...extra });
      expect(moved.statusCode, moved.body).toBe(200);
      steps.push(status);
      const seen = await confirmation(order.id, order.access_token);
      expect(seen.status).toBe(status);
      expect(seen.status_history.map((s) => s.status)).toEqual(steps);
      expect(seen.status_history).toEqual(await eventTimes(order.id));
      for (const step of seen.status_history) expect(Object.keys(step).sort()).toEqual(['at', 'status']);
      return seen;
    };

    expect((await move('confirmed')).eta_updated_at).toBeNull();

    const eta = await http.patch(`/admin/orders/${order.id}/eta`, tokens.staff, { minutes_from_now: 40 });
    expect(eta.statusCode, eta.body).toBe(200);
    const [etaEvent] = await t.db.select().from(orderEtaEvents).where(eq(orderEtaEvents.orderId, order.id));
    const afterEta = await confirmation(order.id, order.access_token);
    expect(afterEta.eta_updated_at).toBe(etaEvent!.createdAt.toISOString());
    // The staff detail says the same time.
    expect(eta.json().eta_updated_at).toBe(etaEvent!.createdAt.toISOString());

    const preparing = await move('preparing', { estimated_pickup_time: new Date(Date.now() + 55 * 60_000).toISOString() });
    expect(Date.parse(preparing.eta_updated_at!)).toBeGreaterThan(Date.parse(afterEta.eta_updated_at!));
    await move('ready');
    const completed = await move('completed');
    expect(completed.status_history.map((s) => s.status)).toEqual(['pending', 'confirmed', 'preparing', 'ready', 'completed']);
    const times = completed.status_history.map((s) => Date.parse(s.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('a cancellation (with its refund) and a full refund show as the last step', async () => {
    const cancelled = await simpleOrder(t.app, t.db);
    expect((await http.patch(`/admin/orders/${cancelled.id}/status`, tokens.staff, { status: 'cancelled', reason: 'Kekoa says no fish' })).statusCode).toBe(200);
    const seenCancelled = await request(t.app, { method: 'GET', url: `/api/v1/orders/${cancelled.id}?token=${cancelled.access_token}` });
    expect(seenCancelled.json().status_history.map((s: { status: string }) => s.status)).toEqual(['pending', 'cancelled']);
    // The reason is the staff's note, not the customer's: it is not in the timeline either.
    expect(seenCancelled.body).not.toContain('no fish');

    const refunded = await simpleOrder(t.app, t.db);
    expect((await http.post(`/admin/orders/${refunded.id}/refunds`, tokens.admin, { full: true, restock: 'return', reason: 'Late' })).statusCode).toBe(201);
    expect((await confirmation(refunded.id, refunded.access_token)).status_history.map((s) => s.status)).toEqual(['pending', 'refunded']);
  });
});
