import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seatPositions } from '@kusina/domain/layout-rules';
import type { LayoutOutput, LayoutSummaryOutput } from '@kusina/domain/layouts';
import { layouts, restaurants, seats, users } from '../../db/schema/index.ts';
import { build, tokenFor, type TestContext } from '../../test/build.ts';
import { api, demoTokens, type Tokens } from '../reservations/test-support.ts';

/** A section in the editor's shape (§3 sections_data), seats placed by the shared geometry. */
function section(name: string, count: number, overrides: Record<string, unknown> = {}, labels?: string[]) {
  const type = (overrides.type as 'table' | 'counter' | undefined) ?? 'table';
  const orientation = (overrides.orientation as 'vertical' | 'horizontal' | undefined) ?? 'horizontal';
  return {
    id: `client-${name}`,
    dbId: null,
    name,
    type,
    orientation,
    offsetX: 300,
    offsetY: 200,
    floorNumber: 1,
    seats: seatPositions(type, orientation, count).map((p, i) => ({ label: labels?.[i] ?? `${name}-${i + 1}`, position_x: p.x, position_y: p.y, capacity: 1 })),
    ...overrides,
  };
}

/** The editor's shape of a saved layout, as the web client sends it back. */
function asSections(layout: LayoutOutput) {
  return layout.seat_sections.map((s) => ({
    id: `s${s.id}`,
    dbId: s.id,
    name: s.name,
    type: s.section_type,
    orientation: s.orientation,
    offsetX: s.offset_x,
    offsetY: s.offset_y,
    floorNumber: s.floor_number,
    seats: s.seats.map((seat) => ({ id: seat.id, label: seat.label, position_x: seat.position_x, position_y: seat.position_y, capacity: seat.capacity })),
  }));
}

describe('floor layouts API', () => {
  let t: TestContext;
  let tokens: Tokens & { otherStaff: string };
  let http: ReturnType<typeof api>;

  beforeAll(async () => {
    t = await build();
    await t.db.insert(users).values({ email: 'staff2@kusina.test', firstName: 'Vicente', lastName: 'Blue', role: 'staff', restaurantId: 2, passwordHash: 'x' });
    tokens = { ...(await demoTokens(t.app, t.db)), otherStaff: await tokenFor(t.app, t.db, 'staff2@kusina.test') };
    http = api(t.app);
  });
  afterAll(() => t.close());

  const create = async (body: unknown, token = tokens.admin) => http.post('/layouts', body, token);

  it("a section's dining room: served, set and kept across saves; another restaurant's location is refused (decision 0105)", async () => {
    const rooms = await t.db.query.locations.findMany();
    const tumon = rooms.find((l) => l.name.startsWith('Tumon'))!.id;
    const theirs = rooms.find((l) => l.restaurantId === 2)!.id;
    const main = (await http.get('/layouts', tokens.staff)).json().find((l: LayoutSummaryOutput) => l.name === 'Main Floor') as LayoutSummaryOutput;
    const demo = (await http.get(`/layouts/${main.id}`, tokens.staff)).json() as LayoutOutput;
    // The demo's lanai (floor 2) is Tumon's; floor 1 the default room's (null).
    expect(new Set(demo.seat_sections.filter((s) => s.floor_number === 2).map((s) => s.location_id))).toEqual(new Set([tumon]));
    expect(new Set(demo.seat_sections.filter((s) => s.floor_number === 1).map((s) => s.location_id))).toEqual(new Set([null]));
    const created = (await create({ name: 'Rooms', sections_data: { sections: [section('A', 2, { locationId: tumon }), section('B', 2)] } })).json() as LayoutOutput;
    expect(created.seat_sections.map((s) => s.location_id)).toEqual([tumon, null]);
    // The editor sends no locationId back: each section stays in its room.
    const kept = await http.patch(`/layouts/${created.id}`, { sections_data: { sections: asSections(created) } }, tokens.admin);
    expect((kept.json() as LayoutOutput).seat_sections.map((s) => s.location_id)).toEqual([tumon, null]);
    const moved = await http.patch(`/layouts/${created.id}`, { sections_data: { sections: asSections(created).map((s, i) => (i === 0 ? { ...s, locationId: null } : s)) } }, tokens.admin);
    expect((moved.json() as LayoutOutput).seat_sections.map((s) => s.location_id)).toEqual([null, null]);
    const refused = await http.patch(`/layouts/${created.id}`, { sections_data: { sections: asSections(created).map((s, i) => (i === 1 ? { ...s, locationId: theirs } : s)) } }, tokens.admin);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.details.fields).toEqual({ 'sections_data.sections.1.locationId': "That dining room is not one of this restaurant's locations." });
  });

  it('serves the demo: the active Main Floor of 42 seats over two floors, and the restaurant counts them', async () => {
    const list = (await http.get('/layouts', tokens.staff)).json() as LayoutSummaryOutput[];
    const main = list.find((l) => l.name === 'Main Floor')!;
    expect(main).toMatchObject({ is_active: true, seat_count: 42, section_count: 10 });
    expect(list.filter((l) => l.is_active)).toHaveLength(1);
    const layout = (await http.get(`/layouts/${main.id}`, tokens.staff)).json() as LayoutOutput;
    expect(new Set(layout.seat_sections.map((s) => s.floor_number))).toEqual(new Set([1, 2]));
    const table = layout.seat_sections.find((s) => s.name === 'Table 1')!;
    expect(table).toMatchObject({ section_type: 'table', seats: expect.any(Array) });
    expect(table.seats.map((s) => [s.label, s.position_x, s.position_y])).toEqual([
      ['T1-1', 0, -82],
      ['T1-2', 82, 0],
      ['T1-3', 0, 82],
      ['T1-4', -82, 0],
    ]);
    const restaurant = (await http.get('/restaurants/1')).json();
    expect(restaurant).toMatchObject({ current_layout_id: main.id, current_seat_count: 42 });
    // The other restaurant's list is its own.
    const other = (await http.get('/layouts', tokens.otherAdmin)).json() as LayoutSummaryOutput[];
    expect(other.map((l) => l.name)).toEqual(['Barrigada Floor Plan']);
  });

  it('creates a layout with its plan and keeps section and seat ids across saves', async () => {
    const emit = vi.spyOn(t.app.realtime, 'emit');
    const res = await create({ name: ' Patio ', sections_data: { sections: [section('Table 9', 4), section('Rail', 3, { type: 'counter', offsetX: 700, floorNumber: 2 })] } });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as LayoutOutput;
    expect(created).toMatchObject({ name: 'Patio', is_active: false, seat_count: 7, section_count: 2 });
    expect(emit).toHaveBeenCalledWith('staff:1', 'layout_updated', { layout_id: created.id, restaurant_id: 1 });
    const table = created.seat_sections.find((s) => s.name === 'Table 9')!;
    const seatIds = table.seats.map((s) => s.id);

    // Move the table, rename a seat, give one seat 2 places, drop the counter, add a section.
    const sections = asSections(created).filter((s) => s.name !== 'Rail');
    sections[0]!.offsetX = 512.4;
    sections[0]!.seats[0]!.label = 'Window';
    sections[0]!.seats[1]!.capacity = 2;
    const saved = await http.patch(`/layouts/${created.id}`, { name: 'Patio Night', sections_data: { sections: [...sections, section('Table 10', 2, { offsetX: 900 })] } }, tokens.admin);
    expect(saved.statusCode, saved.body).toBe(200);
    const after = saved.json() as LayoutOutput;
    expect(after.name).toBe('Patio Night');
    const kept = after.seat_sections.find((s) => s.name === 'Table 9')!;
    expect(kept.id).toBe(table.id);
    expect(kept.offset_x).toBe(512);
    expect(kept.seats.map((s) => s.id)).toEqual(seatIds);
    expect(kept.seats.map((s) => s.label)).toEqual(['Window', 'Table 9-2', 'Table 9-3', 'Table 9-4']);
    expect(after.seat_sections.map((s) => s.name).sort()).toEqual(['Table 10', 'Table 9']);
    expect(after.seat_count).toBe(4 + 1 + 2);
    // The dropped counter's seats are gone from the database.
    expect((await t.db.select().from(seats).where(eq(seats.layoutId, created.id))).length).toBe(6);

    // A client that sends only labels (no seat ids) keeps them too; a seat swap of labels passes.
    const byLabel = asSections(after).map((s) => ({ ...s, seats: s.seats.map(({ id: _id, ...rest }) => rest) }));
    const t10 = byLabel.find((s) => s.name === 'Table 10')!;
    const t10Ids = after.seat_sections.find((s) => s.name === 'Table 10')!.seats.map((s) => s.id);
    const again = (await http.patch(`/layouts/${created.id}`, { sections_data: { sections: byLabel } }, tokens.admin)).json() as LayoutOutput;
    expect(again.seat_sections.find((s) => s.name === 'Table 10')!.seats.map((s) => s.id)).toEqual(t10Ids);
    const swapped = asSections(again);
    const pair = swapped.find((s) => s.name === 'Table 10')!.seats;
    [pair[0]!.label, pair[1]!.label] = [pair[1]!.label, pair[0]!.label];
    const swap = await http.patch(`/layouts/${created.id}`, { sections_data: { sections: swapped } }, tokens.admin);
    expect(swap.statusCode, swap.body).toBe(200);
    expect((swap.json() as LayoutOutput).seat_sections.find((s) => s.name === 'Table 10')!.seats.map((s) => s.label)).toEqual([t10.seats[1]!.label, t10.seats[0]!.label]);
    emit.mockRestore();
  });

  it('refuses bad plans naming the field, and writes nothing', async () => {
    const before = (await http.get('/layouts', tokens.admin)).json() as LayoutSummaryOutput[];
    const cases: [unknown, number, string][] = [
      [{ name: '', sections_data: { sections: [] } }, 400, 'name'],
      [{ name: 'X', sections_data: { sections: [section('A', 2, { floorNumber: 0 })] } }, 400, 'sections_data.sections.0.floorNumber'],
      [{ name: 'X', sections_data: { sections: [section('A', 2, { type: 'booth' })] } }, 400, 'sections_data.sections.0.type'],
      [{ name: 'X', sections_data: { sections: [{ ...section('A', 1), seats: [{ label: 'A1', position_x: 0, position_y: 0, capacity: 0 }] }] } }, 400, 'sections_data.sections.0.seats.0.capacity'],
      [{ name: 'X', sections_data: { sections: [{ ...section('A', 1), seats: [{ label: '  ', position_x: 0, position_y: 0, capacity: 1 }] }] } }, 400, 'sections_data.sections.0.seats.0.label'],
      [{ name: 'X', sections_data: { sections: [section('A', 2, {}, ['A1', 'B1']), section('B', 2, {}, ['B2', 'B1'])] } }, 422, 'sections_data.sections.0.seats.1.label'],
      [{ name: 'X', sections_data: { sections: [section('A', 2, { dbId: 999999 })] } }, 422, 'sections_data.sections.0.dbId'],
      [{ name: 'X', sections_data: { sections: [{ ...section('A', 1), seats: [{ id: 1, label: 'A1', position_x: 0, position_y: 0, capacity: 1 }] }] } }, 422, 'sections_data.sections.0.seats.0.id'],
      [{ name: 'X', sections_data: { sections: [section('A', 2, { offsetX: 1e9 })] } }, 400, 'sections_data.sections.0.offsetX'],
    ];
    for (const [body, status, field] of cases) {
      const res = await create(body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(status);
      expect(Object.keys(res.json().error.details.fields), res.body).toContain(field);
    }
    expect(((await http.get('/layouts', tokens.admin)).json() as unknown[]).length).toBe(before.length);

    // A failed save of an existing layout leaves its plan as it was (one transaction).
    const patio = before.find((l) => l.name === 'Patio Night')!;
    const plan = (await http.get(`/layouts/${patio.id}`, tokens.admin)).json() as LayoutOutput;
    const broken = asSections(plan);
    broken.push({ ...section('Late', 1, {}, [plan.seat_sections[0]!.seats[0]!.label]), id: 'late', dbId: null } as never);
    broken[0]!.offsetX = 999;
    const res = await http.patch(`/layouts/${patio.id}`, { name: 'Renamed', sections_data: { sections: broken } }, tokens.admin);
    expect(res.statusCode).toBe(422);
    expect((await http.get(`/layouts/${patio.id}`, tokens.admin)).json()).toEqual(plan);
  });

  it('activates: the restaurant points at the layout and counts its seat capacity; saving it keeps the count true', async () => {
    const emit = vi.spyOn(t.app.realtime, 'emit');
    const created = (await create({ name: 'Brunch', sections_data: { sections: [section('Table 1', 4), { ...section('Booth', 2), seats: section('Booth', 2).seats.map((s) => ({ ...s, capacity: 3 })) }] } })).json() as LayoutOutput;
    const res = await http.post(`/layouts/${created.id}/activate`, {}, tokens.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Layout "Brunch" is now active.', layout_id: created.id, current_layout_id: created.id, current_seat_count: 10 });
    expect(emit).toHaveBeenCalledWith('staff:1', 'layout_activated', { layout_id: created.id, restaurant_id: 1 });
    expect(emit).toHaveBeenCalledWith('restaurant:1', 'restaurant_update', { id: 1 });
    const [row] = await t.db.select().from(restaurants).where(eq(restaurants.id, 1));
    expect(row).toMatchObject({ currentLayoutId: created.id, currentSeatCount: 10 });
    const list = (await http.get('/layouts', tokens.staff)).json() as LayoutSummaryOutput[];
    expect(list.filter((l) => l.is_active).map((l) => l.id)).toEqual([created.id]);

    // Saving the active layout with one table fewer: the restaurant now seats 6.
    const sections = asSections(created).filter((s) => s.name !== 'Table 1');
    expect((await http.patch(`/layouts/${created.id}`, { sections_data: { sections } }, tokens.admin)).statusCode).toBe(200);
    expect((await http.get('/restaurants/1')).json()).toMatchObject({ current_layout_id: created.id, current_seat_count: 6 });

    // A layout without seats is not activated; the current one stays.
    const empty = (await create({ name: 'Empty room' })).json() as LayoutOutput;
    const refused = await http.post(`/layouts/${empty.id}/activate`, {}, tokens.admin);
    expect(refused.statusCode).toBe(422);
    expect((await http.get('/restaurants/1')).json()).toMatchObject({ current_layout_id: created.id, current_seat_count: 6 });
    emit.mockRestore();
  });

  it('renames a seat (PATCH /seats/:id) unless another seat of the layout has the label', async () => {
    const created = (await create({ name: 'Seat names', sections_data: { sections: [section('Bar', 3, { type: 'counter' }, ['B1', 'B2', 'B3'])] } })).json() as LayoutOutput;
    const [first, second] = created.seat_sections[0]!.seats;
    const ok = await http.patch(`/seats/${first!.id}`, { label: ' Corner ' }, tokens.admin);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ id: first!.id, label: 'Corner' });
    const taken = await http.patch(`/seats/${second!.id}`, { label: 'Corner' }, tokens.admin);
    expect(taken.statusCode).toBe(422);
    expect(taken.json().error.details.fields.label).toBe('Seat label "Corner" is already used in this layout.');
    expect((await http.patch(`/seats/${second!.id}`, { label: '' }, tokens.admin)).statusCode).toBe(400);
    // The same label in another layout is fine.
    const other = (await create({ name: 'Other names', sections_data: { sections: [section('Bar', 1, { type: 'counter' }, ['X'])] } })).json() as LayoutOutput;
    expect((await http.patch(`/seats/${other.seat_sections[0]!.seats[0]!.id}`, { label: 'Corner' }, tokens.admin)).statusCode).toBe(200);
    // The database refuses a duplicate label within a layout too (deferred to commit).
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(seats).set({ label: 'Corner' }).where(eq(seats.id, second!.id));
      }),
    ).rejects.toThrow();
  });

  it('lets staff read and only admins write; another restaurant’s layouts are not found', async () => {
    const mine = (await create({ name: 'Roles', sections_data: { sections: [section('T', 2)] } })).json() as LayoutOutput;
    const seatId = mine.seat_sections[0]!.seats[0]!.id;
    const calls = {
      list: () => ({ method: 'GET', url: '/layouts' }),
      get: () => ({ method: 'GET', url: `/layouts/${mine.id}` }),
      create: () => ({ method: 'POST', url: '/layouts', body: { name: 'R', sections_data: { sections: [] } } }),
      update: () => ({ method: 'PATCH', url: `/layouts/${mine.id}`, body: { name: 'Roles' } }),
      activate: () => ({ method: 'POST', url: `/layouts/${mine.id}/activate`, body: {} }),
      seat: () => ({ method: 'PATCH', url: `/seats/${seatId}`, body: { label: 'T-1' } }),
    } as const;
    const expected: Record<string, Record<keyof typeof calls, number>> = {
      anonymous: { list: 401, get: 401, create: 401, update: 401, activate: 401, seat: 401 },
      customer: { list: 403, get: 403, create: 403, update: 403, activate: 403, seat: 403 },
      staff: { list: 200, get: 200, create: 403, update: 403, activate: 403, seat: 403 },
      // Another restaurant's people: their own list (200), this restaurant's layout is not found.
      otherStaff: { list: 200, get: 404, create: 403, update: 403, activate: 403, seat: 403 },
      otherAdmin: { list: 200, get: 404, create: 201, update: 404, activate: 404, seat: 404 },
      admin: { list: 200, get: 200, create: 201, update: 200, activate: 200, seat: 200 },
      superAdmin: { list: 200, get: 200, create: 201, update: 200, activate: 200, seat: 200 },
    };
    for (const [caller, statuses] of Object.entries(expected)) {
      const token = caller === 'anonymous' ? undefined : tokens[caller as keyof typeof tokens];
      for (const [name, call] of Object.entries(calls)) {
        const { method, url, body } = call() as { method: string; url: string; body?: unknown };
        const res = method === 'GET' ? await http.get(url, token) : method === 'POST' ? await http.post(url, body, token) : await http.patch(url, body, token);
        expect(res.statusCode, `${caller} ${name}: ${res.body}`).toBe(statuses[name as keyof typeof calls]);
      }
    }
    // The other restaurant's admin made their layout in their own restaurant, and cannot pick ours.
    expect((await t.db.select().from(layouts).where(eq(layouts.name, 'R'))).map((l) => l.restaurantId).sort()).toEqual([1, 1, 2]);
    expect((await http.get('/layouts?restaurant_id=1', tokens.otherAdmin)).statusCode).toBe(403);
    expect((await create({ restaurant_id: 1, name: 'Sneaky' }, tokens.otherAdmin)).statusCode).toBe(403);
  });

  it('serialises saves of one layout: parallel saves each land whole, no seat is doubled or lost', async () => {
    const created = (await create({ name: 'Busy night', sections_data: { sections: [section('Table 1', 4)] } })).json() as LayoutOutput;
    const plans = [2, 3, 5, 6].map((count) => {
      const sections = asSections(created);
      sections[0]!.offsetX = 300 + count;
      return { count, sections: [...sections, section(`Extra ${count}`, count)] };
    });
    const results = await Promise.all(plans.map((p) => http.patch(`/layouts/${created.id}`, { sections_data: { sections: p.sections } }, tokens.admin)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const final = (await http.get(`/layouts/${created.id}`, tokens.admin)).json() as LayoutOutput;
    // Exactly one of the plans, whole: the kept table and one extra section.
    expect(final.seat_sections).toHaveLength(2);
    const extra = final.seat_sections.find((s) => s.name.startsWith('Extra'))!;
    const count = Number(extra.name.split(' ')[1]);
    expect(extra.seats).toHaveLength(count);
    const table = final.seat_sections.find((s) => s.name === 'Table 1')!;
    expect(table.offset_x).toBe(300 + count);
    expect(table.seats.map((s) => s.id)).toEqual(created.seat_sections[0]!.seats.map((s) => s.id));
    expect((await t.db.select().from(seats).where(eq(seats.layoutId, created.id))).length).toBe(4 + count);

    // A plan read before another save removed a seat names a seat that is gone: refused, not re-created.
    const stale = asSections(final);
    const trimmed = asSections(final).map((s) => ({ ...s, seats: s.name === 'Table 1' ? s.seats.slice(0, 2) : s.seats }));
    expect((await http.patch(`/layouts/${created.id}`, { sections_data: { sections: trimmed } }, tokens.admin)).statusCode).toBe(200);
    const refused = await http.patch(`/layouts/${created.id}`, { sections_data: { sections: stale } }, tokens.admin);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe('This seat is not part of the layout. Reload the layout and try again.');
  });
});
