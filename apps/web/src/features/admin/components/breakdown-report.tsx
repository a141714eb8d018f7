import { useState } from 'react';
import { BREAKDOWN_REPORTS, type BreakdownColumn, type BreakdownReportName, type BreakdownReportOutput } from '@kusina/domain/reports';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { failureMessage } from '../../../lib/failure-message.ts';
import { formatDay } from '../../../lib/guam-dates.ts';
import { breakdownReportCsvUrl, useBreakdownReport } from '../api/get-breakdown-report.ts';
import type { ReportRange } from '../api/get-visit-funnel.ts';
import { BarChart, CsvLink, money, ReportTableRegion } from './report-chart.tsx';

/** What each report is called on screen, and its groupings' button labels. */
const HEADINGS: Record<BreakdownReportName, { title: string; groups: Record<string, string> }> = {
  items: { title: 'Item mix', groups: { item: 'By item', category: 'By category', option: 'By option' } },
  channels: { title: 'Channels', groups: {} },
  codes: { title: 'Promo and VIP codes', groups: {} },
  processors: { title: 'Payments by processor', groups: {} },
  reservations: { title: 'Reservations', groups: { source: 'By source', day: 'By day' } },
  fundraisers: { title: 'Fundraisers', groups: {} },
};

export function formatFigure(unit: BreakdownColumn['unit'], value: number | null): string {
  if (value === null) return '—';
  if (unit === 'cents') return money(value);
  if (unit === 'percent') return `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
  return value.toLocaleString('en-US');
}

/** The label a row is read by: a day's date, else its name (with what it belongs to, where that matters). */
function rowName(report: BreakdownReportOutput, row: BreakdownReportOutput['rows'][number]): string {
  return report.group === 'day' ? formatDay(row.label) : row.label;
}

function BreakdownChart({ report }: { report: BreakdownReportOutput }) {
  const index = report.columns.findIndex((c) => c.id === report.chart);
  const column = report.columns[index]!;
  const byDay = report.group === 'day';
  const bars = report.rows.map((row, i) => ({
    key: row.key,
    value: row.values[index] ?? 0,
    tick: byDay ? (report.rows.length <= 31 && i % Math.ceil(report.rows.length / 8) === 0 ? row.label.slice(5) : null) : row.parent && report.parent_label ? `${row.label} (${row.parent})` : row.label,
  }));
  const best = report.rows.reduce((a, b) => ((b.values[index] ?? 0) > (a.values[index] ?? 0) ? b : a), report.rows[0]!);
  const summary = `${column.label} by ${report.row_label.toLowerCase()}: highest ${formatFigure(column.unit, best.values[index] ?? 0)} for ${rowName(report, best)}${report.totals[index] === null || report.totals[index] === undefined ? '' : `; total ${formatFigure(column.unit, report.totals[index])}`}.`;
  return <BarChart bars={bars} summary={summary} regionLabel={`${report.title} chart`} layout={byDay ? 'columns' : 'rows'} />;
}

/**
 * One breakdown report (issue #37 item 4; decision 0127): a heading, how it is counted, its
 * groupings, the CSV, and the chart with the table beside it — the table is how it is read.
 */
export function BreakdownReport({ name, range }: { name: BreakdownReportName; range: ReportRange }) {
  const groups = BREAKDOWN_REPORTS[name] as readonly string[];
  const [group, setGroup] = useState<string>(groups[0]!);
  const report = useBreakdownReport(name, range, group);
  const data = report.data;
  const { title, groups: groupLabels } = HEADINGS[name];
  const id = `report-${name}-title`;
  const empty = data ? data.rows.length === 0 || data.rows.every((row) => row.values.every((v) => !v)) : false;

  return (
    <section aria-labelledby={id} className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h2 id={id} className="font-display text-2xl font-bold">
            {title}
          </h2>
          {data ? <p className="text-sm text-ink-muted">{data.note}</p> : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {groups.length > 1 ? (
            <fieldset className="flex flex-wrap gap-1" aria-label={`${title} by`}>
              {groups.map((g) => (
                <Button key={g} size="sm" variant="secondary" aria-pressed={group === g} onClick={() => setGroup(g)}>
                  {groupLabels[g] ?? g}
                </Button>
              ))}
            </fieldset>
          ) : null}
          <CsvLink href={breakdownReportCsvUrl(name, range, group)} name={title} />
        </div>
      </div>

      {report.isPending ? (
        <Spinner label={`Loading ${title}…`} />
      ) : report.isError ? (
        <Alert tone="error">
          {failureMessage(`Could not load the ${title} report.`, report.error)}{' '}
          <Button size="sm" variant="secondary" onClick={() => void report.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : data && empty ? (
        <p className="rounded-xl border border-line bg-surface-muted p-4 text-ink-muted">Nothing in these days.</p>
      ) : data ? (
        <div className="grid min-w-0 gap-4 xl:grid-cols-2">
          <BreakdownChart report={data} />
          <ReportTableRegion label={`${data.title} table`}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">
                {data.title}, {range.from} to {range.to}
              </caption>
              <thead className="sticky top-0 bg-surface">
                <tr className="border-b border-line">
                  {data.parent_label ? (
                    <th scope="col" className="px-3 py-2 font-semibold">
                      {data.parent_label}
                    </th>
                  ) : null}
                  <th scope="col" className="px-3 py-2 font-semibold">
                    {data.row_label}
                  </th>
                  {data.columns.map((c) => (
                    <th key={c.id} scope="col" className="px-3 py-2 text-right font-semibold">
                      {c.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row) => (
                  <tr key={row.key} className="border-b border-line">
                    {data.parent_label ? <td className="px-3 py-1.5">{row.parent ?? ''}</td> : null}
                    <th scope="row" className="px-3 py-1.5 font-normal">
                      {rowName(data, row)}
                    </th>
                    {row.values.map((v, i) => (
                      <td key={data.columns[i]!.id} className="px-3 py-1.5 text-right tabular-nums">
                        {formatFigure(data.columns[i]!.unit, v)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="font-semibold">
                  {data.parent_label ? <td className="px-3 py-1.5" /> : null}
                  <th scope="row" className="px-3 py-1.5">
                    Total
                  </th>
                  {data.totals.map((v, i) => (
                    <td key={data.columns[i]!.id} className="px-3 py-1.5 text-right tabular-nums">
                      {v === null ? '' : formatFigure(data.columns[i]!.unit, v)}
                    </td>
                  ))}
                </tr>
              </tfoot>
            </table>
          </ReportTableRegion>
        </div>
      ) : null}
    </section>
  );
}
