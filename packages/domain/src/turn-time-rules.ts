/*
 * Turn times (issue #35): how long a party of a given size is expected to stay at its table when no
 * reservation length says otherwise (a walk-in, a waitlist party, a quote). Set per restaurant in
 * Admin Settings (`admin_settings.turn_times`); unset: DEFAULT_TURN_TIMES. Zod-free so the SPA's
 * floor and waitlist screens can import it.
 */

/** One band: parties of up to `up_to` guests (null: any larger party) stay `minutes`. */
export interface TurnTimeBand {
  up_to: number | null;
  minutes: number;
}

/** 1–2 guests 75 minutes, 3–4 guests 90, 5 or more 120 (the sensible defaults). */
export const DEFAULT_TURN_TIMES: readonly TurnTimeBand[] = [
  { up_to: 2, minutes: 75 },
  { up_to: 4, minutes: 90 },
  { up_to: null, minutes: 120 },
];

/** A turn time is whole minutes in 5-minute steps, from 15 minutes to 6 hours. */
export const TURN_TIME_MIN_MINUTES = 15;
export const TURN_TIME_MAX_MINUTES = 360;

/** The restaurant's bands: its setting, or the default. */
export function turnTimes(settings: { turn_times?: readonly TurnTimeBand[] | undefined } | null | undefined): readonly TurnTimeBand[] {
  const bands = settings?.turn_times;
  return bands && bands.length > 0 ? bands : DEFAULT_TURN_TIMES;
}

/**
 * Minutes a party of `partySize` is expected to stay: the first band (in ascending `up_to` order,
 * the open band last) that holds the party.
 */
export function turnTimeFor(partySize: number, bands: readonly TurnTimeBand[] = DEFAULT_TURN_TIMES): number {
  const ordered = [...bands].sort((a, b) => (a.up_to ?? Number.POSITIVE_INFINITY) - (b.up_to ?? Number.POSITIVE_INFINITY));
  for (const band of ordered) if (band.up_to === null || partySize <= band.up_to) return band.minutes;
  // Bands without an open one: the largest band's time holds any bigger party.
  return ordered.at(-1)?.minutes ?? DEFAULT_TURN_TIMES.at(-1)!.minutes;
}
