import { PICKUP_DAYS_AHEAD, PICKUP_PREP_MINUTES, PICKUP_SLOT_GRACE_MINUTES, PICKUP_SLOT_MINUTES, PICKUP_SLOTS_LIMIT, PickupMessages } from './pickup-messages.ts';
import { addDays, MINUTE_MS, openWindow, zonedParts, type DayEvent, type OpenWindow, type WeekdayHours } from './restaurant-schedule.ts';

/*
 * When a pickup order may be collected (issue #23, decision 0044): the restaurant's operating hours
 * and special events (the reservations' schedule) decide. Pure: `now` is always passed in, and the
 * zone is the restaurant's whatever the host's.
 *
 * - "As soon as possible" only while open, with the ready time (now + the standard 25 minutes)
 *   before closing, and only for carts without advance-notice items.
 * - Otherwise the customer picks a slot: the quarter hours of an open window, at least the
 *   preparation time after opening and after now, at most the closing time, and at least the cart's
 *   advance notice after now.
 */

export { PICKUP_DAYS_AHEAD, PickupMessages } from './pickup-messages.ts';

/** The schedule as the server read it: the week and the special events by 'YYYY-MM-DD'. */
export interface PickupSchedule {
  week: readonly WeekdayHours[];
  events: ReadonlyMap<string, DayEvent>;
  timeZone: string;
}

/** The open windows that touch [from, to): yesterday's may run past midnight. */
function openWindows(schedule: PickupSchedule, from: number, days: number): OpenWindow[] {
  const start = addDays(zonedParts(from, schedule.timeZone).date, -1);
  const windows: OpenWindow[] = [];
  for (let i = 0; i <= days + 1; i++) {
    const date = addDays(start, i);
    const window = openWindow(date, schedule.week, schedule.events.get(date) ?? null, schedule.timeZone);
    if (!window || window.closesAt <= from) continue;
    // Days that run into each other (open all day, or past midnight into the next opening) are one window.
    const last = windows[windows.length - 1];
    if (last && window.opensAt <= last.closesAt) last.closesAt = Math.max(last.closesAt, window.closesAt);
    else windows.push({ ...window });
  }
  return windows;
}

/** The window open at `at`, if any. */
function windowAt(schedule: PickupSchedule, at: number): OpenWindow | null {
  return openWindows(schedule, at, 1).find((w) => w.opensAt <= at && at < w.closesAt) ?? null;
}

export interface OrderingStatus {
  open: boolean;
  /** Epoch ms: when the current window closes (open), else null. */
  closesAt: number | null;
  /** Epoch ms: the next opening after now (closed), else null when none within a week. */
  nextOpensAt: number | null;
}

export function orderingStatus(schedule: PickupSchedule, now: number): OrderingStatus {
  const current = windowAt(schedule, now);
  if (current) return { open: true, closesAt: current.closesAt, nextOpensAt: null };
  const next = openWindows(schedule, now, PICKUP_DAYS_AHEAD).find((w) => w.opensAt > now);
  return { open: false, closesAt: null, nextOpensAt: next?.opensAt ?? null };
}

/** Whether "as soon as possible" may be chosen: open now, ready before closing, no advance notice. */
export function asapAvailable(schedule: PickupSchedule, now: number, maxAdvanceNoticeHours: number | null): boolean {
  if (maxAdvanceNoticeHours !== null && maxAdvanceNoticeHours > 0) return false;
  const current = windowAt(schedule, now);
  return current !== null && now + PICKUP_PREP_MINUTES * MINUTE_MS <= current.closesAt;
}

/** The earliest instant a pickup may be for a cart ordered at `now`. */
function earliestPickup(now: number, maxAdvanceNoticeHours: number | null): number {
  return now + Math.max(PICKUP_PREP_MINUTES * MINUTE_MS, (maxAdvanceNoticeHours ?? 0) * 60 * MINUTE_MS);
}

/** Whether `at` is a pickup instant inside a window: at least the preparation time after opening, at most closing. */
function insideWindow(window: OpenWindow, at: number): boolean {
  return at >= window.opensAt + PICKUP_PREP_MINUTES * MINUTE_MS && at <= window.closesAt;
}

/** The pickup slots offered for a cart at `now` (epoch ms, ascending). */
export function pickupSlots(schedule: PickupSchedule, now: number, maxAdvanceNoticeHours: number | null, limit = PICKUP_SLOTS_LIMIT): number[] {
  const earliest = earliestPickup(now, maxAdvanceNoticeHours);
  const horizon = now + PICKUP_DAYS_AHEAD * 1440 * MINUTE_MS;
  const slotMs = PICKUP_SLOT_MINUTES * MINUTE_MS;
  const slots: number[] = [];
  for (const window of openWindows(schedule, now, PICKUP_DAYS_AHEAD)) {
    const first = Math.max(earliest, window.opensAt + PICKUP_PREP_MINUTES * MINUTE_MS);
    // Quarter hours of the zone's clock: every zone Guam could be in has whole-quarter offsets, so
    // the epoch's quarter hours are the clock's.
    for (let at = Math.ceil(first / slotMs) * slotMs; at <= window.closesAt && at <= horizon; at += slotMs) {
      if (slots.length >= limit) return slots;
      if (slots[slots.length - 1] !== at) slots.push(at);
    }
  }
  return slots;
}

export type PickupDecision = { ok: true; pickupAt: number | null } | { ok: false; message: string };

/**
 * The server's word on a requested pickup (null: as soon as possible) for a cart ordered at `now`.
 * A requested time is judged as of PICKUP_SLOT_GRACE_MINUTES ago, so a slot offered when the
 * checkout page loaded is still accepted when the order is placed a few minutes later.
 */
export function checkPickup(schedule: PickupSchedule, now: number, requested: number | null, maxAdvanceNoticeHours: number | null): PickupDecision {
  if (requested === null) {
    if (asapAvailable(schedule, now, maxAdvanceNoticeHours)) return { ok: true, pickupAt: null };
    const notice = maxAdvanceNoticeHours !== null && maxAdvanceNoticeHours > 0;
    return { ok: false, message: notice ? PickupMessages.advanceNoticeChooseTime : PickupMessages.closedChooseTime };
  }
  if (!Number.isFinite(requested)) return { ok: false, message: PickupMessages.invalid };
  const asOf = now - PICKUP_SLOT_GRACE_MINUTES * MINUTE_MS;
  if (requested > now + PICKUP_DAYS_AHEAD * 1440 * MINUTE_MS) return { ok: false, message: PickupMessages.tooFar };
  const windows = openWindows(schedule, asOf, PICKUP_DAYS_AHEAD + 1);
  if (!windows.some((w) => insideWindow(w, requested))) return { ok: false, message: PickupMessages.outsideHours };
  const notice = maxAdvanceNoticeHours ?? 0;
  if (notice > 0 && requested < asOf + notice * 60 * MINUTE_MS) return { ok: false, message: PickupMessages.insideNotice(notice) };
  if (requested < asOf + PICKUP_PREP_MINUTES * MINUTE_MS) return { ok: false, message: PickupMessages.tooSoon };
  return { ok: true, pickupAt: requested };
}

/** '11AM', '9:30PM' of minutes after midnight. */
function hourText(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  const h = Math.floor(m / 60);
  const suffix = h < 12 ? 'AM' : 'PM';
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return m % 60 === 0 ? `${h12}${suffix}` : `${h12}:${String(m % 60).padStart(2, '0')}${suffix}`;
}

/** The hours of a calendar date: '11AM-9PM', 'Open 24 hours' or 'Closed'. */
export function dayHoursText(schedule: PickupSchedule, date: string): string {
  const window = openWindow(date, schedule.week, schedule.events.get(date) ?? null, schedule.timeZone);
  if (!window) return 'Closed';
  if (window.closesAt - window.opensAt >= 1440 * MINUTE_MS) return 'Open 24 hours';
  const open = zonedParts(window.opensAt, schedule.timeZone).minutes;
  const close = zonedParts(window.closesAt, schedule.timeZone).minutes;
  return `${hourText(open)}-${hourText(close)}`;
}

/**
 * The header's hours text: the posted hours ('11AM-9PM', as the spec shows them) when every day has
 * the same hours and today has no special event; otherwise today's ('Today 10AM-9PM', 'Today Open
 * 24 hours', 'Closed today').
 */
export function headerHoursText(schedule: PickupSchedule, now: number): string {
  const today = zonedParts(now, schedule.timeZone).date;
  const first = schedule.week[0];
  const daily =
    first !== undefined &&
    schedule.week.length === 7 &&
    !schedule.events.has(today) &&
    schedule.week.every((d) => !d.closed && d.openTime.slice(0, 5) === first.openTime.slice(0, 5) && d.closeTime.slice(0, 5) === first.closeTime.slice(0, 5));
  const text = dayHoursText(schedule, today);
  if (daily) return text;
  return text === 'Closed' ? 'Closed today' : `Today ${text}`;
}
