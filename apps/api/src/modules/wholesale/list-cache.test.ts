import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wholesaleFundraisers, wholesaleParticipants } from '../../db/schema/index.ts';
import { build, request, tokenFor, type TestContext } from '../../test/build.ts';
import { until } from '../../test/realtime.ts';
import { buy, createTestFundraiser, type TestFundraiser } from './test-support.ts';

/**
 * The shop's fundraiser list cache (decision 0126): served from memory between writes, and a write
 * on one node — through the API or straight into the database — is seen by the other node's next
 * read as soon as the commit's NOTIFY arrives; the writing node sees its own write at once.
 */
describe('fundraiser list cache across nodes', () => {
  let a: TestContext;
  let b: TestContext;
  let shop: TestFundraiser;
  let admin: string;

  beforeAll(async () => {
    a = await build();
    b = await build({}, { databaseUrl: a.databaseUrl });
    admin = await tokenFor(a.app, a.db, 'admin@kusina.test');
    shop = await createTestFundraiser(a.db, { participants: [{ name: 'Josh' }], items: [{ priceCents: 1500 }] });
    await until(() => a.app.wholesaleListCache.isListening && b.app.wholesaleListCache.isListening, 'both list caches listening');
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const list = async (node: TestContext) => {
    const answer = await request(node.app, { method: 'GET', url: '/api/v1/wholesale/fundraisers' });
    expect(answer.statusCode).toBe(200);
    return answer.json().data.fundraisers as { id: number; name: string; participant_count: number; raised_cents: number; supporters_count: number }[];
  };
  const mine = async (node: TestContext) => (await list(node)).find((f) => f.id === shop.fundraiserId);
  /** The other node's next read, as soon as the commit's NOTIFY has arrived (well under a second). */
  const seenOn = async (node: TestContext, check: (f: Awaited<ReturnType<typeof mine>>) => boolean) => {
    const deadline = Date.now() + 2000;
    for (;;) {
      const f = await mine(node);
      if (check(f)) return f;
      if (Date.now() > deadline) throw new Error(`node never saw the change: ${JSON.stringify(f)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  it('serves repeated reads from memory: one fill, then hits, with the same body as the database gives', async () => {
    const fresh = await list(b);
    // The notifications of the setup's own writes may still be on their way: read until one is a hit.
    for (let i = 0; i < 40; i++) {
      const before = b.app.wholesaleListCache.stats.misses;
      await list(b);
      if (b.app.wholesaleListCache.stats.misses === before) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const { hits, misses } = b.app.wholesaleListCache.stats;
    for (let i = 0; i < 5; i++) expect(await list(b)).toEqual(fresh);
    expect(b.app.wholesaleListCache.stats.hits).toBe(hits + 5);
    expect(b.app.wholesaleListCache.stats.misses).toBe(misses);
    // A search is never cached; it reads the database as before.
    const searched = await request(b.app, { method: 'GET', url: `/api/v1/wholesale/fundraisers?search=${shop.slug}` });
    expect(searched.json().data.fundraisers.map((f: { id: number }) => f.id)).toEqual([shop.fundraiserId]);
  });

  it('a change written straight into the database on one node (another tool, a script) reaches the other node', async () => {
    await mine(b);
    await a.db.update(wholesaleFundraisers).set({ name: 'Renamed Tigers' }).where(eq(wholesaleFundraisers.id, shop.fundraiserId));
    expect((await seenOn(b, (f) => f?.name === 'Renamed Tigers'))?.name).toBe('Renamed Tigers');
    await a.db.insert(wholesaleParticipants).values({ fundraiserId: shop.fundraiserId, name: 'Mia', position: 1 });
    expect((await seenOn(b, (f) => f?.participant_count === 2))?.participant_count).toBe(2);
    // A fundraiser closed by status leaves the list.
    await a.db.update(wholesaleFundraisers).set({ status: 'draft' }).where(eq(wholesaleFundraisers.id, shop.fundraiserId));
    await seenOn(b, (f) => f === undefined);
    await a.db.update(wholesaleFundraisers).set({ status: 'current' }).where(eq(wholesaleFundraisers.id, shop.fundraiserId));
    await seenOn(b, (f) => f !== undefined);
  });

  it('an order and its cancellation move the progress figures on the other node; the writing node sees them at once', async () => {
    const before = (await mine(b))!;
    await mine(a);
    const order = await buy(a.app, shop, [{ item_id: shop.items[0]!.id, quantity: 2 }], { participantId: shop.participants[0]!.id });
    // The node that took the order answers its next read with it, without waiting for anything.
    expect((await mine(a))!.raised_cents).toBe(before.raised_cents + 3000);
    const after = await seenOn(b, (f) => f?.raised_cents === before.raised_cents + 3000);
    expect(after!.supporters_count).toBe(before.supporters_count + 1);
    const cancelled = await request(a.app, { method: 'PATCH', url: `/api/v1/wholesale/admin/orders/${order.id}/status`, token: admin, payload: { status: 'cancelled' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await mine(a))!.raised_cents).toBe(before.raised_cents);
    await seenOn(b, (f) => f?.raised_cents === before.raised_cents && f.supporters_count === before.supporters_count);
  });

  it('a management write through the API on one node: the other node follows', async () => {
    await mine(b);
    const added = await request(a.app, { method: 'POST', url: `/api/v1/wholesale/admin/fundraisers/${shop.fundraiserId}/participants`, token: admin, payload: { name: 'Ana' } });
    expect(added.statusCode, added.body).toBe(201);
    const count = (await mine(a))!.participant_count;
    await seenOn(b, (f) => f?.participant_count === count);
  });

  it('stores nothing while it cannot hear the other nodes (its LISTEN connection is down)', async () => {
    const cache = b.app.wholesaleListCache;
    cache.setListening(false);
    try {
      await list(b);
      const { hits } = cache.stats;
      await list(b);
      await list(b);
      expect(cache.stats.hits).toBe(hits);
    } finally {
      cache.setListening(true);
    }
  });

  it('the triggers name the restaurant of every kind of write (the channel the caches hear)', async () => {
    const client = await a.pool.connect();
    const heard: string[] = [];
    try {
      client.on('notification', (m) => {
        if (m.channel === 'wholesale_changed') heard.push(m.payload ?? '');
      });
      await client.query('LISTEN wholesale_changed');
      await a.db.execute(sql`UPDATE wholesale_items SET active = active WHERE id = ${shop.items[0]!.id}`);
      await a.db.execute(sql`UPDATE wholesale_participant_credits SET amount_cents = amount_cents WHERE fundraiser_id = ${shop.fundraiserId}`);
      await a.db.execute(sql`UPDATE wholesale_orders SET notes = notes WHERE fundraiser_id = ${shop.fundraiserId}`);
      await until(() => heard.length >= 3, 'three notifications');
      expect(new Set(heard)).toEqual(new Set(['1']));
    } finally {
      await client.query('UNLISTEN wholesale_changed');
      client.release();
    }
  });
});
