import { describe, expect, it } from 'vitest';
import {
  asapAvailable,
  checkPickup,
  dayHoursText,
  headerHoursText,
  orderingStatus,
  PickupMessages,
  pickupSlots,
  type PickupSchedule,
} from './pickup-schedule.ts';
import type { DayEvent, WeekdayHours } from './restaurant-schedule.ts';
import { hoursLine } from './restaurants.ts';

/*
 * Guam is UTC+10 all year. 2026-03-04 is a Wednesday. The host's zone plays no part (the suite runs
 * on a TZ=UTC host).
 */
const guam = (date: string, time: string) => Date.parse(`${date}T${time}:00+10:00`);
const week = (open = '11:00', close = '21:00', closedDays: number[] = []): WeekdayHours[] =>
  [0, 1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, openTime: open, closeTime: close, closed: closedDays.includes(d) }));
const schedule = (w: WeekdayHours[], events: Record<string, Partial<DayEvent>> = {}): PickupSchedule => ({
  week: w,
  timeZone: 'Pacific/Guam',
  events: new Map(
    Object.entries(events).map(([date, e]) => [date, { startTime: null, endTime: null, closed: false, exclusiveBooking: false, maxCapacity: null, ...e }]),
  ),
});
const iso = (ms: number) => new Date(ms).toISOString();

describe('ordering status and as soon as possible', () => {
  const s = schedule(week());

  it('is open at noon and closes at 9PM Guam time', () => {
    const status = orderingStatus(s, guam('2026-03-04', '12:00'));
    expect(status).toEqual({ open: true, closesAt: guam('2026-03-04', '21:00'), nextOpensAt: null });
    expect(asapAvailable(s, guam('2026-03-04', '12:00'), null)).toBe(true);
  });

  it('the measured defect: at 00:40 Guam time it is closed, opens at 11AM, and refuses "as soon as possible"', () => {
    const now = guam('2026-03-04', '00:40');
    expect(orderingStatus(s, now)).toEqual({ open: false, closesAt: null, nextOpensAt: guam('2026-03-04', '11:00') });
    expect(asapAvailable(s, now, null)).toBe(false);
    expect(checkPickup(s, now, null, null)).toEqual({ ok: false, message: PickupMessages.closedChooseTime });
    // The first slots are 25 minutes after opening, on the quarter hour.
    expect(pickupSlots(s, now, null, 2).map(iso)).toEqual([iso(guam('2026-03-04', '11:30')), iso(guam('2026-03-04', '11:45'))]);
  });

  it('no "as soon as possible" when the food would be ready after closing', () => {
    expect(asapAvailable(s, guam('2026-03-04', '20:35'), null)).toBe(true);
    expect(asapAvailable(s, guam('2026-03-04', '20:36'), null)).toBe(false);
  });

  it('closing time itself is the last slot; after it the next day opens', () => {
    const slots = pickupSlots(s, guam('2026-03-04', '20:00'), null, 4).map(iso);
    expect(slots).toEqual([guam('2026-03-04', '20:30'), guam('2026-03-04', '20:45'), guam('2026-03-04', '21:00'), guam('2026-03-05', '11:30')].map(iso));
  });

  it('hours that run past midnight stay open after midnight (the previous day\'s window)', () => {
    const late = schedule(week('18:00', '02:00'));
    const now = guam('2026-03-04', '00:40');
    expect(orderingStatus(late, now)).toEqual({ open: true, closesAt: guam('2026-03-04', '02:00'), nextOpensAt: null });
    expect(asapAvailable(late, now, null)).toBe(true);
    expect(dayHoursText(late, '2026-03-04')).toBe('6PM-2AM');
  });

  it('00:00-00:00 is open all day, across midnight without a gap', () => {
    const allDay = schedule(week('00:00', '00:00'));
    expect(asapAvailable(allDay, guam('2026-03-04', '23:50'), null)).toBe(true);
    expect(asapAvailable(allDay, guam('2026-03-04', '00:05'), null)).toBe(true);
    expect(checkPickup(allDay, guam('2026-03-04', '23:50'), guam('2026-03-05', '00:15'), null)).toEqual({ ok: true, pickupAt: guam('2026-03-05', '00:15') });
    expect(dayHoursText(allDay, '2026-03-04')).toBe('Open 24 hours');
  });
});

describe('closed days and special events', () => {
  it('a closed weekday is skipped (Wednesday closed → Thursday)', () => {
    const s = schedule(week('11:00', '21:00', [3]));
    const now = guam('2026-03-04', '12:00');
    expect(orderingStatus(s, now)).toEqual({ open: false, closesAt: null, nextOpensAt: guam('2026-03-05', '11:00') });
    expect(pickupSlots(s, now, null, 1).map(iso)).toEqual([iso(guam('2026-03-05', '11:30'))]);
    expect(dayHoursText(s, '2026-03-04')).toBe('Closed');
  });

  it('a closed event closes the day; an event with hours replaces them', () => {
    const s = schedule(week(), { '2026-03-04': { closed: true }, '2026-03-05': { startTime: '17:00', endTime: '22:00' } });
    const now = guam('2026-03-04', '12:00');
    expect(orderingStatus(s, now).open).toBe(false);
    expect(pickupSlots(s, now, null, 1).map(iso)).toEqual([iso(guam('2026-03-05', '17:30'))]);
    expect(checkPickup(s, now, guam('2026-03-05', '12:00'), null)).toEqual({ ok: false, message: PickupMessages.outsideHours });
    expect(checkPickup(s, now, guam('2026-03-05', '22:00'), null)).toEqual({ ok: true, pickupAt: guam('2026-03-05', '22:00') });
    expect(dayHoursText(s, '2026-03-05')).toBe('5PM-10PM');
  });

  it('no hours at all: closed, no slots', () => {
    const s = schedule(week('11:00', '21:00', [0, 1, 2, 3, 4, 5, 6]));
    expect(orderingStatus(s, guam('2026-03-04', '12:00'))).toEqual({ open: false, closesAt: null, nextOpensAt: null });
    expect(pickupSlots(s, guam('2026-03-04', '12:00'), null)).toEqual([]);
  });
});

describe('advance notice', () => {
  const s = schedule(week());

  it('no "as soon as possible" for a cart with advance-notice items, even while open', () => {
    expect(asapAvailable(s, guam('2026-03-04', '12:00'), 24)).toBe(false);
    expect(checkPickup(s, guam('2026-03-04', '12:00'), null, 24)).toEqual({ ok: false, message: PickupMessages.advanceNoticeChooseTime });
  });

  it('24 hours notice at 8PM pushes the first slot to 8PM the next day; 48 hours at 10PM to the day after next at 10PM → 11:30AM after', () => {
    expect(pickupSlots(s, guam('2026-03-04', '20:00'), 24, 1).map(iso)).toEqual([iso(guam('2026-03-05', '20:00'))]);
    // 48 hours after Wednesday 10PM is Friday 10PM, after closing: Saturday 11:30AM.
    expect(pickupSlots(s, guam('2026-03-04', '22:00'), 48, 1).map(iso)).toEqual([iso(guam('2026-03-07', '11:30'))]);
  });

  it('refuses a pickup inside the notice, accepts one after it', () => {
    const now = guam('2026-03-04', '12:00');
    expect(checkPickup(s, now, guam('2026-03-05', '11:30'), 24)).toEqual({ ok: false, message: PickupMessages.insideNotice(24) });
    expect(checkPickup(s, now, guam('2026-03-05', '12:00'), 24)).toEqual({ ok: true, pickupAt: guam('2026-03-05', '12:00') });
  });
});

describe('checking a requested pickup', () => {
  const s = schedule(week());
  const now = guam('2026-03-04', '12:00');

  it('refuses times outside hours, before opening + preparation, too soon, in the past, or beyond a week', () => {
    expect(checkPickup(s, now, guam('2026-03-05', '01:05'), null)).toEqual({ ok: false, message: PickupMessages.outsideHours });
    expect(checkPickup(s, now, guam('2026-03-05', '11:10'), null)).toEqual({ ok: false, message: PickupMessages.outsideHours });
    expect(checkPickup(s, now, guam('2026-03-04', '12:05'), null)).toEqual({ ok: false, message: PickupMessages.tooSoon });
    expect(checkPickup(s, now, guam('2026-03-04', '11:30'), null)).toEqual({ ok: false, message: PickupMessages.tooSoon });
    expect(checkPickup(s, now, guam('2026-03-12', '12:00'), null)).toEqual({ ok: false, message: PickupMessages.tooFar });
  });

  it('accepts an offered slot a few minutes after it was offered (the grace), not much later', () => {
    const offered = pickupSlots(s, now, null, 1)[0]!;
    expect(iso(offered)).toBe(iso(guam('2026-03-04', '12:30')));
    expect(checkPickup(s, now + 10 * 60_000, offered, null)).toEqual({ ok: true, pickupAt: offered });
    expect(checkPickup(s, now + 21 * 60_000, offered, null)).toEqual({ ok: false, message: PickupMessages.tooSoon });
  });

  it('every offered slot is accepted', () => {
    for (const slot of pickupSlots(s, now, 24)) expect(checkPickup(s, now, slot, 24)).toEqual({ ok: true, pickupAt: slot });
  });
});

describe('the header hours text', () => {
  const now = guam('2026-03-04', '12:00'); // Wednesday
  it('shows the posted hours when every day is the same', () => {
    expect(headerHoursText(schedule(week()), now)).toBe('11AM-9PM');
  });
  it("shows today's hours when the days differ or an event changes today", () => {
    expect(headerHoursText(schedule(week('11:00', '21:00', [1])), now)).toBe('Today 11AM-9PM');
    expect(headerHoursText(schedule(week('11:00', '21:00', [3])), now)).toBe('Closed today');
    expect(headerHoursText(schedule(week(), { '2026-03-04': { startTime: '17:00', endTime: '22:00' } }), now)).toBe('Today 5PM-10PM');
    expect(headerHoursText(schedule(week(), { '2026-03-04': { closed: true } }), now)).toBe('Closed today');
  });
  it("words the footer's hours line from the header's text", () => {
    expect(hoursLine(headerHoursText(schedule(week()), now))).toBe('Open Daily 11AM-9PM');
    expect(hoursLine(headerHoursText(schedule(week('11:00', '21:00', [1])), now))).toBe('Today 11AM-9PM');
    expect(hoursLine(headerHoursText(schedule(week('11:00', '21:00', [3])), now))).toBe('Closed today');
    expect(hoursLine(undefined)).toBe('Open Daily 11AM-9PM');
  });
});
