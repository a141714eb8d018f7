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

/** The most guests a closed band names, and the most bands a restaurant sets. */
export const TURN_TIME_MAX_GUESTS = 100;
export const TURN_TIME_MAX_BANDS = 12;

/** The words of the turn-time checks: the Admin Settings form and the server's schema say the same. */
export const TurnTimeMessages = {
  guestsWhole: 'Enter a whole number of guests',
  guestsMin: 'A band holds at least 1 guest',
  guestsMax: `At most ${TURN_TIME_MAX_GUESTS} guests`,
  guestsOrder: 'List party sizes from smallest to largest',
  minutesWhole: 'Enter whole minutes',
  minutesMin: `At least ${TURN_TIME_MIN_MINUTES} minutes`,
  minutesMax: `At most ${TURN_TIME_MAX_MINUTES} minutes`,
  minutesStep: 'Use 5-minute steps',
  atLeastOne: 'Set at least one turn time',
  atMost: `At most ${TURN_TIME_MAX_BANDS} turn times`,
  lastOpen: 'The last turn time is for any larger party',
} as const;

/** A band as a form holds it: what was typed. The last band's `up_to` is null (any larger party). */
export interface TurnTimeDraft {
  up_to: string | null;
  minutes: string;
}

/** Each band's field errors (an empty object when the band is fine). */
export type TurnTimeProblems = { up_to?: string; minutes?: string }[];

const wholeNumber = (text: string): number | null => (/^\s*\d+\s*$/.test(text) ? Number(text) : null);

/**
 * What is wrong with bands typed in a form, per band and field, or null when they can be saved —
 * the same rules as the server's (restaurants.ts, AdminSettings.turn_times).
 */
export function turnTimeProblems(drafts: readonly TurnTimeDraft[]): TurnTimeProblems | null {
  let previous = 0;
  const problems: TurnTimeProblems = drafts.map((band) => {
    const found: { up_to?: string; minutes?: string } = {};
    if (band.up_to !== null) {
      const guests = wholeNumber(band.up_to);
      if (guests === null) found.up_to = TurnTimeMessages.guestsWhole;
      else if (guests < 1) found.up_to = TurnTimeMessages.guestsMin;
      else if (guests > TURN_TIME_MAX_GUESTS) found.up_to = TurnTimeMessages.guestsMax;
      else if (guests <= previous) found.up_to = TurnTimeMessages.guestsOrder;
      if (guests !== null) previous = Math.max(previous, guests);
    }
    const minutes = wholeNumber(band.minutes);
    if (minutes === null) found.minutes = TurnTimeMessages.minutesWhole;
    else if (minutes < TURN_TIME_MIN_MINUTES) found.minutes = TurnTimeMessages.minutesMin;
    else if (minutes > TURN_TIME_MAX_MINUTES) found.minutes = TurnTimeMessages.minutesMax;
    else if (minutes % 5 !== 0) found.minutes = TurnTimeMessages.minutesStep;
    return found;
  });
  return problems.some((p) => p.up_to || p.minutes) ? problems : null;
}

/** The bands a form's drafts stand for (call once turnTimeProblems found nothing). */
export function turnTimesFromDrafts(drafts: readonly TurnTimeDraft[]): TurnTimeBand[] {
  return drafts.map((band) => ({ up_to: band.up_to === null ? null : Number(band.up_to), minutes: Number(band.minutes) }));
}

/** A form's drafts of the restaurant's bands, in size order, the open band last. */
export function turnTimeDrafts(bands: readonly TurnTimeBand[]): TurnTimeDraft[] {
  const ordered = [...bands].sort((a, b) => (a.up_to ?? Number.POSITIVE_INFINITY) - (b.up_to ?? Number.POSITIVE_INFINITY));
  if (ordered.at(-1)?.up_to !== null) ordered.push({ up_to: null, minutes: ordered.at(-1)?.minutes ?? DEFAULT_TURN_TIMES.at(-1)!.minutes });
  return ordered.map((band) => ({ up_to: band.up_to === null ? null : String(band.up_to), minutes: String(band.minutes) }));
}

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
