import { formatUSD } from '@kusina/domain/money';
import type { PayoutRow } from '@kusina/domain/wholesale-payout';
import { Printer } from 'lucide-react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { usePayoutStatement } from '../api/get-payout-statement.ts';
import './payout-statement.css';

const money = (cents: number | null) => (cents === null ? '—' : formatUSD(cents));

/**
 * The payout statement of a fundraiser (issue #36 item 6, decision 0125), as the server computed
 * it from the ledger: per participant the sales, refunds, net sales, the team's share, donations
 * (when any) and what the team receives. Printable: only the statement reaches the paper.
 */
export function PayoutStatement({ fundraiserId }: { fundraiserId: number }) {
  const statement = usePayoutStatement(fundraiserId);
  if (statement.isPending) return <Spinner label="Loading payout statement…" />;
  if (statement.isError) {
    return (
      <Alert tone="error" title="The payout statement could not be loaded.">
        <p>{errorMessage(statement.error, 'Please try again.')}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => void statement.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const s = statement.data;
  const share = s.fundraiser.team_share_percent;
  const donations = s.totals.donations_cents !== 0;
  const columns: { label: string; value(row: Omit<PayoutRow, 'participant_id' | 'participant'>): string }[] = [
    { label: 'Orders', value: (r) => String(r.orders) },
    { label: 'Sales', value: (r) => money(r.sales_cents) },
    { label: 'Refunds', value: (r) => money(r.refunds_cents === 0 ? 0 : -r.refunds_cents) },
    { label: 'Net sales', value: (r) => money(r.net_sales_cents) },
    { label: share === null ? 'Team share' : `Team share (${share}%)`, value: (r) => money(r.team_share_cents) },
    ...(donations ? [{ label: 'Donations', value: (r: Omit<PayoutRow, 'participant_id' | 'participant'>) => money(r.donations_cents) }] : []),
    { label: 'Raised for the team', value: (r) => money(r.team_raised_cents) },
  ];
  return (
    <section aria-labelledby="payout-heading" className="payout-statement space-y-4 rounded-2xl border border-line bg-surface-raised p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id="payout-heading" className="font-display text-xl font-bold">
            Payout Statement · {s.fundraiser.name}
          </h3>
          <p className="text-sm text-ink-muted">
            {s.restaurant_name} · {s.fundraiser.start_date ?? '—'} to {s.fundraiser.end_date ?? '—'} · as of {formatDateTime(s.generated_at)}
          </p>
        </div>
        <Button size="sm" variant="secondary" onClick={() => window.print()} data-print-hide>
          <Printer aria-hidden="true" className="size-4" />
          Print
        </Button>
      </div>
      {share === null ? (
        <Alert tone="warning">The team share of this fundraiser is not set yet: ask the restaurant to set it. Sales and refunds are shown without it.</Alert>
      ) : (
        <p className="text-sm">
          The team receives <strong>{share}%</strong> of every sale, net of refunds{donations ? ', and every donation in full' : ''}.
        </p>
      )}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          ['Sales', money(s.totals.sales_cents)],
          ['Refunds', money(s.totals.refunds_cents === 0 ? 0 : -s.totals.refunds_cents)],
          ['Net sales', money(s.totals.net_sales_cents)],
          ['Raised for the team', money(s.totals.team_raised_cents)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl border border-line p-3">
            <dt className="text-sm text-ink-muted">{label}</dt>
            <dd className="text-lg font-bold">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="overflow-x-auto" role="region" aria-labelledby="payout-heading" tabIndex={0}>
        <table className="w-full min-w-[36rem] text-sm">
          <caption className="sr-only">Payout by participant</caption>
          <thead>
            <tr className="border-b border-line text-left">
              <th scope="col" className="py-2 pr-3">
                Participant
              </th>
              {columns.map((c) => (
                <th key={c.label} scope="col" className="py-2 pr-3 text-right">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {s.rows.map((row) => (
              <tr key={row.participant_id ?? 'general'} className="border-b border-line">
                <th scope="row" className="py-2 pr-3 text-left font-semibold">
                  {row.participant}
                </th>
                {columns.map((c) => (
                  <td key={c.label} className="py-2 pr-3 text-right tabular-nums">
                    {c.value(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-bold">
              <th scope="row" className="py-2 pr-3 text-left">
                Total
              </th>
              {columns.map((c) => (
                <td key={c.label} className="py-2 pr-3 text-right tabular-nums">
                  {c.value(s.totals)}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
