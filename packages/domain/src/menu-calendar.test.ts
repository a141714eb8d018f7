import { describe, expect, it } from 'vitest';
import { isItemAvailable, itemUnavailableReason, restaurantDay, type ItemAvailability } from './menu-calendar.ts';

const item = (overrides: Partial<ItemAvailability> = {}): ItemAvailability => ({
  available: true,
  availableDays: [0, 1, 2, 3, 4, 5, 6],
  availableUntil: null,
  enableStockTracking: false,
  stockQuantity: 0,
  damagedQuantity: 0,
  ...overrides,
});

// 2026-03-03 is a Tuesday in UTC. 14:30 UTC is already Wednesday 00:30 in Guam (UTC+10).
const TUESDAY_UTC_WEDNESDAY_GUAM = new Date('2026-03-03T14:30:00Z');
const TUESDAY_BOTH = new Date('2026-03-03T02:00:00Z'); // Tuesday 12:00 in Guam

describe('restaurant day', () => {
  it('uses the Guam calendar, not the server zone', () => {
    expect(restaurantDay(TUESDAY_UTC_WEDNESDAY_GUAM)).toMatchObject({ date: '2026-03-04', weekday: 3 });
    expect(restaurantDay(TUESDAY_BOTH)).toMatchObject({ date: '2026-03-03', weekday: 2 });
  });

  it('gives the instants the Guam day starts and ends', () => {
    const day = restaurantDay(TUESDAY_UTC_WEDNESDAY_GUAM);
    expect(new Date(day.startsAt).toISOString()).toBe('2026-03-03T14:00:00.000Z');
    expect(new Date(day.endsAt).toISOString()).toBe('2026-03-04T14:00:00.000Z');
  });

  it('answers from the day it computed last only inside that day, per zone', () => {
    const day = restaurantDay(TUESDAY_UTC_WEDNESDAY_GUAM);
    expect(restaurantDay(new Date(day.endsAt - 1)).date).toBe('2026-03-04');
    expect(restaurantDay(new Date(day.endsAt))).toMatchObject({ date: '2026-03-05', weekday: 4 });
    expect(restaurantDay(new Date(day.startsAt - 1))).toMatchObject({ date: '2026-03-03', weekday: 2 });
    // Another zone at the same instant has its own day, and a DST day its own length (23 h in New York).
    expect(restaurantDay(TUESDAY_UTC_WEDNESDAY_GUAM, 'America/New_York')).toMatchObject({ date: '2026-03-03', weekday: 2 });
    const springForward = restaurantDay(new Date('2026-03-08T12:00:00Z'), 'America/New_York');
    expect(springForward.endsAt - springForward.startsAt).toBe(23 * 3_600_000);
    expect(restaurantDay(new Date(springForward.endsAt), 'America/New_York').date).toBe('2026-03-09');
    expect(restaurantDay(TUESDAY_BOTH).date).toBe('2026-03-03');
  });
});

describe('is_available', () => {
  it('is true for an untracked item offered every day', () => {
    expect(isItemAvailable(item(), TUESDAY_BOTH)).toBe(true);
  });

  it('is false when the staff switch is off', () => {
    expect(itemUnavailableReason(item({ available: false }), TUESDAY_BOTH)).toBe('switched_off');
  });

  it('is false when tracked and sold out, including by damage', () => {
    expect(itemUnavailableReason(item({ enableStockTracking: true, stockQuantity: 0 }), TUESDAY_BOTH)).toBe('sold_out');
    expect(itemUnavailableReason(item({ enableStockTracking: true, stockQuantity: 3, damagedQuantity: 3 }), TUESDAY_BOTH)).toBe('sold_out');
    expect(isItemAvailable(item({ enableStockTracking: true, stockQuantity: 1 }), TUESDAY_BOTH)).toBe(true);
  });

  it("checks the weekday in Guam, which near midnight is not UTC's", () => {
    const tuesdayOnly = item({ availableDays: [2] });
    const wednesdayOnly = item({ availableDays: [3] });
    expect(itemUnavailableReason(tuesdayOnly, TUESDAY_UTC_WEDNESDAY_GUAM)).toBe('not_offered_today');
    expect(isItemAvailable(wednesdayOnly, TUESDAY_UTC_WEDNESDAY_GUAM)).toBe(true);
    expect(isItemAvailable(tuesdayOnly, TUESDAY_BOTH)).toBe(true);
    expect(isItemAvailable(item({ availableDays: [] }), TUESDAY_BOTH)).toBe(false);
  });

  it('is offered through available_until inclusive, in Guam dates', () => {
    expect(isItemAvailable(item({ availableUntil: '2026-03-03' }), TUESDAY_BOTH)).toBe(true);
    // Still the 3rd in UTC but the 4th in Guam: the season has ended.
    expect(itemUnavailableReason(item({ availableUntil: '2026-03-03' }), TUESDAY_UTC_WEDNESDAY_GUAM)).toBe('season_ended');
    expect(isItemAvailable(item({ availableUntil: '2026-03-04' }), TUESDAY_UTC_WEDNESDAY_GUAM)).toBe(true);
  });
});
