import { describe, expect, it } from 'vitest';
import { dayAvailability, findSlot, partySizeLimits, peakGuests, type AvailabilityInput, type HeldSeats } from './reservation-availability.ts';
import { openWindow, parseRestaurantDateTime, zonedInstant, zonedDayNumber, type WeekdayHours } from './restaurant-schedule.ts';

// Guam is UTC+10 without DST: 18:00 in Guam is 08:00Z the same day; 09:00 in Guam is 23:00Z the day before.
const at = (iso: string) => Date.parse(iso);
const guam = (date: string, hhmm: string) => parseRestaurantDateTime(`${date}T${hhmm}:00`);

// 2030-06-03 is a Monday.
const week: WeekdayHours[] = [0, 1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, openTime: '17:00', closeTime: '21:00', closed: d === 2 }));

function input(overrides: Partial<AvailabilityInput> = {}): AvailabilityInput {
  return {
    date: '2030-06-03',
    partySize: 2,
    durationMinutes: 60,
    slotLengthMinutes: 60,
    slotIntervalMinutes: 30,
    week,
    event: null,
    locationId: 1,
    capacity: 10,
    held: [],
    blocked: [],
    now: new Date('2030-01-01T00:00:00Z'),
    audience: 'public',
    ...overrides,
  };
}

const hold = (date: string, from: string, minutes: number, partySize: number, locationId = 1): HeldSeats => {
  const startsAt = guam(date, from);
  return { locationId, startsAt, endsAt: startsAt + minutes * 60_000, partySize };
};

describe('reservation availability engine', () => {
  it('runs on a TZ=UTC host (the test script sets it)', () => {
    expect(new Date(0).getTimezoneOffset()).toBe(0);
  });

  it('offers slots every interval from opening; the last lets the default length end by closing', () => {
    const day = dayAvailability(input());
    expect(day.slots).toEqual(['17:00', '17:30', '18:00', '18:30', '19:00', '19:30', '20:00']);
    expect(day.candidates[0]!.startsAt).toBe(at('2030-06-03T07:00:00Z'));
    expect(day.closedReason).toBeNull();
    expect(day.maxAvailableSeats).toBe(10);
    // A 90-minute default length moves the last slot to 19:30.
    expect(dayAvailability(input({ slotLengthMinutes: 90 })).slots.at(-1)).toBe('19:30');
  });

  it('has no slots on a closed weekday', () => {
    const day = dayAvailability(input({ date: '2030-06-04' })); // Tuesday
    expect(day).toMatchObject({ closedReason: 'closed', slots: [], maxAvailableSeats: 0 });
    expect(dayAvailability(input({ week: week.filter((h) => h.dayOfWeek !== 1) })).closedReason).toBe('closed');
  });

  describe('special events', () => {
    const event = { startTime: null, endTime: null, closed: false, exclusiveBooking: false, maxCapacity: null };
    it('a closed event closes the day', () => {
      expect(dayAvailability(input({ event: { ...event, closed: true } })).slots).toEqual([]);
    });
    it("an event's own hours replace the weekday's, even on a closed weekday", () => {
      const day = dayAvailability(input({ date: '2030-06-04', event: { ...event, startTime: '11:00', endTime: '13:00' } }));
      expect(day.slots).toEqual(['11:00', '11:30', '12:00']);
    });
    it('Private Only is bookable by staff, not by the public', () => {
      const priv = { ...event, exclusiveBooking: true };
      expect(dayAvailability(input({ event: priv })).closedReason).toBe('private');
      expect(dayAvailability(input({ event: priv, audience: 'staff' })).slots).toHaveLength(7);
    });
    it('Max Guests caps the guests at once across every location', () => {
      const held = [hold('2030-06-03', '18:00', 60, 4, 2)]; // another location
      const day = dayAvailability(input({ event: { ...event, maxCapacity: 6 }, held, partySize: 3 }));
      expect(day.slots).toEqual(['17:00', '19:00', '19:30', '20:00']);
      expect(day.candidates.find((c) => c.time === '18:00')!.freeSeats).toBe(2);
    });
  });

  describe('blocked periods', () => {
    const blockedAt = (locationId: number | null) => [{ locationId, startsAt: guam('2030-06-03', '18:00'), endsAt: guam('2030-06-03', '19:00') }];
    it('remove the slots whose stay they overlap, at their location', () => {
      expect(dayAvailability(input({ blocked: blockedAt(1) })).slots).toEqual(['17:00', '19:00', '19:30', '20:00']);
    });
    it('leave other locations alone', () => {
      expect(dayAvailability(input({ blocked: blockedAt(2) })).slots).toHaveLength(7);
    });
    it('without a location, block every location', () => {
      expect(dayAvailability(input({ blocked: blockedAt(null), locationId: 2 })).slots).toEqual(['17:00', '19:00', '19:30', '20:00']);
    });
    it('a longer stay is removed by a block that starts later in it', () => {
      expect(dayAvailability(input({ blocked: blockedAt(1), durationMinutes: 120 })).slots).toEqual(['19:00', '19:30', '20:00']);
    });
  });

  describe('capacity', () => {
    it('a party that exactly fills the room is offered; one more guest is not', () => {
      const held = [hold('2030-06-03', '18:00', 60, 8)];
      const slot = (partySize: number) => dayAvailability(input({ held, partySize })).slots.includes('18:00');
      expect(slot(2)).toBe(true);
      expect(slot(3)).toBe(false);
    });
    it('a stay touching the next one end to start does not overlap it', () => {
      const held = [hold('2030-06-03', '18:00', 60, 10)];
      expect(dayAvailability(input({ held })).slots).toEqual(['17:00', '19:00', '19:30', '20:00']);
    });
    it('counts the peak, not the sum: parties that leave free their seats', () => {
      const held = [hold('2030-06-03', '17:00', 60, 6), hold('2030-06-03', '18:00', 60, 6)];
      expect(peakGuests(held, guam('2030-06-03', '17:00'), guam('2030-06-03', '19:00'), 1)).toBe(6);
      expect(dayAvailability(input({ held, durationMinutes: 120, partySize: 4 })).slots).toContain('17:00');
      expect(dayAvailability(input({ held, durationMinutes: 120, partySize: 5 })).slots).not.toContain('17:00');
    });
    it('a long reservation that started before a slot still holds its seats', () => {
      // 15:00 for 5 hours (staff booking before opening) holds 8 seats until 20:00.
      const held = [hold('2030-06-03', '15:00', 300, 8)];
      const day = dayAvailability(input({ held, partySize: 3 }));
      expect(day.slots).toEqual(['20:00']);
      expect(day.candidates.find((c) => c.time === '19:30')!.freeSeats).toBe(2);
    });
    it('other locations do not count against this one', () => {
      expect(dayAvailability(input({ held: [hold('2030-06-03', '18:00', 60, 10, 2)] })).slots).toHaveLength(7);
    });
    it('a party larger than the room gets nothing, max_available_seats still says what is free', () => {
      const day = dayAvailability(input({ partySize: 11 }));
      expect(day.slots).toEqual([]);
      expect(day.maxAvailableSeats).toBe(10);
    });
    it('party limits: admin maximum, and the effective one capped by the capacity', () => {
      expect(partySizeLimits(undefined, 26)).toEqual({ admin: 20, effective: 20 });
      expect(partySizeLimits(12, 8)).toEqual({ admin: 12, effective: 8 });
    });
  });

  describe('today, midnight and the UTC+10 boundary', () => {
    it('today shows only later slots, by the Guam clock', () => {
      // 08:10Z is 18:10 in Guam on the same date.
      const day = dayAvailability(input({ now: new Date('2030-06-03T08:10:00Z') }));
      expect(day.slots).toEqual(['18:30', '19:00', '19:30', '20:00']);
      // 18:00 exactly has begun: not offered.
      expect(dayAvailability(input({ now: new Date('2030-06-03T08:00:00Z') })).slots[0]).toBe('18:30');
      expect(dayAvailability(input({ now: new Date('2030-06-03T11:00:00Z') })).closedReason).toBe('past');
    });
    it('at 23:30Z it is already tomorrow in Guam', () => {
      // 2030-06-02T23:30Z is 09:30 on Monday the 3rd in Guam: Monday's slots are all still ahead.
      expect(dayAvailability(input({ now: new Date('2030-06-02T23:30:00Z') })).slots).toHaveLength(7);
      expect(zonedDayNumber(at('2030-06-02T13:59:59Z'))).toBe(zonedDayNumber(at('2030-06-02T00:00:00Z')));
      expect(zonedDayNumber(at('2030-06-02T14:00:00Z'))).toBe(zonedDayNumber(at('2030-06-02T00:00:00Z')) + 1);
    });
    it('hours that close after midnight give slots on the next calendar date', () => {
      const late = week.map((h) => ({ ...h, openTime: '22:00', closeTime: '02:00' }));
      const day = dayAvailability(input({ week: late }));
      expect(day.slots).toEqual(['22:00', '22:30', '23:00', '23:30', '00:00', '00:30', '01:00']);
      const after = day.candidates.find((c) => c.time === '00:30')!;
      expect(after.date).toBe('2030-06-04');
      expect(after.startsAt).toBe(at('2030-06-03T14:30:00Z'));
      // The slot after midnight is found from the next date too (its calendar date).
      const found = findSlot(after.startsAt, 'Pacific/Guam', (date) => input({ week: late, date }));
      expect(found?.time).toBe('00:30');
    });
    it('a close at midnight ends the day', () => {
      const midnight = week.map((h) => ({ ...h, openTime: '22:00', closeTime: '00:00' }));
      expect(dayAvailability(input({ week: midnight })).slots).toEqual(['22:00', '22:30', '23:00']);
      expect(openWindow('2030-06-03', midnight, null)!.closesAt).toBe(zonedInstant('2030-06-04', 0));
    });
    it('reads wall-clock times as Guam and instants as themselves', () => {
      expect(parseRestaurantDateTime('2030-06-03T18:00:00')).toBe(at('2030-06-03T08:00:00Z'));
      expect(parseRestaurantDateTime('2030-06-03T08:00:00Z')).toBe(at('2030-06-03T08:00:00Z'));
      expect(parseRestaurantDateTime('2030-06-03T18:00:00+10:00')).toBe(at('2030-06-03T08:00:00Z'));
      expect(parseRestaurantDateTime('2030-02-30T18:00:00')).toBeNaN();
      expect(parseRestaurantDateTime('tomorrow')).toBeNaN();
    });
    it('findSlot refuses a time off the grid', () => {
      expect(findSlot(guam('2030-06-03', '18:15'), 'Pacific/Guam', (date) => input({ date }))).toBeNull();
      expect(findSlot(guam('2030-06-03', '18:30'), 'Pacific/Guam', (date) => input({ date }))?.available).toBe(true);
    });
  });
});
