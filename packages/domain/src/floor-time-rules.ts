/*
 * The floor at a chosen time (issue #35 item 4; decision 0116). Zod-free: the Floor Manager derives
 * each seat's state at the hour it shows from the day's allocations (each with its start and its
 * expected end, written by the server), and the day's covers in 15-minute steps from the parties'
 * stays. The server still decides every write; these only draw the room.
 */

/** A seat held for a party reads "held" from this long before the party's time. */
export const HOLD_LEAD_MINUTES = 60;
/** A booked party this long past its time, not yet seated, is late (staff may mark it a no-show). */
export const LATE_GRACE_MINUTES = 15;
/** The covers timeline's step. */
export const TIMELINE_STEP_MINUTES = 15;

const MINUTE = 60_000;
/**
 * A party just seated by the server counts as seated from a few minutes before its start: a host's
 * tablet whose clock runs behind the server's would otherwise show the seats it just gave as free.
 */
const CLOCK_SKEW_MINUTES = 5;

/** What a seat is at the chosen time. */
export type SeatTimeState = 'free' | 'reserved' | 'late' | 'seated' | 'overstaying';

export interface TimedAllocation {
  status: string;
  start_time: string;
  end_time: string;
  released_at: string | null;
}

const RANK: Record<SeatTimeState, number> = { free: 0, reserved: 1, late: 2, seated: 3, overstaying: 4 };

/**
 * One allocation's state at `at` (ms), judged with the real clock `now`: a seated party occupies its
 * seats from its start to its expected end, and past that end — while it has not been finished and
 * the time shown is not in the future — it is overstaying. Seats held for a party read reserved from
 * HOLD_LEAD_MINUTES before its time, and late once LATE_GRACE_MINUTES have passed without it being
 * seated (only up to now: a future hour cannot be late). A released allocation counted until it was
 * released.
 */
export function allocationStateAt(allocation: TimedAllocation, at: number, now: number): SeatTimeState {
  const released = allocation.released_at === null ? null : Date.parse(allocation.released_at);
  if (released !== null && released <= at) return 'free';
  const start = Date.parse(allocation.start_time);
  const end = Date.parse(allocation.end_time);
  if (allocation.status === 'seated') {
    if (at < start - CLOCK_SKEW_MINUTES * MINUTE) return 'free';
    if (at < end) return 'seated';
    return released === null && at <= now ? 'overstaying' : 'free';
  }
  if (allocation.status === 'reserved') {
    if (at < start - HOLD_LEAD_MINUTES * MINUTE || at >= end) return 'free';
    return at >= start + LATE_GRACE_MINUTES * MINUTE && at <= now && released === null ? 'late' : 'reserved';
  }
  return 'free';
}

/** A seat's state at `at`: the strongest of its allocations' (overstaying, seated, late, reserved, free). */
export function seatStateAt(allocations: readonly TimedAllocation[], at: number, now: number): SeatTimeState {
  let state: SeatTimeState = 'free';
  for (const allocation of allocations) {
    const next = allocationStateAt(allocation, at, now);
    if (RANK[next] > RANK[state]) state = next;
  }
  return state;
}

/** Is a booked party (never seated) late at `at`? */
export function isLate(party: { status: string; start_time: string }, at: number, now: number): boolean {
  return (party.status === 'booked' || party.status === 'reserved') && at <= now && at >= Date.parse(party.start_time) + LATE_GRACE_MINUTES * MINUTE;
}

export interface Stay {
  start: number;
  end: number;
  guests: number;
}

export interface TimelineStep {
  /** The step's start (ms). */
  at: number;
  /** Guests in the room during the step. */
  covers: number;
  /** Guests whose party arrives in the step. */
  arriving: number;
}

/**
 * The day's covers in TIMELINE_STEP_MINUTES steps from `from` to `to` (ms): each stay counts in every
 * step it overlaps, and as arriving in the step it starts in.
 */
export function coversTimeline(stays: readonly Stay[], from: number, to: number, stepMinutes: number = TIMELINE_STEP_MINUTES): TimelineStep[] {
  const step = stepMinutes * MINUTE;
  const steps: TimelineStep[] = [];
  for (let at = from; at < to; at += step) {
    let covers = 0;
    let arriving = 0;
    for (const stay of stays) {
      if (stay.start < at + step && stay.end > at) covers += stay.guests;
      if (stay.start >= at && stay.start < at + step) arriving += stay.guests;
    }
    steps.push({ at, covers, arriving });
  }
  return steps;
}

export interface Shift {
  label: string;
  /** Minutes after midnight the shift starts. */
  minutes: number;
}

/** Dinner starts here when a day's hours span lunch and dinner. */
const DINNER_MINUTES = 17 * 60;

/**
 * The day's shifts from its opening hours: a day open across the afternoon into the evening has
 * Lunch (at opening) and Dinner (17:00); a shorter day has one shift, Open, at opening. Closed: none.
 */
export function shiftsOf(openMinutes: number | null, closeMinutes: number | null): Shift[] {
  if (openMinutes === null || closeMinutes === null) return [];
  const close = closeMinutes <= openMinutes ? closeMinutes + 24 * 60 : closeMinutes;
  if (openMinutes < 15 * 60 && close > DINNER_MINUTES + 60) {
    return [
      { label: 'Lunch', minutes: openMinutes },
      { label: 'Dinner', minutes: DINNER_MINUTES },
    ];
  }
  return [{ label: 'Open', minutes: openMinutes }];
}
