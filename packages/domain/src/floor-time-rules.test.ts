import { describe, expect, it } from 'vitest';
import { allocationStateAt, coversTimeline, isLate, seatStateAt, shiftsOf } from './floor-time-rules.ts';

const at = (hhmm: string) => Date.parse(`2030-06-07T${hhmm}:00+10:00`);
const iso = (hhmm: string) => new Date(at(hhmm)).toISOString();
const alloc = (status: string, start: string, end: string, released: string | null = null) => ({ status, start_time: iso(start), end_time: iso(end), released_at: released ? iso(released) : null });

describe('a seat at a chosen time', () => {
  const now = at('19:00');

  it('is held for a 19:00 party only from an hour before, and free again after its stay', () => {
    const held = alloc('reserved', '19:00', '21:00');
    expect(allocationStateAt(held, at('12:00'), at('12:00'))).toBe('free');
    expect(allocationStateAt(held, at('17:59'), at('12:00'))).toBe('free');
    expect(allocationStateAt(held, at('18:00'), at('12:00'))).toBe('reserved');
    expect(allocationStateAt(held, at('21:00'), at('12:00'))).toBe('free');
  });

  it('is late 15 minutes after the party’s time when it is not seated — now, never in a future hour', () => {
    const held = alloc('reserved', '18:30', '20:00');
    expect(allocationStateAt(held, at('18:44'), now)).toBe('reserved');
    expect(allocationStateAt(held, at('18:45'), now)).toBe('late');
    expect(allocationStateAt(held, at('19:00'), now)).toBe('late');
    expect(allocationStateAt(held, at('19:30'), now)).toBe('reserved');
  });

  it('is seated for the expected stay, then overstaying while nobody finished the party', () => {
    const seated = alloc('seated', '17:15', '18:45');
    expect(allocationStateAt(seated, at('17:00'), now)).toBe('free');
    // A device clock a few minutes behind the server's still shows the party it just seated.
    expect(allocationStateAt(seated, at('17:11'), now)).toBe('seated');
    expect(allocationStateAt(seated, at('18:00'), now)).toBe('seated');
    expect(allocationStateAt(seated, at('19:00'), now)).toBe('overstaying');
    // Looking ahead, the party is expected gone.
    expect(allocationStateAt(seated, at('20:00'), now)).toBe('free');
  });

  it('counts a released allocation until it was released', () => {
    const finished = alloc('seated', '17:00', '18:30', '18:10');
    expect(allocationStateAt(finished, at('18:00'), now)).toBe('seated');
    expect(allocationStateAt(finished, at('18:10'), now)).toBe('free');
  });

  it('shows the strongest state when one seat has several parties', () => {
    expect(seatStateAt([alloc('reserved', '19:30', '21:00'), alloc('seated', '17:00', '18:30')], now, now)).toBe('overstaying');
    expect(seatStateAt([alloc('reserved', '19:30', '21:00')], now, now)).toBe('reserved');
    expect(seatStateAt([], now, now)).toBe('free');
  });

  it('says a booked party is late only past its grace and up to now', () => {
    expect(isLate({ status: 'booked', start_time: iso('18:40') }, now, now)).toBe(true);
    expect(isLate({ status: 'booked', start_time: iso('18:50') }, now, now)).toBe(false);
    expect(isLate({ status: 'seated', start_time: iso('18:00') }, now, now)).toBe(false);
    expect(isLate({ status: 'booked', start_time: iso('18:00') }, at('20:00'), now)).toBe(false);
  });
});

describe('the covers timeline', () => {
  it('counts each party in every 15-minute step it overlaps, and as arriving in its first', () => {
    const steps = coversTimeline(
      [
        { start: at('18:00'), end: at('19:30'), guests: 4 },
        { start: at('18:20'), end: at('18:50'), guests: 2 },
      ],
      at('18:00'),
      at('19:00'),
    );
    expect(steps.map((s) => [new Date(s.at).toISOString(), s.covers, s.arriving])).toEqual([
      [iso('18:00'), 4, 4],
      [iso('18:15'), 6, 2],
      [iso('18:30'), 6, 0],
      [iso('18:45'), 6, 0],
    ]);
  });
});

describe('the day’s shifts', () => {
  it('splits a day open from morning to night into Lunch and Dinner, a short day is one shift, a closed day none', () => {
    expect(shiftsOf(11 * 60, 21 * 60)).toEqual([{ label: 'Lunch', minutes: 660 }, { label: 'Dinner', minutes: 1020 }]);
    expect(shiftsOf(17 * 60, 22 * 60)).toEqual([{ label: 'Open', minutes: 1020 }]);
    expect(shiftsOf(null, null)).toEqual([]);
  });
});
