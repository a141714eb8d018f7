import { tableSeatPositions } from '@kusina/domain/floor-layout';
import type { LayoutOutput, LayoutSummaryOutput } from '@kusina/domain/layouts';
import type { SeatAllocationOutput } from '@kusina/domain/seat-allocations';

/* The floor the back office's tests draw on: one table of four (seats 700–703, T1-1…T1-4). */

export const fixtureStamp = '2030-06-01T00:00:00.000Z';

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
