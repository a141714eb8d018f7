import { describe, expect, it } from 'vitest';
import { donationProblem, impactSentence, orderAmounts, parseDonationDollars, rankByRaised, roundUpCents, supporterDisplayName } from './supporter-rules.ts';

describe('supporter rules (issue #36 items 2, 4, 7)', () => {
  it('shows a supporter by first name and last initial, or Anonymous', () => {
    expect(supporterDisplayName('Maria dela Cruz', 'name')).toBe('Maria C.');
    expect(supporterDisplayName('  jose   santos ', 'name')).toBe('jose S.');
    expect(supporterDisplayName('Prince', 'name')).toBe('Prince');
    expect(supporterDisplayName('Ñora Éspiritu', 'name')).toBe('Ñora É.');
    expect(supporterDisplayName('   ', 'name')).toBe('Anonymous');
    expect(supporterDisplayName('Maria Cruz', 'anonymous')).toBe('Anonymous');
  });

  it('rounds items and donation up to the next whole dollar', () => {
    expect(roundUpCents(3880)).toBe(20);
    expect(roundUpCents(2500)).toBe(0);
    expect(roundUpCents(1)).toBe(99);
    expect(orderAmounts(3750, { donation_cents: 130, round_up: true })).toEqual({ itemsCents: 3750, donationCents: 130, roundUpCents: 20, totalCents: 3900 });
    expect(orderAmounts(3750, { round_up: false })).toEqual({ itemsCents: 3750, donationCents: 0, roundUpCents: 0, totalCents: 3750 });
  });

  it('takes donations in whole cents up to $10,000.00, typed in dollars', () => {
    expect(donationProblem(0)).toBeNull();
    expect(donationProblem(1_000_000)).toBeNull();
    expect(donationProblem(1_000_001)).toBe('A donation can be at most $10,000.00');
    expect(donationProblem(-1)).toBe('A donation cannot be negative');
    expect(donationProblem(1.5)).toBe('Enter the donation in whole cents');
    expect(parseDonationDollars('12.5')).toBe(1250);
    expect(parseDonationDollars('$1,000')).toBe(100000);
    expect(parseDonationDollars('')).toBe(0);
    expect(parseDonationDollars('12.505')).toBeNull();
    expect(parseDonationDollars('-5')).toBeNull();
    expect(parseDonationDollars('abc')).toBeNull();
  });

  it('ranks by amount raised, ties sharing a rank', () => {
    const ranked = rankByRaised([
      { id: 1, name: 'Cora', raisedCents: 100 },
      { id: 2, name: 'Ana', raisedCents: 500 },
      { id: 3, name: 'Ben', raisedCents: 100 },
    ]);
    expect(ranked.map((p) => [p.rank, p.name])).toEqual([
      [1, 'Ana'],
      [2, 'Ben'],
      [2, 'Cora'],
    ]);
  });

  it("says what the order added to the participant's or the team's goal", () => {
    expect(impactSentence({ added_cents: 2500, recipient_name: 'Maria', raised_cents: 32000, goal_cents: 50000, progress_percent: 64 })).toBe("Your order added $25.00 to Maria's goal — now 64% of $500.00");
    expect(impactSentence({ added_cents: 1000, recipient_name: null, raised_cents: 7000, goal_cents: null, progress_percent: null })).toBe("Your order added $10.00 to the team's fundraising — $70.00 raised so far");
  });
});
