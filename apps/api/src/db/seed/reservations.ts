import { randomBytes } from 'node:crypto';
import { restaurantDay } from '@kusina/domain/menu-calendar';
import type { ReservationStatus } from '@kusina/domain/reservations';
import type { WaitlistStatus } from '@kusina/domain/waitlist-rules';
import { addDays, weekdayOf, zonedInstant } from '@kusina/domain/restaurant-schedule';
import type { Tx } from '../client.ts';
import { blockedPeriods, guestProfiles, locationCapacities, locations, operatingHours, reservations, specialEvents, waitlistEntries } from '../schema/index.ts';

/** Kusina (1) is closed on Mondays (0 = Sunday). */
const KUSINA_CLOSED_WEEKDAYS = new Set([1]);

/**
 * Reservations demo (issue #21): Kusina (1) has two active dining rooms, its week's hours (closed
 * Mondays), a fiesta night with a guest cap, a closed holiday, a private party blocking the Tumon
 * room, and a week of reservations around today in every status. Kusina Barrigada (2) has one room.
 * Dates are relative to the day the demo is seeded (Guam).
 */
export async function seedReservations(tx: Tx, now = new Date()): Promise<void> {
  const [tamuning, tumon, barrigada] = await tx
    .insert(locations)
    .values([
      { restaurantId: 1, name: 'Tamuning Dining Room', address: '1000 Marine Corps Dr, Tamuning, GU 96913', phoneNumber: '+16716464461', isDefault: true },
      { restaurantId: 1, name: 'Tumon Bay Lanai', address: '1255 Pale San Vitores Rd, Tumon, GU 96913', phoneNumber: '+16716464462' },
      { restaurantId: 2, name: 'Barrigada Dining Room', address: '150 Route 8, Barrigada, GU 96913', phoneNumber: '+16717342020', isDefault: true },
    ])
    .returning();
  await tx.insert(locationCapacities).values([
    { restaurantId: 1, locationId: tamuning!.id, totalCapacity: 26, defaultTableCapacity: 4 },
    { restaurantId: 1, locationId: tumon!.id, totalCapacity: 16, defaultTableCapacity: 4 },
    { restaurantId: 2, locationId: barrigada!.id, totalCapacity: 20, defaultTableCapacity: 4 },
  ]);
  await tx.insert(operatingHours).values([
    ...[0, 1, 2, 3, 4, 5, 6].map((d) => ({
      restaurantId: 1,
      dayOfWeek: d,
      openTime: d === 0 ? '10:00' : '11:00',
      closeTime: d === 5 || d === 6 ? '22:00' : '21:00',
      closed: KUSINA_CLOSED_WEEKDAYS.has(d),
    })),
    ...[0, 1, 2, 3, 4, 5, 6].map((d) => ({ restaurantId: 2, dayOfWeek: d, openTime: '11:00', closeTime: '21:00', closed: false })),
  ]);

  const today = restaurantDay(now).date;
  // The next dates that are not a closed weekday, for the events: the block and the fiesta must fall
  // on days the restaurant opens whatever day the demo is seeded (tests read them, decision 0087).
  const openDate = (from: number) => {
    let date = addDays(today, from);
    while (KUSINA_CLOSED_WEEKDAYS.has(weekdayOf(date))) date = addDays(date, 1);
    return date;
  };
  await tx.insert(specialEvents).values([
    { restaurantId: 1, eventDate: openDate(9), startTime: '17:00', endTime: '22:00', maxCapacity: 30, description: 'Chamorro Fiesta Night: live music and a fiesta plate' },
    { restaurantId: 1, eventDate: openDate(20), closed: true, description: 'Closed for the staff retreat' },
  ]);
  const blockDay = openDate(2);
  await tx.insert(blockedPeriods).values({
    restaurantId: 1,
    locationId: tumon!.id,
    startTime: new Date(zonedInstant(blockDay, 18 * 60)),
    endTime: new Date(zonedInstant(blockDay, 21 * 60)),
    reason: 'Private birthday party on the lanai',
  });

  type Seed = [dayOffset: number, time: string, party: number, name: string, phone: string | null, email: string | null, status: ReservationStatus, location: number, requests?: string];
  const week: Seed[] = [
    [-3, '18:00', 4, 'Maria Cruz', '+16715550101', 'maria.cruz@example.com', 'finished', tamuning!.id],
    [-3, '19:00', 2, 'Kenji Sato', '+819012345678', 'kenji.sato@example.jp', 'no_show', tumon!.id],
    [-2, '12:00', 6, 'Rosa Taitano', '+16715550102', null, 'finished', tamuning!.id, 'Birthday: a candle on the latiya, please'],
    [-2, '18:30', 3, 'Ji-woo Kim', '+821012345678', 'jiwoo.kim@example.kr', 'canceled', tamuning!.id],
    [-1, '19:00', 2, 'Joseph Perez', '+16715550103', 'joe.perez@example.com', 'rejected', tumon!.id],
    [-1, '17:30', 8, 'Leon Guerrero family', '+16715550104', 'lg.family@example.com', 'finished', tamuning!.id],
    [0, '11:30', 2, 'Ana Aguon', '+16715550105', 'ana.aguon@example.com', 'seated', tamuning!.id],
    [0, '18:00', 4, 'Yuki Tanaka', '+818012345678', 'yuki.tanaka@example.jp', 'reserved', tamuning!.id, 'Window table if possible'],
    [0, '19:00', 5, 'Peter Santos', '+16715550106', 'peter.santos@example.com', 'booked', tumon!.id],
    [1, '12:30', 2, 'Carmen Blas', '+16715550107', 'carmen.blas@example.com', 'booked', tamuning!.id],
    [1, '18:30', 6, 'Min-jun Park', '+821098765432', 'minjun.park@example.kr', 'reserved', tumon!.id, 'Celebrating an anniversary'],
    [2, '19:00', 4, 'Frank Quinata', '+16715550108', null, 'booked', tamuning!.id],
    [3, '17:00', 10, 'University of Guam alumni', '+16715550109', 'alumni@example.edu', 'reserved', tamuning!.id, 'Two tables side by side'],
    [3, '20:00', 2, 'Hana Suzuki', '+819087654321', 'hana.suzuki@example.jp', 'canceled', tumon!.id],
  ];
  await tx.insert(reservations).values(
    week.map(([offset, time, party, name, phone, email, status, locationId, requests]) => {
      const [h, m] = time.split(':').map(Number) as [number, number];
      const start = zonedInstant(addDays(today, offset), h * 60 + m);
      return {
        restaurantId: 1,
        locationId,
        startTime: new Date(start),
        endTime: new Date(start + 60 * 60_000),
        durationMinutes: 60,
        partySize: party,
        contactName: name,
        contactPhone: phone,
        contactEmail: email,
        status,
        specialRequests: requests ?? null,
        guestToken: randomBytes(32).toString('base64url'),
        source: offset % 2 === 0 ? ('public' as const) : ('staff' as const),
      };
    }),
  );
  await seedTonight(tx, tamuning!.id, now);
  await seedWaitlist(tx, { tamuning: tamuning!.id, tumon: tumon!.id, barrigada: barrigada!.id }, now);
  // A guest with history (decision 0109): Rosa Taitano's birthday lunch this week and tonight's walk-in
  // are two visits; staff noted her allergy and tagged her.
  await tx.insert(guestProfiles).values({ restaurantId: 1, phone: '+16715550102', notes: 'Shellfish allergy. Likes the corner booth.', tags: ['regular', 'birthday in June'] });
}

/**
 * An instant `minutesAgo` before now (decision 0105's demo), kept inside today: seeded less than
 * `window` minutes after midnight, the window shrinks to the minutes since midnight, in order.
 */
function minutesBefore(now: Date, minutesAgo: number, window: number): Date {
  const { startsAt } = restaurantDay(now);
  const elapsed = now.getTime() - startsAt;
  return new Date(elapsed >= window * 60_000 ? now.getTime() - minutesAgo * 60_000 : startsAt + Math.floor((elapsed * (window - minutesAgo)) / window));
}

/** The Tamuning dining room in the middle of a busy evening, relative to when the demo is seeded. */
export const TONIGHT = [
  // [minutes ago, length, party, name, phone, status]: just sat down, near the end, overstaying, late.
  [25, 120, 4, 'Lizama birthday', '+16715550131', 'seated'],
  [80, 90, 2, 'Lisa Reyes', '+16715550132', 'seated'],
  [110, 75, 3, 'Dave Torres', '+16715550133', 'seated'],
  [20, 90, 2, 'Noelani Flores', '+16715550134', 'reserved'],
] as const satisfies readonly (readonly [number, number, number, string, string, ReservationStatus])[];

/** TONIGHT's stays for a seeding at `now`: each from its minutes ago (kept inside today) for its length. */
export function tonightStays(now: Date) {
  return TONIGHT.map(([minutesAgo, length, party, name, phone, status]) => {
    const start = minutesBefore(now, minutesAgo, 120);
    return { start, end: new Date(start.getTime() + length * 60_000), party, name, phone, status };
  });
}

/**
 * Tonight's floor in progress (issue #35): parties seated at different points of their stay — one
 * just seated, one near its end, one overstaying (past its length) — and one booking late (its time
 * has passed, it has not arrived). Their seats are held on the floor (seed/floor.ts).
 */
async function seedTonight(tx: Tx, tamuning: number, now: Date): Promise<void> {
  await tx.insert(reservations).values(
    tonightStays(now).map(({ start, end, party, name, phone, status }, i) => {
      return {
        restaurantId: 1,
        locationId: tamuning,
        startTime: start,
        endTime: end,
        durationMinutes: (end.getTime() - start.getTime()) / 60_000,
        partySize: party,
        contactName: name,
        contactPhone: phone,
        contactEmail: null,
        status,
        specialRequests: null,
        guestToken: randomBytes(32).toString('base64url'),
        source: i % 2 === 0 ? ('public' as const) : ('staff' as const),
      };
    }),
  );
}

/**
 * Tonight's waitlist (decision 0058): walk-ins who checked in over the last hour of today (Guam) at
 * each restaurant — most still waiting, some seated (two of them already gone), one who gave up. Seeded shortly after midnight,
 * the hour shrinks to the minutes since midnight, so every entry stays on today's list, in order.
 */
async function seedWaitlist(tx: Tx, room: { tamuning: number; tumon: number; barrigada: number }, now: Date): Promise<void> {
  const { startsAt } = restaurantDay(now);
  const elapsed = now.getTime() - startsAt;
  const checkedIn = (minutesAgo: number) => new Date(elapsed >= 60 * 60_000 ? now.getTime() - minutesAgo * 60_000 : startsAt + Math.floor((elapsed * (60 - minutesAgo)) / 60));
  // Quotes (decision 0107): what the host stand quoted each party; the seated ones kept their actual
  // wait, so the tab's quote accuracy has a figure (three seated parties, two of them gone).
  type Seed = [restaurant: number, minutesAgo: number, party: number, name: string, phone: string | null, status: WaitlistStatus, location: number | null, quoted: number | null, waited?: number, left?: number, notes?: string];
  const tonight: Seed[] = [
    [1, 58, 2, 'Rosa Taitano', '+16715550102', 'seated', room.tamuning, 10, 12, 5],
    [1, 57, 3, 'Pedro Quitugua', '+16715550126', 'seated', room.tamuning, 15, 9, 3],
    [1, 55, 4, 'Tasi Mendiola', '+16715550121', 'seated', room.tamuning, 20, 25],
    [1, 41, 2, 'Keoni Kahale', '+16715550122', 'removed', null, 15, undefined, undefined, 'Left before a table opened'],
    [1, 27, 6, 'Dela Cruz family', '+16715550123', 'waiting', room.tamuning, 35, undefined, undefined, 'High chair for a toddler'],
    [1, 19, 2, 'Sakura Ito', '+819011112222', 'waiting', room.tumon, 20, undefined, undefined, 'Prefers the lanai'],
    [1, 11, 3, 'Jae-hyun Lee', '+821033334444', 'waiting', null, 25],
    [1, 4, 5, 'Manny Camacho', '+16715550124', 'waiting', room.tamuning, 40],
    [2, 34, 2, 'Lourdes Borja', '+16717340101', 'seated', room.barrigada, 10, 8],
    [2, 16, 4, 'Ramon Sablan', '+16717340102', 'waiting', room.barrigada, 20],
    [2, 6, 3, 'Aiko Nakamura', null, 'waiting', room.barrigada, 15],
  ];
  await tx.insert(waitlistEntries).values(
    tonight.map(([restaurantId, minutesAgo, party, name, phone, status, locationId, quoted, waited, left, notes]) => {
      const checkInTime = checkedIn(minutesAgo);
      // Seated after `waited` minutes (never later than now); gone `left` minutes ago.
      const seatedAt = waited === undefined ? null : new Date(Math.min(now.getTime(), checkInTime.getTime() + waited * 60_000));
      return {
        restaurantId,
        locationId,
        contactName: name,
        contactPhone: phone,
        partySize: party,
        checkInTime,
        status,
        seatLabels: [],
        notes: notes ?? null,
        quotedWaitMinutes: quoted,
        seatedAt,
        leftAt: left === undefined || !seatedAt ? null : new Date(Math.max(seatedAt.getTime(), now.getTime() - left * 60_000)),
      };
    }),
  );
}
