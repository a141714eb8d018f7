import { turnTimeFor, type TurnTimeBand } from './turn-time-rules.ts';

/*
 * Waitlist quotes (issue #35 item 5; decision 0107): how long a party joining the line now can
 * expect to wait, worked out from the floor the way a host would — the room's seats, who sits at
 * them until when (each seated party until its expected end, each held seat for its hold), the
 * parties already in line ahead (first come, first seated), and how long each party stays (the
 * restaurant's turn time for its size). Pure: the server reads the floor and calls it; the SPA only
 * shows the figure the server stored. Zod-free so the SPA can import the accuracy figure.
 */

const MINUTE_MS = 60_000;

/** Seats taken from `start` to `end` (epoch ms): a seated party, or seats held for a booking. */
export interface SeatUse {
  seats: number;
  start: number;
  end: number;
}

export interface QuoteInput {
  /** The moment of the quote (epoch ms). */
  now: number;
  /** How many seats the room has (the active layout's). */
  totalSeats: number;
  /** What occupies the room now and later: seated parties until their expected end, held seats. */
  uses: readonly SeatUse[];
  /** Party sizes of the parties waiting ahead, in the order they joined. */
  ahead: readonly number[];
  /** The party being quoted. */
  partySize: number;
  turnTimes?: readonly TurnTimeBand[] | undefined;
}

/** Quotes are given in 5-minute steps (a host says "about 15 minutes", not "13"). */
export const QUOTE_STEP_MINUTES = 5;
/** A seated party past its expected end is taken to leave within this many minutes. */
export const OVERSTAY_GRACE_MINUTES = 5;
/** Too few seated parties for a fair figure: the accuracy reads "—" below this many. */
export const QUOTE_ACCURACY_MIN_PARTIES = 3;

/** Seats in use at `at` (a use covers [start, end)). */
function inUse(uses: readonly SeatUse[], at: number): number {
  let n = 0;
  for (const u of uses) if (u.start <= at && at < u.end) n += u.seats;
  return n;
}

/** Whether `seats` more fit at every moment of [start, end). */
function fits(uses: readonly SeatUse[], totalSeats: number, seats: number, start: number, end: number): boolean {
  const moments = [start, ...uses.map((u) => u.start).filter((s) => s > start && s < end)];
  return moments.every((m) => inUse(uses, m) + seats <= totalSeats);
}

/** The earliest moment from `now` a party of `seats` fits for `stayMs`, or null when it never can. */
function earliestFit(uses: readonly SeatUse[], totalSeats: number, seats: number, now: number, stayMs: number): number | null {
  if (seats > totalSeats) return null;
  // Seats only ever free at a use's end, so those (and now) are the moments worth trying.
  const candidates = [...new Set([now, ...uses.map((u) => u.end).filter((e) => e > now)])].sort((a, b) => a - b);
  for (const at of candidates) if (fits(uses, totalSeats, seats, at, at + stayMs)) return at;
  return null;
}

/**
 * Minutes the party can expect to wait, rounded up to QUOTE_STEP_MINUTES; 0 when it fits now; null
 * when the room cannot seat it at all (no layout, or a party larger than the room). The parties
 * ahead are placed first, in the order they joined, each at its earliest fit given those before it
 * (so a two may take free seats while a six ahead still waits, as hosts do).
 */
export function quoteWaitMinutes(input: QuoteInput): number | null {
  const { now, totalSeats, partySize } = input;
  if (totalSeats <= 0 || partySize > totalSeats) return null;
  const grace = now + OVERSTAY_GRACE_MINUTES * MINUTE_MS;
  // A party still seated past its expected end is about to leave, not gone.
  const uses: SeatUse[] = input.uses.filter((u) => u.seats > 0 && u.end > u.start).map((u) => (u.start <= now && u.end <= grace ? { ...u, end: grace } : u)).filter((u) => u.end > now);
  const stay = (size: number) => turnTimeFor(size, input.turnTimes) * MINUTE_MS;
  for (const size of input.ahead) {
    const at = earliestFit(uses, totalSeats, size, now, stay(size));
    // A party ahead the room cannot seat is not waiting for these seats.
    if (at !== null) uses.push({ seats: size, start: at, end: at + stay(size) });
  }
  const at = earliestFit(uses, totalSeats, partySize, now, stay(partySize));
  if (at === null) return null;
  const minutes = Math.max(0, (at - now) / MINUTE_MS);
  return Math.ceil(minutes / QUOTE_STEP_MINUTES) * QUOTE_STEP_MINUTES;
}

/** Minutes between joining and being seated (whole minutes, never negative). */
export function actualWaitMinutes(checkInTime: string | number | Date, seatedAt: string | number | Date): number {
  return Math.max(0, Math.round((new Date(seatedAt).getTime() - new Date(checkInTime).getTime()) / MINUTE_MS));
}

/**
 * How good the day's quotes were: the median of |actual − quoted| minutes over the parties seated
 * with a quote; null with fewer than QUOTE_ACCURACY_MIN_PARTIES of them.
 */
export function quoteAccuracy(entries: readonly { quoted_wait_minutes: number | null; actual_wait_minutes: number | null }[]): { medianErrorMinutes: number | null; parties: number } {
  const errors = entries
    .filter((e) => e.quoted_wait_minutes !== null && e.actual_wait_minutes !== null)
    .map((e) => Math.abs(e.actual_wait_minutes! - e.quoted_wait_minutes!))
    .sort((a, b) => a - b);
  if (errors.length < QUOTE_ACCURACY_MIN_PARTIES) return { medianErrorMinutes: null, parties: errors.length };
  const mid = Math.floor(errors.length / 2);
  const median = errors.length % 2 === 1 ? errors[mid]! : (errors[mid - 1]! + errors[mid]!) / 2;
  return { medianErrorMinutes: median, parties: errors.length };
}

/** "25 min", "1 h 05 min", "No wait" for a quote; "—" when none could be given. */
export function formatQuote(minutes: number | null): string {
  if (minutes === null) return '—';
  if (minutes === 0) return 'No wait';
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}
