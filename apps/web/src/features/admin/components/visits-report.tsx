import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { failureMessage } from '../../../lib/failure-message.ts';
import { useVisitFunnel, type ReportRange } from '../api/get-visit-funnel.ts';

const share = (part: number, whole: number) => (whole === 0 ? '—' : `${Math.round((part / whole) * 100)}%`);

/**
 * Visits (issue #37 item 5; decision 0117): for the Guam days the Reports tab shows,
 * the visits analytics recorded, the share that reached checkout and the share that ordered. Shown
 * as a table, so every figure is read out as it is written.
 */
export function VisitsReport({ range }: { range: ReportRange }) {
  const funnel = useVisitFunnel(range);
  const data = funnel.data;
  return (
    <section aria-labelledby="visits-title" className="space-y-4">
      <div className="space-y-1">
        <h2 id="visits-title" className="font-display text-2xl font-bold">
          Visits
        </h2>
        <p className="text-sm text-ink-muted">Visits to this restaurant&rsquo;s site (a visit ends after 30 idle minutes), in Guam days. Visitors who ask not to be tracked are not counted.</p>
      </div>
      {funnel.isPending ? (
        <Spinner label="Loading visits…" />
      ) : funnel.isError ? (
        <Alert tone="error">
          {failureMessage('Could not load the visits.', funnel.error)}{' '}
          <Button size="sm" variant="secondary" onClick={() => void funnel.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : data && data.visits === 0 ? (
        <p className="rounded-xl border border-line bg-surface-muted p-4 text-ink-muted">No visits recorded in these days.</p>
      ) : data ? (
        <div className="overflow-x-auto" role="region" aria-label="Visits table" tabIndex={0}>
          <table className="w-full max-w-xl text-left text-sm">
            <caption className="sr-only">
              Visits from {data.from} to {data.to}
            </caption>
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="py-2 pr-4 font-semibold">Step</th>
                <th scope="col" className="py-2 pr-4 text-right font-semibold">Visits</th>
                <th scope="col" className="py-2 text-right font-semibold">Share of visits</th>
              </tr>
            </thead>
            <tbody>
              <tr className="border-b border-line">
                <th scope="row" className="py-2 pr-4 font-normal">Visited the site</th>
                <td className="py-2 pr-4 text-right tabular-nums">{data.visits}</td>
                <td className="py-2 text-right tabular-nums">100%</td>
              </tr>
              <tr className="border-b border-line">
                <th scope="row" className="py-2 pr-4 font-normal">Reached checkout</th>
                <td className="py-2 pr-4 text-right tabular-nums">{data.reached_checkout}</td>
                <td className="py-2 text-right tabular-nums">{share(data.reached_checkout, data.visits)}</td>
              </tr>
              <tr>
                <th scope="row" className="py-2 pr-4 font-normal">Ordered</th>
                <td className="py-2 pr-4 text-right tabular-nums">{data.ordered}</td>
                <td className="py-2 text-right tabular-nums">{share(data.ordered, data.visits)}</td>
              </tr>
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
