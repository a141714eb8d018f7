import { and, eq, inArray } from 'drizzle-orm';
import { defaultSeatLabels, seatPositions, type Orientation, type SectionType } from '@kusina/domain/layout-rules';
import { turnTimeFor } from '@kusina/domain/turn-time-rules';
import type { Tx } from '../client.ts';
import { layouts, locations, reservations, restaurants, seatAllocations, seats, seatSections, waitlistEntries } from '../schema/index.ts';

/**
 * Floor layouts demo (decision 0060). Kusina (1): the Main Floor, its Tamuning dining room on floor
 * 1 (five round four-tops and a six-seat bar counter: 26, the room's capacity) and the Tumon Bay
 * lanai on floor 2 (four four-tops: 16), active, so current_seat_count is 42 like the two
 * locations' capacities; and a Fiesta Banquet layout (long counters) to switch to. Kusina
 * Barrigada (2): three four-tops and an eight-seat counter (20, its room's capacity), active.
 * Seats are placed by the same geometry as the editor's (packages/domain/src/layout-rules.ts).
 */
type Section = [name: string, type: SectionType, orientation: Orientation, x: number, y: number, floor: number, seats: number];

const MAIN_FLOOR: Section[] = [
  ['Table 1', 'table', 'vertical', 220, 220, 1, 4],
  ['Table 2', 'table', 'vertical', 500, 220, 1, 4],
  ['Table 3', 'table', 'vertical', 780, 220, 1, 4],
  ['Table 4', 'table', 'vertical', 220, 500, 1, 4],
  ['Table 5', 'table', 'vertical', 500, 500, 1, 4],
  ['Bar Counter', 'counter', 'horizontal', 740, 480, 1, 6],
  ['Lanai 1', 'table', 'vertical', 220, 220, 2, 4],
  ['Lanai 2', 'table', 'vertical', 500, 220, 2, 4],
  ['Lanai 3', 'table', 'vertical', 220, 500, 2, 4],
  ['Lanai 4', 'table', 'vertical', 500, 500, 2, 4],
];
const FIESTA: Section[] = [
  ['Long Table A', 'counter', 'horizontal', 160, 200, 1, 10],
  ['Long Table B', 'counter', 'horizontal', 160, 420, 1, 10],
  ['Head Table', 'table', 'vertical', 1000, 320, 1, 6],
];
const BARRIGADA: Section[] = [
  ['Table 1', 'table', 'vertical', 220, 220, 1, 4],
  ['Table 2', 'table', 'vertical', 500, 220, 1, 4],
  ['Table 3', 'table', 'vertical', 780, 220, 1, 4],
  ['Counter', 'counter', 'horizontal', 200, 480, 1, 8],
];

/**
 * `floorLocations` names the dining room of a floor's sections (decision 0105): the Main Floor's
 * floor 2 is the Tumon Bay lanai; a floor not named is the restaurant's default location.
 */
async function seedLayout(tx: Tx, restaurantId: number, name: string, plan: Section[], floorLocations: Record<number, number | undefined> = {}): Promise<{ id: number; seatCount: number }> {
  const [layout] = await tx.insert(layouts).values({ restaurantId, name }).returning();
  const taken = new Set<string>();
  let seatCount = 0;
  for (const [sectionName, type, orientation, offsetX, offsetY, floorNumber, count] of plan) {
    const [section] = await tx.insert(seatSections).values({ layoutId: layout!.id, name: sectionName, sectionType: type, orientation, offsetX, offsetY, floorNumber, locationId: floorLocations[floorNumber] ?? null }).returning();
    const labels = defaultSeatLabels(sectionName, count, taken);
    labels.forEach((l) => taken.add(l));
    await tx.insert(seats).values(
      seatPositions(type, orientation, count).map((p, i) => ({ seatSectionId: section!.id, layoutId: layout!.id, label: labels[i]!, positionX: p.x, positionY: p.y, capacity: 1 })),
    );
    seatCount += count;
  }
  return { id: layout!.id, seatCount };
}

export async function seedFloor(tx: Tx): Promise<void> {
  const [tumon] = await tx.select({ id: locations.id }).from(locations).where(and(eq(locations.restaurantId, 1), eq(locations.name, 'Tumon Bay Lanai')));
  const main = await seedLayout(tx, 1, 'Main Floor', MAIN_FLOOR, { 2: tumon?.id });
  await seedLayout(tx, 1, 'Fiesta Banquet', FIESTA);
  const barrigada = await seedLayout(tx, 2, 'Barrigada Floor Plan', BARRIGADA);
  await tx.update(restaurants).set({ currentLayoutId: main.id, currentSeatCount: main.seatCount }).where(eq(restaurants.id, 1));
  await tx.update(restaurants).set({ currentLayoutId: barrigada.id, currentSeatCount: barrigada.seatCount }).where(eq(restaurants.id, 2));
  await seedAllocations(tx, main.id);
}

/**
 * Today's floor at Kusina (decision 0067), matching the reservations and waitlist demo: the seated
 * walk-in (Tasi Mendiola, 4) at Table 1 from check-in for its turn time, the seated reservation (Ana
 * Aguon, 2) at the bar from 11:30, the reserved one (Yuki Tanaka, 4) holding Table 2 for 18:00, and
 * tonight's parties in progress (seed/reservations.ts TONIGHT: just seated at Table 3, near its end
 * and late at Table 5, overstaying at Table 4). A reservation holds its seats for its own length
 * (decision 0105), the party's seat labels written beside them.
 */
async function seedAllocations(tx: Tx, layoutId: number): Promise<void> {
  const seatsOf = async (labels: string[]) =>
    tx.select({ id: seats.id, label: seats.label }).from(seats).where(and(eq(seats.layoutId, layoutId), inArray(seats.label, labels)));
  const reservation = async (name: string, status: 'seated' | 'reserved') =>
    (await tx.select().from(reservations).where(and(eq(reservations.restaurantId, 1), eq(reservations.contactName, name), eq(reservations.status, status))))[0];
  const [walkIn] = await tx.select().from(waitlistEntries).where(and(eq(waitlistEntries.restaurantId, 1), eq(waitlistEntries.contactName, 'Tasi Mendiola')));
  const stay = (r: typeof reservations.$inferSelect | undefined) => (r ? { id: r.id, start: r.startTime, end: r.endTime } : undefined);
  const plan: [occupantType: 'reservation' | 'waitlist', span: { id: number; start: Date; end: Date } | undefined, status: 'seated' | 'reserved', labels: string[]][] = [
    ['waitlist', walkIn ? { id: walkIn.id, start: walkIn.checkInTime, end: new Date(walkIn.checkInTime.getTime() + turnTimeFor(walkIn.partySize) * 60_000) } : undefined, 'seated', ['T1-1', 'T1-2', 'T1-3', 'T1-4']],
    ['reservation', stay(await reservation('Ana Aguon', 'seated')), 'seated', ['BC-1', 'BC-2']],
    ['reservation', stay(await reservation('Yuki Tanaka', 'reserved')), 'reserved', ['T2-1', 'T2-2', 'T2-3', 'T2-4']],
    ['reservation', stay(await reservation('Lizama birthday', 'seated')), 'seated', ['T3-1', 'T3-2', 'T3-3', 'T3-4']],
    ['reservation', stay(await reservation('Lisa Reyes', 'seated')), 'seated', ['T5-1', 'T5-2']],
    ['reservation', stay(await reservation('Dave Torres', 'seated')), 'seated', ['T4-1', 'T4-2', 'T4-3']],
    ['reservation', stay(await reservation('Noelani Flores', 'reserved')), 'reserved', ['T5-3', 'T5-4']],
  ];
  for (const [occupantType, span, status, labels] of plan) {
    if (span === undefined) continue;
    const rows = await seatsOf(labels);
    await tx.insert(seatAllocations).values(rows.map((seat) => ({ restaurantId: 1, seatId: seat.id, occupantType, occupantId: span.id, status, startTime: span.start, endTime: span.end })));
    if (occupantType === 'waitlist') await tx.update(waitlistEntries).set({ seatLabels: labels }).where(eq(waitlistEntries.id, span.id));
    else await tx.update(reservations).set({ seatLabels: labels }).where(eq(reservations.id, span.id));
  }
}
