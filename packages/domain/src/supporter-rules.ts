/**
 * The fundraiser shop's supporter rules (issue #36 items 2, 4, 7; decisions 0119–0121), kept apart
 * from wholesale.ts (no zod): how the supporters wall names a supporter, donations and the
 * round-up, the leaderboard's ranks and the impact sentence of the confirmation.
 */
import { formatUSD, type Cents } from './money.ts';

/** A donation is at most $10,000.00 on one order (decision 0120). */
export const WHOLESALE_DONATION_MAX_CENTS = 1_000_000;

export const SupporterMessages = {
  donationWhole: 'Enter the donation in whole cents',
  donationNegative: 'A donation cannot be negative',
  donationTooLarge: `A donation can be at most ${formatUSD(WHOLESALE_DONATION_MAX_CENTS)}`,
  donationOrItems: 'Add an item or a donation',
  donationInvalid: 'Enter a donation amount, e.g. 10 or 12.50',
  anonymous: 'Anonymous',
} as const;

/**
 * What the supporters wall shows for a supporter (decision 0119): their first name and the initial
 * of their last name ('Maria Cruz' → 'Maria C.'), only the first name when they gave one word, or
 * 'Anonymous' when they chose it. Derived on the server whenever it is shown; the full name never
 * leaves it.
 */
export function supporterDisplayName(customerName: string, display: 'name' | 'anonymous'): string {
  if (display !== 'name') return SupporterMessages.anonymous;
  const words = customerName.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return SupporterMessages.anonymous;
  const last = words.length > 1 ? words[words.length - 1]! : '';
  const initial = last ? [...last][0]!.toLocaleUpperCase('en-US') : '';
  return initial ? `${first} ${initial}.` : first;
}

/** The round-up to the next whole dollar (0 when already whole). */
export function roundUpCents(cents: Cents): Cents {
  return (100 - (cents % 100)) % 100;
}

/**
 * An order's money (decision 0120): the items as the server priced them, the donation, and the
 * round-up of items plus donation to the next whole dollar when asked. The total is what the
 * payment must hold.
 */
export function orderAmounts(itemsCents: Cents, input: { donation_cents?: number | undefined; round_up?: boolean | undefined }) {
  const donationCents = input.donation_cents ?? 0;
  const roundUp = input.round_up ? roundUpCents(itemsCents + donationCents) : 0;
  return { itemsCents, donationCents, roundUpCents: roundUp, totalCents: itemsCents + donationCents + roundUp };
}

/** The problem with a donation amount in cents, or null when it is acceptable (0 is no donation). */
export function donationProblem(cents: number): string | null {
  if (!Number.isFinite(cents) || !Number.isInteger(cents)) return SupporterMessages.donationWhole;
  if (cents < 0) return SupporterMessages.donationNegative;
  if (cents > WHOLESALE_DONATION_MAX_CENTS) return SupporterMessages.donationTooLarge;
  return null;
}

/** A donation typed in dollars ('10', '12.5', '$12.50') as cents, or null when it is not an amount. '' is 0. */
export function parseDonationDollars(text: string): number | null {
  const value = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (value === '') return 0;
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return null;
  const [dollars, cents = ''] = value.split('.');
  return Number(dollars) * 100 + Number(cents.padEnd(2, '0'));
}

/** Participants in leaderboard order (most raised first, then by name) with competition ranks (1, 1, 3). */
export function rankByRaised<T extends { raisedCents: number; name: string; id: number }>(participants: readonly T[]): (T & { rank: number })[] {
  const sorted = [...participants].sort((a, b) => b.raisedCents - a.raisedCents || a.name.localeCompare(b.name) || a.id - b.id);
  let rank = 0;
  return sorted.map((p, index) => {
    if (index === 0 || sorted[index - 1]!.raisedCents !== p.raisedCents) rank = index + 1;
    return { ...p, rank };
  });
}

/**
 * The confirmation's impact sentence (issue #36 item 4): 'Your order added $25.00 to Maria's goal —
 * now 64% of $500.00', or to the team's goal, or without a goal what has been raised.
 */
export function impactSentence(impact: { added_cents: number; recipient_name: string | null; raised_cents: number; goal_cents: number | null; progress_percent: number | null }): string {
  const whose = impact.recipient_name ? `${impact.recipient_name}'s` : "the team's";
  const added = `Your order added ${formatUSD(impact.added_cents)} to ${whose}`;
  if (impact.goal_cents !== null && impact.progress_percent !== null) return `${added} goal — now ${impact.progress_percent}% of ${formatUSD(impact.goal_cents)}`;
  return `${added} fundraising — ${formatUSD(impact.raised_cents)} raised so far`;
}
