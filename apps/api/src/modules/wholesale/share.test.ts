import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wholesaleFundraisers, wholesaleParticipants } from '../../db/schema/index.ts';
import { build, request, tokenFor, type TestContext } from '../../test/build.ts';
import { participantPreview } from './service.ts';
import { buy, createTestFundraiser, payFor, placeOrder, type TestFundraiser } from './test-support.ts';

/** Sharing a participant's page (issue #36 item 3, decision 0122): message and photo, link preview, attribution. */
describe("a participant's page", () => {
  let t: TestContext;
  let admin: string;
  let shop: TestFundraiser;

  beforeAll(async () => {
    t = await build({}, { now: () => new Date('2026-12-10T00:00:00Z') });
    admin = await tokenFor(t.app, t.db, 'admin@kusina.test');
    shop = await createTestFundraiser(t.db, { participants: [{ name: 'Ana', goalCents: 10000 }, { name: 'Ben' }], items: [{ name: 'Plain', priceCents: 2500 }] });
  });
  afterAll(() => t.close());

  const save = (id: number, input: Record<string, unknown>) =>
    request(t.app, { method: 'PUT', url: `/api/v1/wholesale/admin/participants/${id}`, token: admin, payload: { name: 'Ana', goal_cents: 10000, ...input } });
  const shown = async () => (await request(t.app, { method: 'GET', url: `/api/v1/wholesale/fundraisers/${shop.slug}` })).json().data.fundraiser.participants as { id: number; message: string | null; photoUrl: string | null }[];

  it('keeps a message and an uploaded photo from management and shows them on the shop', async () => {
    const ana = shop.participants[0]!.id;
    const saved = await save(ana, { message: '  Help us get to Saipan! <3  ', photo_url: '/uploads/merchandise/abc123.webp' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.participant).toMatchObject({ message: 'Help us get to Saipan! <3', photoUrl: '/uploads/merchandise/abc123.webp' });
    expect((await shown()).find((p) => p.id === ana)).toMatchObject({ message: 'Help us get to Saipan! <3', photoUrl: '/uploads/merchandise/abc123.webp' });
    // An edit that leaves the message out keeps it.
    expect((await save(ana, { photo_url: '/uploads/merchandise/abc123.webp' })).json().data.participant.message).toBe('Help us get to Saipan! <3');
  });

  it('refuses a message over 280 characters and a photo that is not an upload or an https address, changing nothing', async () => {
    const ana = shop.participants[0]!.id;
    const long = await save(ana, { message: 'x'.repeat(281) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.details.fields.message).toBe('Keep the message to 280 characters.');
    for (const photo of ['javascript:alert(1)', 'http://example.com/a.png', '"><script>x</script>']) {
      const bad = await save(ana, { photo_url: photo });
      expect(bad.statusCode, photo).toBe(400);
      expect(bad.json().error.details.fields.photo_url).toBe('Upload a photo, or give an https:// address of one.');
    }
    const [row] = await t.db.select().from(wholesaleParticipants).where(eq(wholesaleParticipants.id, ana));
    expect(row).toMatchObject({ message: 'Help us get to Saipan! <3', photoUrl: '/uploads/merchandise/abc123.webp' });
  });

  it('describes the page for link previews: name, message, progress and a raster image', async () => {
    const ana = shop.participants[0]!.id;
    await buy(t.app, shop, [{ item_id: shop.items[0]!.id, fundraiser_id: shop.fundraiserId, quantity: 1 }], { participantId: ana });
    const preview = await participantPreview(t.app.deps, 1, `/wholesale/${shop.slug}/participants/${ana}`);
    const raised = ((await shown()).find((p) => p.id === ana) as unknown as { raisedCents: number }).raisedCents;
    expect(raised).toBeGreaterThanOrEqual(2500);
    expect(preview).toEqual({
      title: `Support Ana · Fundraiser ${shop.slug}`,
      description: `Help us get to Saipan! <3 · $${(raised / 100).toFixed(2)} raised of a $100.00 goal`,
      image: `${t.app.config.publicUrl}/uploads/merchandise/abc123.webp`,
      imageAlt: 'Photo of Ana',
      url: `${t.app.config.publicUrl}/wholesale/${shop.slug}/participants/${ana}`,
    });
    // No photo of their own (or only an SVG): the fundraiser's card image; none that is raster: no image.
    const ben = shop.participants[1]!.id;
    await t.db.update(wholesaleParticipants).set({ photoUrl: '/images/wholesale/p-ben.svg' }).where(eq(wholesaleParticipants.id, ben));
    await t.db.update(wholesaleFundraisers).set({ cardImageUrl: 'https://cdn.example.com/card.jpg?v=2' }).where(eq(wholesaleFundraisers.id, shop.fundraiserId));
    expect(await participantPreview(t.app.deps, 1, `/wholesale/${shop.slug}/participants/${ben}`)).toMatchObject({
      description: `Support Ben in Fundraiser ${shop.slug}: $0.00 raised.`,
      image: 'https://cdn.example.com/card.jpg?v=2',
    });
    await t.db.update(wholesaleFundraisers).set({ cardImageUrl: null }).where(eq(wholesaleFundraisers.id, shop.fundraiserId));
    expect((await participantPreview(t.app.deps, 1, `/wholesale/${shop.slug}/participants/${ben}`))?.image).toBeNull();
  });

  it('gives no preview for another restaurant, another fundraiser, an inactive participant or another path', async () => {
    const ana = shop.participants[0]!.id;
    const other = await createTestFundraiser(t.db, { participants: [{ name: 'Elsewhere' }], items: [] });
    expect(await participantPreview(t.app.deps, 2, `/wholesale/${shop.slug}/participants/${ana}`)).toBeNull();
    expect(await participantPreview(t.app.deps, 1, `/wholesale/${shop.slug}/participants/${other.participants[0]!.id}`)).toBeNull();
    expect(await participantPreview(t.app.deps, 1, `/wholesale/${shop.slug}/participants/99999999999`)).toBeNull();
    expect(await participantPreview(t.app.deps, 1, `/wholesale/${shop.slug}`)).toBeNull();
    await t.db.update(wholesaleParticipants).set({ active: false }).where(eq(wholesaleParticipants.id, other.participants[0]!.id));
    expect(await participantPreview(t.app.deps, 1, `/wholesale/${other.slug}/participants/${other.participants[0]!.id}`)).toBeNull();
  });

  it('credits an order only to an active participant of its own fundraiser', async () => {
    const lines = [{ item_id: shop.items[0]!.id, fundraiser_id: shop.fundraiserId, quantity: 1 }];
    const ben = shop.participants[1]!.id;
    await t.db.update(wholesaleParticipants).set({ active: false }).where(eq(wholesaleParticipants.id, ben));
    const refused = await placeOrder(t.app, await payFor(t.app, shop.fundraiserId, lines), shop.fundraiserId, lines, { participantId: ben });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.details.fields).toHaveProperty('participantId');
    await t.db.update(wholesaleParticipants).set({ active: true }).where(eq(wholesaleParticipants.id, ben));
  });
});
