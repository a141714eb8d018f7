import { describe, expect, it } from 'vitest';
import { tonightStays } from './reservations.ts';

/** The demo's evening in progress (issue #35), for a seeding at a chosen clock: never the real one. */
describe('demo: tonight in progress', () => {
  const byName = (now: Date) => Object.fromEntries(tonightStays(now).map((s) => [s.name, s]));

  it('seeded on a Friday evening: one just seated, one near its end, one overstaying, one booking late', () => {
    const now = new Date('2030-06-07T09:30:00Z'); // 19:30 in Guam, a Friday
    const stays = byName(now);
    const minutes = (a: Date, b: Date) => (a.getTime() - b.getTime()) / 60_000;
    expect(stays['Lizama birthday']).toMatchObject({ status: 'seated' });
    expect(minutes(now, stays['Lizama birthday']!.start)).toBe(25);
    expect(minutes(stays['Lisa Reyes']!.end, now)).toBe(10); // ten minutes of its stay left
    expect(minutes(now, stays['Dave Torres']!.end)).toBe(35); // 35 minutes past its expected end
    expect(stays['Noelani Flores']).toMatchObject({ status: 'reserved' });
    expect(minutes(now, stays['Noelani Flores']!.start)).toBe(20); // late: 20 minutes past its time
  });

  it('seeded just after midnight: every stay starts today, in the same order', () => {
    const now = new Date('2030-06-06T14:30:00Z'); // 00:30 in Guam
    const midnight = Date.parse('2030-06-06T14:00:00Z');
    const stays = tonightStays(now);
    for (const s of stays) expect(s.start.getTime()).toBeGreaterThanOrEqual(midnight);
    const order = [...stays].sort((a, b) => a.start.getTime() - b.start.getTime()).map((s) => s.name);
    expect(order).toEqual(['Dave Torres', 'Lisa Reyes', 'Lizama birthday', 'Noelani Flores']);
  });
});
