import { sql } from 'drizzle-orm';
import type { PayoutRow, PayoutStatementOutput } from '@kusina/domain/wholesale-payout';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { WholesaleMessages } from '@kusina/domain/wholesale';
import { findFundraiser } from './repository.ts';

/**
 * Clear money (issue #36 item 6, decision 0125), computed in SQL from the participant-credit
 * ledger, the one record of what was raised: per participant (and general support), sales are the
 * ledger's 'sale' rows, refunds its 'reversal' rows (cancellations and refunds) up to the order's
 * sale, donations any other kind the ledger holds net of what a reversal took back beyond the sale
 * (a donation is the team's whole); the team's share of net sales is
 * rounded to the cent per row, and the totals are the rows' sums, so the statement adds up.
 */
export async function payoutRows(db: DbOrTx, fundraiserId: number, sharePercent: number | null): Promise<PayoutRow[]> {
  const { rows } = await db.execute<{
    participant_id: number | null;
    participant: string;
    orders: number;
    sales_cents: number;
    refunds_cents: number;
    donations_cents: number;
  }>(sql`
    WITH per_order AS (
      -- One row per order: a cancellation's 'reversal' takes back the sale and the donation of
      -- its order together (donations.ts); it is split here, sale first, then the donation.
      SELECT c.participant_id, c.order_id,
             sum(c.amount_cents) FILTER (WHERE c.kind = 'sale') AS sales,
             coalesce(sum(c.amount_cents) FILTER (WHERE c.kind NOT IN ('sale', 'reversal')), 0) AS gifts,
             coalesce(-sum(c.amount_cents) FILTER (WHERE c.kind = 'reversal'), 0) AS reversed
        FROM wholesale_participant_credits c
       WHERE c.fundraiser_id = ${fundraiserId}
       GROUP BY c.participant_id, c.order_id
    ), ledger AS (
      SELECT participant_id,
             count(*) FILTER (WHERE sales IS NOT NULL)::int AS orders,
             coalesce(sum(sales), 0)::int AS sales,
             coalesce(sum(least(reversed, coalesce(sales, 0))), 0)::int AS refunds,
             coalesce(sum(gifts - greatest(reversed - coalesce(sales, 0), 0)), 0)::int AS donations
        FROM per_order
       GROUP BY participant_id
    ), people AS (
      SELECT p.id, p.name, p.position FROM wholesale_participants p WHERE p.fundraiser_id = ${fundraiserId}
      UNION ALL
      SELECT NULL, 'General support', 2147483647
    )
    SELECT people.id AS participant_id, people.name AS participant,
           coalesce(l.orders, 0) AS orders, coalesce(l.sales, 0) AS sales_cents,
           coalesce(l.refunds, 0) AS refunds_cents, coalesce(l.donations, 0) AS donations_cents
      FROM people
      LEFT JOIN ledger l ON l.participant_id IS NOT DISTINCT FROM people.id
     WHERE people.id IS NOT NULL OR l.participant_id IS NULL AND l.orders IS NOT NULL
     ORDER BY people.position, people.id`);
  return rows.map((r) => {
    const net = r.sales_cents - r.refunds_cents;
    // Half a cent and up rounds up; with no share stated the team's figures are unknown (null).
    const share = sharePercent === null ? null : Math.round((net * sharePercent) / 100);
    return {
      participant_id: r.participant_id,
      participant: r.participant,
      orders: r.orders,
      sales_cents: r.sales_cents,
      refunds_cents: r.refunds_cents,
      net_sales_cents: net,
      team_share_cents: share,
      donations_cents: r.donations_cents,
      team_raised_cents: share === null ? null : share + r.donations_cents,
    };
  });
}

/** The rows' sums (the team's figures stay null when no share is stated). */
export function payoutTotals(rows: PayoutRow[], sharePercent: number | null): PayoutStatementOutput['totals'] {
  const sum = (pick: (r: PayoutRow) => number) => rows.reduce((t, r) => t + pick(r), 0);
  return {
    orders: sum((r) => r.orders),
    sales_cents: sum((r) => r.sales_cents),
    refunds_cents: sum((r) => r.refunds_cents),
    net_sales_cents: sum((r) => r.net_sales_cents),
    team_share_cents: sharePercent === null ? null : sum((r) => r.team_share_cents ?? 0),
    donations_cents: sum((r) => r.donations_cents),
    team_raised_cents: sharePercent === null ? null : sum((r) => r.team_raised_cents ?? 0),
  };
}

/** GET …/fundraisers/{id}/payout_statement: the printable statement of a fundraiser of the restaurant. */
export async function payoutStatement(deps: Pick<ServiceDeps, 'db' | 'clock'>, restaurantId: number, fundraiserId: number): Promise<PayoutStatementOutput> {
  const row = await findFundraiser(deps.db, fundraiserId);
  if (!row || row.restaurantId !== restaurantId) throw AppError.notFound(WholesaleMessages.fundraiserNotAvailable);
  const [rows, names] = await Promise.all([
    payoutRows(deps.db, row.id, row.teamSharePercent),
    deps.db.execute<{ name: string }>(sql`SELECT name FROM restaurants WHERE id = ${restaurantId}`),
  ]);
  return {
    fundraiser: { id: row.id, name: row.name, status: row.status, start_date: row.startDate, end_date: row.endDate, team_share_percent: row.teamSharePercent },
    restaurant_name: names.rows[0]?.name ?? 'Kusina',
    generated_at: deps.clock().toISOString(),
    rows,
    totals: payoutTotals(rows, row.teamSharePercent),
  };
}
