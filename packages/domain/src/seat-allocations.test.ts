import { describe, expect, it } from 'vitest';
import { allocationWindow, dayBounds, SeatAllocationCreateFields, seatStateOf, SeatAllocationMessages } from './seat-allocations.ts';

const at = (iso: string) => Date.parse(iso);

describe('seat allocation rules (§9 times, §4 states, §5 messages)', () => {
  it('a reservation keeps its start for an hour; a walk-in today starts now; another day at 18:00 Guam', () => {
    const now = at('2030-06-04T07:10:00Z'); // 17:10 in Guam
    expect(allocationWindow('2030-06-04', now, at('2030-06-04T09:00:00Z'))).toEqual({ start: at('2030-06-04T09:00:00Z'), end: at('2030-06-04T10:00:00Z') });
    expect(allocationWindow('2030-06-04', now, null)).toEqual({ start: now, end: now + 3_600_000 });
    expect(allocationWindow('2030-06-06', now, null)).toEqual({ start: at('2030-06-06T08:00:00Z'), end: at('2030-06-06T09:00:00Z') });
    // 23:30 UTC on Jun 4 is already Jun 5 in Guam: "today" is Guam's day.
    expect(allocationWindow('2030-06-05', at('2030-06-04T23:30:00Z'), null).start).toBe(at('2030-06-04T23:30:00Z'));
    expect(dayBounds('2030-06-04')).toEqual({ start: at('2030-06-03T14:00:00Z'), end: at('2030-06-04T14:00:00Z') });
  });

  it('a seat is seated over reserved, free when every allocation is released', () => {
    expect(seatStateOf([])).toBe('free');
    expect(seatStateOf([{ status: 'finished', released_at: '2030-06-04T00:00:00Z' }])).toBe('free');
    expect(seatStateOf([{ status: 'reserved', released_at: null }])).toBe('reserved');
    expect(seatStateOf([{ status: 'reserved', released_at: null }, { status: 'seated', released_at: null }])).toBe('seated');
  });

  it('the spec’s words, and one seat picked once', () => {
    expect(SeatAllocationMessages.needExactly(3)).toBe('Need exactly 3 seat(s).');
    expect(SeatAllocationMessages.notFree('T1-2')).toBe("Seat T1-2 is not free. It's occupied or reserved.");
    const twice = SeatAllocationCreateFields.safeParse({ occupant_type: 'waitlist', occupant_id: 1, seat_ids: [4, 4] });
    expect(twice.success).toBe(false);
    expect(twice.error!.issues[0]!.path).toEqual(['seat_ids']);
  });
});
