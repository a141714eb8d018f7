import { tableSeatPositions } from '@kusina/domain/layout-rules';
import type { LayoutOutput, LayoutSummaryOutput } from '@kusina/domain/layouts';
import type { ReservationOutput } from '@kusina/domain/reservations';
import type { SeatAllocationOutput } from '@kusina/domain/seat-allocations';
import { makeUser } from './render-app.tsx';

/* The floor the back office's tests draw on: one table of four (seats 700–703, T1-1…T1-4). */

export const fixtureStamp = '2030-06-01T00:00:00.000Z';

/* The host, the dining room and the party the back office's tests book. */

export const staffUser = makeUser({ id: 3, role: 'staff', first_name: 'Kekoa', last_name: 'Staff', name: 'Kekoa Staff' });

export const diningRoom = { id: 1, restaurant_id: 1, name: 'Tamuning Dining Room', address: null, phone_number: null, is_default: true, is_active: true, active: true };

/** Kenji Sato's party of four, booked for 18:00 Guam on Tue Jun 4, 2030 (08:00 UTC), for an hour. */
export function bookedReservation(overrides: Partial<ReservationOutput> = {}): ReservationOutput {
  return {
    id: 42,
    reservation_number: 'R-000042',
    restaurant_id: 1,
    location_id: 1,
    location: { id: 1, name: diningRoom.name },
    start_time: '2030-06-04T08:00:00.000Z',
    end_time: '2030-06-04T09:00:00.000Z',
    duration_minutes: 60,
    party_size: 4,
    contact_name: 'Kenji Sato',
    contact_phone: null,
    contact_email: null,
    status: 'booked',
    seat_preferences: [],
    seat_labels: [],
    special_requests: null,
    source: 'staff',
    created_at: fixtureStamp,
    updated_at: fixtureStamp,
    ...overrides,
  };
}

/** GET /availability's answer for `date` with these Guam times ("18:00") free for 20 seats. */
export function availabilityAnswer(date: string, slots: string[]) {
  const utc = (time: string) => `${date}T${String(Number(time.slice(0, 2)) - 10).padStart(2, '0')}:${time.slice(3)}:00.000Z`;
  return {
    date,
    location_id: 1,
    slots,
    slot_details: slots.map((time) => ({ time, start_time: utc(time), available_seats: 20 })),
    closed_reason: null,
    actual_capacity: 26,
    admin_max_party_size: 20,
    effective_max_party_size: 20,
    max_available_seats: 26,
    default_reservation_length: 60,
  };
}

export const mainLayout: LayoutOutput = {
  id: 7,
  restaurant_id: 1,
  name: 'Main Floor',
  is_active: true,
  section_count: 1,
  seat_count: 4,
  created_at: fixtureStamp,
  updated_at: fixtureStamp,
  seat_sections: [
    {
      id: 70,
      name: 'Table 1',
      section_type: 'table',
      orientation: 'vertical',
      offset_x: 220,
      offset_y: 220,
      floor_number: 1,
      location_id: null,
      seats: tableSeatPositions(4).map((p, i) => ({ id: 700 + i, seat_section_id: 70, label: `T1-${i + 1}`, position_x: p.x, position_y: p.y, capacity: 1 })),
    },
  ],
};

/** A layout as GET /layouts lists it (without its sections). */
export function layoutSummary(layout: LayoutOutput): LayoutSummaryOutput {
  const { seat_sections: _sections, ...rest } = layout;
  return rest;
}

/** A reservation's live allocation of one of the main layout's seats (T1-n for seat 699 + n). */
export const seatAllocation = (seatId: number, overrides: Partial<SeatAllocationOutput> = {}): SeatAllocationOutput => ({
  id: seatId * 10,
  restaurant_id: 1,
  seat_id: seatId,
  seat_label: `T1-${seatId - 699}`,
  occupant_type: 'reservation',
  occupant_id: 60,
  occupant_status: 'reserved',
  occupant_name: 'Min-jun Park',
  occupant_party_size: 2,
  status: 'reserved',
  start_time: '2030-06-04T08:00:00.000Z',
  end_time: '2030-06-04T09:00:00.000Z',
  released_at: null,
  ...overrides,
});
