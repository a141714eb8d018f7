import { describe, expect, it } from 'vitest';
import { DEFAULT_TURN_TIMES, turnTimeFor, turnTimes } from './turn-time-rules.ts';

describe('turn times', () => {
  it('defaults to 75 minutes for 1–2 guests, 90 for 3–4 and 120 for 5 or more', () => {
    expect([1, 2, 3, 4, 5, 12].map((size) => turnTimeFor(size))).toEqual([75, 75, 90, 90, 120, 120]);
  });

  it("uses the restaurant's bands in size order, whatever order they were saved in", () => {
    const bands = [
      { up_to: null, minutes: 150 },
      { up_to: 6, minutes: 100 },
      { up_to: 2, minutes: 60 },
    ];
    expect([2, 3, 6, 7].map((size) => turnTimeFor(size, bands))).toEqual([60, 100, 100, 150]);
  });

  it('gives a party larger than every closed band the largest band’s time', () => {
    expect(turnTimeFor(9, [{ up_to: 4, minutes: 80 }, { up_to: 8, minutes: 110 }])).toBe(110);
  });

  it('reads the setting, or the default when it is unset or empty', () => {
    expect(turnTimes(null)).toBe(DEFAULT_TURN_TIMES);
    expect(turnTimes({ turn_times: [] })).toBe(DEFAULT_TURN_TIMES);
    expect(turnTimes({ turn_times: [{ up_to: null, minutes: 90 }] })).toEqual([{ up_to: null, minutes: 90 }]);
  });
});
