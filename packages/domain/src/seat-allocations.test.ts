import { describe, expect, it } from 'vitest';
import { allocationHolds, allocationWindow, dayBounds, SeatAllocationCreateFields, seatStateOf, SeatAllocationMessages } from './seat-allocations.ts';

const at = (iso: string) => Date.parse(iso);

describe('seat allocation rules (§9 times, §4 states, §5 messages)', () => {
  it('a reservation holds its own span; a walk-in today starts now, another day at 18:00 Guam, for its turn time', () => {
    const now = at('2030-06-04T07:10:00Z'); // 17:10 in Guam
    const booked = { start: at('2030-06-04T09:00:00Z'), end: at('2030-06-04T11:00:00Z') };
    expect(allocationWindow('2030-06-04', now, booked, 75)).toEqual(booked);
    expect(allocationWindow('2030-06-04', now, null, 75)).toEqual({ start: now, end: now + 75 * 60_000 });
    expect(allocationWindow('2030-06-06', now, null, 90)).toEqual({ start: at('2030-06-06T08:00:00Z'), end: at('2030-06-06T09:30:00Z') });
    // 23:30 UTC on Jun 4 is already Jun 5 in Guam: "today" is Guam's day.
    expect(allocationWindow('2030-06-05', at('2030-06-04T23:30:00Z'), null, 75).start).toBe(at('2030-06-04T23:30:00Z'));
    expect(dayBounds('2030-06-04')).toEqual({ start: at('2030-06-03T14:00:00Z'), end: at('2030-06-04T14:00:00Z') });
  });

  it('an allocation holds its span plus the buffer; an overstaying party until now, never past its day', () => {
    const a = { status: 'reserved', start: at('2030-06-04T08:00:00Z'), end: at('2030-06-04T10:00:00Z') }; // 18:00–20:00 Guam
    const now = at('2030-06-04T07:00:00Z');
    expect(allocationHolds(a, at('2030-06-04T10:00:00Z'), at('2030-06-04T11:00:00Z'), now)).toBe(true); // inside the 15-minute reset
    expect(allocationHolds(a, at('2030-06-04T10:15:00Z'), at('2030-06-04T11:00:00Z'), now)).toBe(false);
    expect(allocationHolds(a, at('2030-06-04T06:30:00Z'), at('2030-06-04T07:45:00Z'), now)).toBe(false);
    expect(allocationHolds(a, at('2030-06-04T06:30:00Z'), at('2030-06-04T07:50:00Z'), now)).toBe(true);
    const seated = { ...a, status: 'seated' };
    // At 21:00 Guam the party is still there: it holds its seat now, not for the rest of the evening.
    const late = at('2030-06-04T11:00:00Z');
    expect(allocationHolds(seated, late, late + 3_600_000, late)).toBe(true);
    expect(allocationHolds(seated, late + 3_600_000, late + 7_200_000, late)).toBe(false);
    // Never finished: the next day it holds nothing, whatever the clock says.
    const nextDay = at('2030-06-05T08:00:00Z');
    expect(allocationHolds(seated, nextDay, nextDay + 3_600_000, nextDay)).toBe(false);
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
