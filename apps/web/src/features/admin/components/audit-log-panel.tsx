import { useId } from 'react';
import { History } from 'lucide-react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useAuditLog } from '../api/get-audit-log.ts';

/** The audit log (issue #37): who changed the team and the codes, what, and when; newest first. */
export function AuditLogPanel() {
  const headingId = useId();
  const log = useAuditLog();
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-2xl border border-line bg-surface-raised p-4 shadow-sm sm:p-6">
      <div>
        <h2 id={headingId} className="text-xl font-bold">
          Audit log
        </h2>
        <p className="text-sm text-ink-muted">Every change to the team, promo codes and VIP codes: who, what and when (Guam time).</p>
      </div>
      {log.isPending ? (
        <div role="status" aria-label="Loading the audit log" className="space-y-2">
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : log.isError ? (
        <Alert tone="error">{errorMessage(log.error, 'Could not load the audit log.')}</Alert>
      ) : entries.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-8 text-center text-ink-muted">
          <History aria-hidden="true" className="size-8" />
          <p>No changes recorded yet.</p>
        </div>
      ) : (
        <ol className="divide-y divide-line rounded-xl border border-line">
          {entries.map((entry) => (
            <li key={entry.id} className="space-y-0.5 p-3 sm:p-4">
              <p className="font-semibold break-words">{entry.summary}</p>
              <p className="text-sm break-words text-ink-muted">
                {entry.actor ?? 'System'} · <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      {log.hasNextPage ? (
        <Button variant="secondary" onClick={() => void log.fetchNextPage()} loading={log.isFetchingNextPage}>
          Show older changes
        </Button>
      ) : null}
    </section>
  );
}
