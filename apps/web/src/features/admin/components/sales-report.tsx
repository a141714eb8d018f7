import { useState } from 'react';
import type { SalesReportOutput } from '@kusina/domain/reports';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { failureMessage } from '../../../lib/failure-message.ts';
import { formatDay } from '../../../lib/guam-dates.ts';
import { salesReportCsvUrl, useSalesReport, type SalesGroup } from '../api/get-sales-report.ts';
import type { ReportRange } from '../api/get-visit-funnel.ts';
import { BarChart, CsvLink, money, ReportTableRegion } from './report-chart.tsx';

const hourLabel = (key: string) => {
  const h = Number(key);
  return `${h % 12 === 0 ? 12 : h % 12} ${h < 12 ? 'AM' : 'PM'}`;
};

/** Net sales as bars: one per day or hour, some of them with a tick under them. */
function SalesChart({ report, label }: { report: SalesReportOutput; label: (key: string) => string }) {
  const best = report.rows.reduce((a, b) => (b.net_cents > a.net_cents ? b : a), report.rows[0]!);
  const summary = `Net sales by ${report.group}: highest ${money(best.net_cents)} on ${label(best.key)}; total ${money(report.totals.net_cents)}.`;
  const ticked = (i: number) => report.rows.length <= 31 && (report.group === 'day' ? i % Math.ceil(report.rows.length / 8) === 0 : i % 3 === 0);
  const bars = report.rows.map((row, i) => ({ key: row.key, value: row.net_cents, tick: ticked(i) ? (report.group === 'day' ? row.key.slice(5) : hourLabel(row.key)) : null }));
  return <BarChart bars={bars} summary={summary} regionLabel="Net sales chart" />;
}

/** Sales for the range (issue #37 item 4): totals, net by day or hour as a chart and a table, and the CSV. */
export function SalesReport({ range }: { range: ReportRange }) {
  const [group, setGroup] = useState<SalesGroup>('day');
  const report = useSalesReport(range, group);
  const label = (key: string) => (group === 'day' ? formatDay(key) : hourLabel(key));
  const data = report.data;

  return (
    <section aria-labelledby="sales-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h2 id="sales-title" className="font-display text-2xl font-bold">
            Sales
          </h2>
          <p className="text-sm text-ink-muted">Orders placed in these Guam days; refunds on the day they were given.</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <fieldset className="flex gap-1" aria-label="Sales by">
            {(['day', 'hour'] as const).map((g) => (
              <Button key={g} size="sm" variant="secondary" aria-pressed={group === g} onClick={() => setGroup(g)}>
                By {g === 'day' ? 'day' : 'hour of day'}
              </Button>
            ))}
          </fieldset>
          <CsvLink href={salesReportCsvUrl(range, group)} />
        </div>
      </div>

      {report.isPending ? (
        <Spinner label="Loading sales…" />
      ) : report.isError ? (
        <Alert tone="error">
          {failureMessage('Could not load the sales.', report.error)}{' '}
          <Button size="sm" variant="secondary" onClick={() => void report.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : data ? (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
            {(
              [
                ['Gross', money(data.totals.gross_cents)],
                ['Discounts', money(data.totals.discount_cents)],
                ['Refunds', money(data.totals.refund_cents)],
                ['Net', money(data.totals.net_cents)],
                ['Orders', String(data.totals.orders)],
                ['Average ticket', money(data.totals.average_ticket_cents)],
              ] as const
            ).map(([term, value]) => (
              <div key={term} className="rounded-xl border border-line bg-surface p-3">
                <dt className="text-sm text-ink-muted">{term}</dt>
                <dd className="text-lg font-bold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          {data.totals.orders === 0 && data.totals.refund_cents === 0 ? (
            <p className="rounded-xl border border-line bg-surface-muted p-4 text-ink-muted">No sales in these days.</p>
          ) : (
            <div className="grid min-w-0 gap-4 xl:grid-cols-2">
              <SalesChart report={data} label={label} />
              <ReportTableRegion label="Sales table">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Sales by {group === 'day' ? 'day' : 'hour of the day'}, {range.from} to {range.to}</caption>
                  <thead className="sticky top-0 bg-surface">
                    <tr className="border-b border-line">
                      <th scope="col" className="px-3 py-2 font-semibold">{group === 'day' ? 'Day' : 'Hour'}</th>
                      <th scope="col" className="px-3 py-2 text-right font-semibold">Orders</th>
                      <th scope="col" className="px-3 py-2 text-right font-semibold">Gross</th>
                      <th scope="col" className="px-3 py-2 text-right font-semibold">Discounts</th>
                      <th scope="col" className="px-3 py-2 text-right font-semibold">Refunds</th>
                      <th scope="col" className="px-3 py-2 text-right font-semibold">Net</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.rows.map((row) => (
                      <tr key={row.key} className="border-b border-line last:border-0">
                        <th scope="row" className="px-3 py-1.5 font-normal">{label(row.key)}</th>
                        <td className="px-3 py-1.5 text-right tabular-nums">{row.orders}</td>
                        <td className="px-3 py-1.5 text-right tabular-nums">{money(row.gross_cents)}</td>
                        <td className="px-3 py-1.5 text-right tabular-nums">{money(row.discount_cents)}</td>
                        <td className="px-3 py-1.5 text-right tabular-nums">{money(row.refund_cents)}</td>
                        <td className="px-3 py-1.5 text-right tabular-nums">{money(row.net_cents)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ReportTableRegion>
            </div>
          )}
        </>
      ) : null}
    </section>
  );
}
