import { describe, expect, it } from 'vitest';
import { DEFAULT_TURN_TIMES, turnTimeDrafts, turnTimeFor, turnTimeProblems, turnTimes, turnTimesFromDrafts } from './turn-time-rules.ts';

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

  it('a form\'s bands: drafts in size order with the open band last; field errors by the server\'s rules', () => {
    expect(turnTimeDrafts(DEFAULT_TURN_TIMES)).toEqual([
      { up_to: '2', minutes: '75' },
      { up_to: '4', minutes: '90' },
      { up_to: null, minutes: '120' },
    ]);
    // Saved without an open band: one is added with the largest band's time.
    expect(turnTimeDrafts([{ up_to: 6, minutes: 100 }])).toEqual([{ up_to: '6', minutes: '100' }, { up_to: null, minutes: '100' }]);
    expect(turnTimeProblems(turnTimeDrafts(DEFAULT_TURN_TIMES))).toBeNull();
    expect(
      turnTimeProblems([
        { up_to: '4', minutes: '72' },
        { up_to: '3', minutes: '10' },
        { up_to: 'two', minutes: '400' },
        { up_to: '0', minutes: '' },
        { up_to: null, minutes: '90' },
      ]),
    ).toEqual([
      { minutes: 'Use 5-minute steps' },
      { up_to: 'List party sizes from smallest to largest', minutes: 'At least 15 minutes' },
      { up_to: 'Enter a whole number of guests', minutes: 'At most 360 minutes' },
      { up_to: 'A band holds at least 1 guest', minutes: 'Enter whole minutes' },
      {},
    ]);
    expect(turnTimesFromDrafts([{ up_to: '3', minutes: '80' }, { up_to: null, minutes: '110' }])).toEqual([
      { up_to: 3, minutes: 80 },
      { up_to: null, minutes: 110 },
    ]);
  });
});
