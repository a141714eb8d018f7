import { z } from 'zod';

/**
 * The payout statement of a fundraiser (issue #36 item 6, decision 0125): per participant (and
 * general support) the sales, refunds, net sales, the team's share of them, donations when the
 * ledger holds any, and what the team receives. Computed in SQL from the participant-credit ledger.
 */
export const PayoutRow = z.object({
  participant_id: z.number().int().nullable(),
  participant: z.string(),
  orders: z.number().int(),
  sales_cents: z.number().int(),
  refunds_cents: z.number().int(),
  net_sales_cents: z.number().int(),
  team_share_cents: z.number().int().nullable(),
  donations_cents: z.number().int(),
  team_raised_cents: z.number().int().nullable(),
});
export type PayoutRow = z.infer<typeof PayoutRow>;

export const PayoutStatementOutput = z.object({
  fundraiser: z.object({
    id: z.number().int(),
    name: z.string(),
    status: z.string(),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
    team_share_percent: z.number().int().nullable(),
  }),
  restaurant_name: z.string(),
  generated_at: z.string(),
  rows: z.array(PayoutRow),
  totals: PayoutRow.omit({ participant_id: true, participant: true }),
});
export type PayoutStatementOutput = z.infer<typeof PayoutStatementOutput>;

/** "X% of every purchase goes to the team" — the supporter's line on the fundraiser page. */
export function teamShareLine(percent: number | null | undefined): string | null {
  if (percent === null || percent === undefined) return null;
  return `${percent}% of every purchase goes to the team`;
}
