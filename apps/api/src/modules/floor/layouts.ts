import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import { duplicateLabels, LAYOUT_LIMITS, LayoutEvents, LayoutMessages } from '@kusina/domain/layout-rules';
import type {
  LayoutActivateOutput,
  LayoutCreateInput,
  LayoutOutput,
  LayoutSectionInput,
  LayoutSummaryOutput,
  LayoutUpdateInput,
  SeatOutput,
  SeatUpdateInput,
} from '@kusina/domain/layouts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { layouts, locations, restaurants, seats, seatSections } from '../../db/schema/index.ts';
import { isUniqueViolation, transaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/errors.ts';
import { canActFor, type SessionUser, scopeRestaurant } from '../../lib/access.ts';
import { rooms } from '../../realtime/socket.ts';
import type { ServiceDeps } from '../../deps.ts';

/*
 * Floor layouts and seats (backoffice §3 Layout, §7 /layouts, /seats; decision 0060). Staff of the
 * restaurant read them (the Floor Manager and the seat pickers draw them); its admins write them.
 * A save replaces the plan in one transaction, holding the layout's row, and keeps the id of every
 * section and seat the editor sends back (dbId, seat id), so whatever points at a seat stays true.
 */

type LayoutRow = typeof layouts.$inferSelect;
type SectionRow = typeof seatSections.$inferSelect;
type SeatRow = typeof seats.$inferSelect;

const fieldError = (field: string, message: string) => AppError.validation(message, { [field]: message });

// ── Views ───────────────────────────────────────────────────────────────────────────────

function seatView(row: SeatRow): SeatOutput {
  return { id: row.id, seat_section_id: row.seatSectionId, label: row.label, position_x: row.positionX, position_y: row.positionY, capacity: row.capacity };
}

async function currentLayoutId(db: DbOrTx, restaurantId: number): Promise<number | null> {
  const [row] = await db.select({ id: restaurants.currentLayoutId }).from(restaurants).where(eq(restaurants.id, restaurantId)).limit(1);
  return row?.id ?? null;
}

async function layoutView(db: DbOrTx, layout: LayoutRow): Promise<LayoutOutput> {
  const [sections, seatRows, activeId] = await Promise.all([
    db.select().from(seatSections).where(eq(seatSections.layoutId, layout.id)).orderBy(asc(seatSections.floorNumber), asc(seatSections.id)),
    db.select().from(seats).where(eq(seats.layoutId, layout.id)).orderBy(asc(seats.id)),
    currentLayoutId(db, layout.restaurantId),
  ]);
  const bySection = new Map<number, SeatOutput[]>();
  for (const seat of seatRows) {
    const list = bySection.get(seat.seatSectionId) ?? [];
    list.push(seatView(seat));
    bySection.set(seat.seatSectionId, list);
  }
  return {
    id: layout.id,
    restaurant_id: layout.restaurantId,
    name: layout.name,
    is_active: activeId === layout.id,
    section_count: sections.length,
    seat_count: seatRows.reduce((sum, s) => sum + s.capacity, 0),
    created_at: layout.createdAt.toISOString(),
    updated_at: layout.updatedAt.toISOString(),
    seat_sections: sections.map((s) => ({
      id: s.id,
      name: s.name,
      section_type: s.sectionType,
      orientation: s.orientation,
      offset_x: s.offsetX,
      offset_y: s.offsetY,
      floor_number: s.floorNumber,
      location_id: s.locationId,
      seats: bySection.get(s.id) ?? [],
    })),
  };
}

/**
 * The layout, if the user may see it: a layout of another restaurant is "not found" (its existence
 * is not theirs to learn). `lock` holds its row for the rest of the transaction.
 */
async function layoutFor(db: DbOrTx, user: SessionUser, id: number, level: 'staff' | 'admin', lock?: 'update' | 'share'): Promise<LayoutRow> {
  const query = db.select().from(layouts).where(eq(layouts.id, id)).limit(1);
  const [row] = await (lock === 'update' ? query.for('update') : lock === 'share' ? query.for('share') : query);
  if (!row || !canActFor(user, row.restaurantId)) throw AppError.notFound(LayoutMessages.notFound);
  // Staff of the restaurant may know it exists; changing it is for its admins.
  if (!canActFor(user, row.restaurantId, level)) throw AppError.forbidden();
  return row;
}

// ── Reading ─────────────────────────────────────────────────────────────────────────────

/** GET /layouts: the restaurant's layouts by name, each with its seat count and whether it is active. */
export async function listLayouts(deps: ServiceDeps, user: SessionUser, requestedRestaurantId?: number): Promise<LayoutSummaryOutput[]> {
  const restaurantId = scopeRestaurant(user, requestedRestaurantId);
  const [rows, activeId] = await Promise.all([
    deps.db
      .select({
        layout: layouts,
        // Qualified by hand: Drizzle writes a column unqualified, which the subquery would read as its own.
        sectionCount: sql<number>`(SELECT count(*)::int FROM seat_sections ss WHERE ss.layout_id = "layouts"."id")`,
        seatCount: sql<number>`(SELECT coalesce(sum(st.capacity), 0)::int FROM seats st WHERE st.layout_id = "layouts"."id")`,
      })
      .from(layouts)
      .where(eq(layouts.restaurantId, restaurantId))
      .orderBy(asc(layouts.name), asc(layouts.id)),
    currentLayoutId(deps.db, restaurantId),
  ]);
  return rows.map(({ layout, sectionCount, seatCount }) => ({
    id: layout.id,
    restaurant_id: layout.restaurantId,
    name: layout.name,
    is_active: layout.id === activeId,
    section_count: sectionCount,
    seat_count: seatCount,
    created_at: layout.createdAt.toISOString(),
    updated_at: layout.updatedAt.toISOString(),
  }));
}

/** GET /layouts/{id}: seat_sections with their seats (§3 "Layout served by id"). */
export async function getLayout(deps: ServiceDeps, user: SessionUser, id: number): Promise<LayoutOutput> {
  return layoutView(deps.db, await layoutFor(deps.db, user, id, 'staff'));
}

// ── Writing ─────────────────────────────────────────────────────────────────────────────

const sectionField = (i: number, name: string) => `sections_data.sections.${i}.${name}`;
const seatField = (i: number, j: number, name: string) => `sections_data.sections.${i}.seats.${j}.${name}`;

/** Checks of the whole plan that zod cannot make alone: labels unique, ids of this layout, sizes. */
function checkPlan(sections: LayoutSectionInput[], existingSections: Map<number, SectionRow>, existingSeats: Map<number, SeatRow>): void {
  const total = sections.reduce((n, s) => n + s.seats.length, 0);
  if (total > LAYOUT_LIMITS.seatsPerLayout) throw fieldError('sections_data.sections', `A layout has at most ${LAYOUT_LIMITS.seatsPerLayout} seats`);
  const dupes = new Set(duplicateLabels(sections));
  const sectionIds = new Set<number>();
  const seatIds = new Set<number>();
  sections.forEach((section, i) => {
    if (section.dbId != null) {
      if (!existingSections.has(section.dbId)) throw fieldError(sectionField(i, 'dbId'), LayoutMessages.sectionNotInLayout);
      if (sectionIds.has(section.dbId)) throw fieldError(sectionField(i, 'dbId'), LayoutMessages.sectionNotInLayout);
      sectionIds.add(section.dbId);
    }
    section.seats.forEach((seat, j) => {
      if (dupes.has(seat.label)) throw fieldError(seatField(i, j, 'label'), LayoutMessages.duplicateLabel(seat.label));
      if (seat.id != null) {
        if (!existingSeats.has(seat.id) || seatIds.has(seat.id)) throw fieldError(seatField(i, j, 'id'), LayoutMessages.seatNotInLayout);
        seatIds.add(seat.id);
      }
    });
  });
}

/**
 * Writes `sections` as the layout's whole plan. Sections with a dbId and seats with an id are
 * updated in place; a seat sent without an id in a kept section takes the id of that section's
 * unclaimed seat with the same label (so a client that sends only labels keeps ids too); the rest
 * are inserted. Sections and seats not sent are deleted. Seats move before sections are deleted,
 * so a seat carried into another section survives its old section.
 */
async function writePlan(tx: Database, restaurantId: number, layoutId: number, sections: LayoutSectionInput[]): Promise<void> {
  const [sectionRows, seatRows, dining] = await Promise.all([
    tx.select().from(seatSections).where(eq(seatSections.layoutId, layoutId)),
    tx.select().from(seats).where(eq(seats.layoutId, layoutId)),
    tx.select({ id: locations.id }).from(locations).where(eq(locations.restaurantId, restaurantId)),
  ]);
  // A section's dining room is one of the restaurant's locations (decision 0105).
  sections.forEach((section, i) => {
    if (section.locationId != null && !dining.some((l) => l.id === section.locationId)) throw fieldError(sectionField(i, 'locationId'), LayoutMessages.sectionLocationNotFound);
  });
  const existingSections = new Map(sectionRows.map((s) => [s.id, s]));
  const existingSeats = new Map(seatRows.map((s) => [s.id, s]));
  checkPlan(sections, existingSections, existingSeats);

  // Seats sent without an id: claim an unclaimed seat of the kept section by label.
  const claimed = new Set(sections.flatMap((s) => s.seats.flatMap((seat) => (seat.id == null ? [] : [seat.id]))));
  const seatIdsOf = sections.map((section) =>
    section.seats.map((seat) => {
      if (seat.id != null) return seat.id;
      if (section.dbId == null) return null;
      const match = seatRows.find((row) => row.seatSectionId === section.dbId && row.label === seat.label && !claimed.has(row.id));
      if (!match) return null;
      claimed.add(match.id);
      return match.id;
    }),
  );

  const sectionIds: number[] = [];
  for (const section of sections) {
    const values = { name: section.name, sectionType: section.type, orientation: section.orientation, offsetX: section.offsetX, offsetY: section.offsetY, floorNumber: section.floorNumber };
    const old = section.dbId == null ? undefined : existingSections.get(section.dbId);
    if (!old) {
      const [row] = await tx.insert(seatSections).values({ layoutId, ...values, locationId: section.locationId ?? null }).returning({ id: seatSections.id });
      sectionIds.push(row!.id);
      continue;
    }
    sectionIds.push(old.id);
    const locationId = section.locationId === undefined ? old.locationId : section.locationId;
    const changed =
      old.name !== values.name || old.sectionType !== values.sectionType || old.orientation !== values.orientation || old.offsetX !== values.offsetX || old.offsetY !== values.offsetY || old.floorNumber !== values.floorNumber || old.locationId !== locationId;
    if (changed) await tx.update(seatSections).set({ ...values, locationId }).where(eq(seatSections.id, old.id));
  }

  const inserts: (typeof seats.$inferInsert)[] = [];
  for (const [i, section] of sections.entries()) {
    for (const [j, seat] of section.seats.entries()) {
      const values = { seatSectionId: sectionIds[i]!, layoutId, label: seat.label, positionX: seat.position_x, positionY: seat.position_y, capacity: seat.capacity };
      const seatId = seatIdsOf[i]![j];
      const old = seatId == null ? undefined : existingSeats.get(seatId);
      if (!old) {
        inserts.push(values);
        continue;
      }
      const changed = old.seatSectionId !== values.seatSectionId || old.label !== values.label || old.positionX !== values.positionX || old.positionY !== values.positionY || old.capacity !== values.capacity;
      if (changed) await tx.update(seats).set(values).where(eq(seats.id, old.id));
    }
  }
  // Seats not kept go first (new ones are not written yet), then the new seats, then the sections
  // not kept: a kept seat has already moved out of them.
  const keptSeats = [...claimed];
  await tx.delete(seats).where(and(eq(seats.layoutId, layoutId), keptSeats.length ? notInArray(seats.id, keptSeats) : undefined));
  if (inserts.length) await tx.insert(seats).values(inserts);
  await tx.delete(seatSections).where(and(eq(seatSections.layoutId, layoutId), sectionIds.length ? notInArray(seatSections.id, sectionIds) : undefined));
}

/** The restaurant's seat count follows its active layout: rewritten whenever that layout changes. */
async function refreshSeatCount(tx: Database, restaurantId: number, layoutId: number): Promise<void> {
  await tx
    .update(restaurants)
    .set({ currentSeatCount: sql`(SELECT coalesce(sum(${seats.capacity}), 0)::int FROM ${seats} WHERE ${seats.layoutId} = ${layoutId})` })
    .where(and(eq(restaurants.id, restaurantId), eq(restaurants.currentLayoutId, layoutId)));
}

function changed(deps: ServiceDeps, restaurantId: number, layoutId: number, event: string = LayoutEvents.updated): void {
  deps.realtime.emit(rooms.staff(restaurantId), event, { layout_id: layoutId, restaurant_id: restaurantId });
}

/** The deferred label constraint speaks at COMMIT: a race lost to another save of the layout. */
function labelRace(error: unknown): never {
  if (isUniqueViolation(error, 'seats_layout_label_unique')) throw AppError.conflict('Another change to this layout gave a seat the same label. Reload the layout and try again.');
  throw error;
}

/** POST /layouts: a new layout of the admin's restaurant, its plan written with it. */
export async function createLayout(deps: ServiceDeps, user: SessionUser, input: LayoutCreateInput): Promise<LayoutOutput> {
  const restaurantId = scopeRestaurant(user, input.restaurant_id, 'admin');
  const layout = await transaction(deps.pool, async ({ tx }) => {
    const [row] = await tx.insert(layouts).values({ restaurantId, name: input.name }).returning();
    await writePlan(tx, restaurantId, row!.id, input.sections_data.sections);
    return layoutView(tx, row!);
  }).catch(labelRace);
  changed(deps, restaurantId, layout.id);
  return layout;
}

/** PATCH /layouts/{id}: the name and/or the whole plan; an active layout's seat count follows. */
export async function updateLayout(deps: ServiceDeps, user: SessionUser, id: number, input: LayoutUpdateInput): Promise<LayoutOutput> {
  const layout = await transaction(deps.pool, async ({ tx }) => {
    const row = await layoutFor(tx, user, id, 'admin', 'update');
    if (input.sections_data) await writePlan(tx, row.restaurantId, row.id, input.sections_data.sections);
    // Touch updated_at even when only the plan changed, so lists show the latest save.
    const [saved] = await tx.update(layouts).set({ name: input.name ?? row.name, updatedAt: new Date() }).where(eq(layouts.id, row.id)).returning();
    await refreshSeatCount(tx, row.restaurantId, row.id);
    return layoutView(tx, saved!);
  }).catch(labelRace);
  changed(deps, layout.restaurant_id, layout.id);
  return layout;
}

/**
 * POST /layouts/{id}/activate: the restaurant's current layout and its seat count (the sum of the
 * layout's seat capacities), written together. A layout without seats cannot seat anyone.
 */
export async function activateLayout(deps: ServiceDeps, user: SessionUser, id: number): Promise<LayoutActivateOutput> {
  const result = await transaction(deps.pool, async ({ tx }) => {
    // Shared lock: a save of this layout in flight finishes first, so the count is of its plan.
    const row = await layoutFor(tx, user, id, 'admin', 'share');
    const [restaurant] = await tx
      .update(restaurants)
      .set({ currentLayoutId: row.id, currentSeatCount: sql`(SELECT coalesce(sum(${seats.capacity}), 0)::int FROM ${seats} WHERE ${seats.layoutId} = ${row.id})` })
      .where(eq(restaurants.id, row.restaurantId))
      .returning({ currentSeatCount: restaurants.currentSeatCount });
    if (!restaurant || restaurant.currentSeatCount < 1) throw fieldError('seat_sections', 'Add at least one seat before activating this layout.');
    return { row, seatCount: restaurant.currentSeatCount };
  });
  changed(deps, result.row.restaurantId, result.row.id, LayoutEvents.activated);
  // The restaurant's record changed (current_layout_id, current_seat_count): open screens refetch it.
  deps.realtime.emit(rooms.restaurant(result.row.restaurantId), 'restaurant_update', { id: result.row.restaurantId });
  return { message: LayoutMessages.activated(result.row.name), layout_id: result.row.id, current_layout_id: result.row.id, current_seat_count: result.seatCount };
}

/** PATCH /seats/{id}: a new label, unique within the seat's layout (checked under the layout's lock). */
export async function updateSeat(deps: ServiceDeps, user: SessionUser, id: number, input: SeatUpdateInput): Promise<SeatOutput> {
  const { seat, restaurantId } = await transaction(deps.pool, async ({ tx }) => {
    const [found] = await tx.select({ seat: seats, restaurantId: layouts.restaurantId }).from(seats).innerJoin(layouts, eq(layouts.id, seats.layoutId)).where(eq(seats.id, id)).limit(1);
    if (!found || !canActFor(user, found.restaurantId)) throw AppError.notFound(LayoutMessages.seatNotFound);
    await layoutFor(tx, user, found.seat.layoutId, 'admin', 'update');
    const [taken] = await tx
      .select({ id: seats.id })
      .from(seats)
      .where(and(eq(seats.layoutId, found.seat.layoutId), eq(seats.label, input.label), sql`${seats.id} <> ${id}`))
      .limit(1);
    if (taken) throw fieldError('label', LayoutMessages.labelTaken(input.label));
    const [row] = await tx.update(seats).set({ label: input.label }).where(eq(seats.id, id)).returning();
    return { seat: row!, restaurantId: found.restaurantId };
  }).catch(labelRace);
  changed(deps, restaurantId, seat.layoutId);
  return seatView(seat);
}
