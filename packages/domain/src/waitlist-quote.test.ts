import { describe, expect, it } from 'vitest';
import { actualWaitMinutes, formatQuote, quoteAccuracy, quoteWaitMinutes } from './waitlist-quote-rules.ts';

const NOW = Date.UTC(2030, 5, 7, 9, 0);
const min = (m: number) => NOW + m * 60_000;

describe('waitlist quotes', () => {
  it('no wait when the party fits now, and none at all without seats or for a party larger than the room', () => {
    expect(quoteWaitMinutes({ now: NOW, totalSeats: 10, uses: [], ahead: [], partySize: 4 })).toBe(0);
    expect(quoteWaitMinutes({ now: NOW, totalSeats: 0, uses: [], ahead: [], partySize: 2 })).toBeNull();
    expect(quoteWaitMinutes({ now: NOW, totalSeats: 10, uses: [], ahead: [], partySize: 11 })).toBeNull();
  });

  it('waits for the seats freeing at a seated party’s expected end, rounded up to 5 minutes', () => {
    // 8 seats: 6 taken until +23 min; a four must wait for them.
    const uses = [{ seats: 6, start: min(-60), end: min(23) }];
    expect(quoteWaitMinutes({ now: NOW, totalSeats: 8, uses, ahead: [], partySize: 4 })).toBe(25);
    // A two fits in the two free seats now.
    expect(quoteWaitMinutes({ now: NOW, totalSeats: 8, uses, ahead: [], partySize: 2 })).toBe(0);
  });

  it('parties ahead are seated first, each for its turn time', () => {
    // 4 seats, all free: a four ahead takes them for 90 minutes (default turn time), so a two waits 90.
    expect(quoteWaitMinutes({ now: NOW, totalSeats: 4, uses: [], ahead: [4], partySize: 2 })).toBe(90);
    // Two twos ahead: the first sits now (75 min), the second too; a third two waits 75.
    expect(quoteWaitMinutes({ now: NOW, totalSeats: 4, uses: [], ahead: [2, 2], partySize: 2 })).toBe(75);
    // The restaurant's own turn times count.
    expect(quoteWaitMinutes({ now: NOW, totalSeats: 4, uses: [], ahead: [4], partySize: 2, turnTimes: [{ up_to: null, minutes: 45 }] })).toBe(45);
  });

  it('seats held for a booking later block a stay that would overlap them', () => {
    // 4 seats free now, but all four held from +30 min for two hours: a two (75 min stay) cannot sit
    // before the hold ends at +150.
    const uses = [{ seats: 4, start: min(30), end: min(150) }];
    expect(quoteWaitMinutes({ now: NOW, totalSeats: 4, uses, ahead: [], partySize: 2 })).toBe(150);
  });

  it('a party overstaying its expected end is taken to leave within a few minutes', () => {
    const uses = [{ seats: 4, start: min(-120), end: min(-10) }];
    expect(quoteWaitMinutes({ now: NOW, totalSeats: 4, uses, ahead: [], partySize: 4 })).toBe(5);
  });

  it('a party ahead the room cannot seat holds no seats', () => {
    expect(quoteWaitMinutes({ now: NOW, totalSeats: 4, uses: [], ahead: [9], partySize: 4 })).toBe(0);
  });

  it('the actual wait and the day’s median error', () => {
    expect(actualWaitMinutes('2030-06-07T09:00:00Z', '2030-06-07T09:17:20Z')).toBe(17);
    expect(quoteAccuracy([{ quoted_wait_minutes: 10, actual_wait_minutes: 12 }, { quoted_wait_minutes: 20, actual_wait_minutes: 10 }])).toEqual({ medianErrorMinutes: null, parties: 2 });
    expect(
      quoteAccuracy([
        { quoted_wait_minutes: 10, actual_wait_minutes: 12 },
        { quoted_wait_minutes: 20, actual_wait_minutes: 10 },
        { quoted_wait_minutes: 15, actual_wait_minutes: 20 },
        { quoted_wait_minutes: null, actual_wait_minutes: 3 },
        { quoted_wait_minutes: 30, actual_wait_minutes: null },
      ]),
    ).toEqual({ medianErrorMinutes: 5, parties: 3 });
    expect(
      quoteAccuracy([
        { quoted_wait_minutes: 10, actual_wait_minutes: 11 },
        { quoted_wait_minutes: 10, actual_wait_minutes: 13 },
        { quoted_wait_minutes: 10, actual_wait_minutes: 15 },
        { quoted_wait_minutes: 10, actual_wait_minutes: 30 },
      ]).medianErrorMinutes,
    ).toBe(4);
    expect([formatQuote(null), formatQuote(0), formatQuote(25), formatQuote(65)]).toEqual(['—', 'No wait', '25 min', '1 h 05 min']);
  });
});
