import { Trophy } from 'lucide-react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useLeaderboard } from '../api/get-leaderboard.ts';
import { money } from '../utils.ts';

/**
 * The fundraiser's leaderboard and recent supporters wall (issue #36 item 2): participants ranked
 * by what they raised (the ledger's net, as the server ranks them) with their progress, and the
 * latest supporters as they chose to be shown. Live: the fundraiser's events refresh it.
 */
export function Leaderboard({ slug }: { slug: string }) {
  const board = useLeaderboard(slug);
  if (board.isPending) {
    return (
      <div aria-busy="true" className="mt-10">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="mt-4 h-32" />
      </div>
    );
  }
  if (board.isError) {
    return (
      <Alert tone="error" className="mt-10" title="Leaderboard unavailable">
        <p>{errorMessage(board.error, 'Unable to load the leaderboard. Please try again.')}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void board.refetch()}>
          Try Again
        </Button>
      </Alert>
    );
  }
  const { participants, supporters } = board.data;
  return (
    <div className="mt-10 grid gap-8 md:grid-cols-2">
      {participants.length > 0 ? (
        <section aria-labelledby="leaderboard-heading">
          <h2 id="leaderboard-heading" className="flex items-center gap-2 font-display text-2xl font-bold">
            <Trophy aria-hidden="true" className="size-6 text-brand-ink" />
            Leaderboard
          </h2>
          <ol className="mt-4 space-y-3" data-testid="leaderboard">
            {participants.map((p) => {
              const label = `leaderboard-${p.id}`;
              return (
                <li key={p.id} className="rounded-xl border border-line bg-surface-raised p-3" data-testid={`leaderboard-row-${p.id}`}>
                  <p id={label} className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                    <span className="min-w-0 break-words">
                      <span className="font-bold">#{p.rank}</span> <span className="font-semibold">{p.name}</span>
                    </span>
                    <span>
                      {money(p.raisedCents)} raised{p.goalCents ? ` of ${money(p.goalCents)}` : ''}
                    </span>
                  </p>
                  {p.goalCents ? (
                    <div role="progressbar" aria-labelledby={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={p.progressPercent ?? 0} className="mt-2 h-2 overflow-hidden rounded-full bg-surface-muted">
                      <div className="h-full bg-brand" style={{ width: `${p.progressPercent ?? 0}%` }} />
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ol>
        </section>
      ) : null}
      <section aria-labelledby="supporters-heading">
        <h2 id="supporters-heading" className="font-display text-2xl font-bold">
          Recent supporters
        </h2>
        {supporters.length === 0 ? (
          <p className="mt-3 text-ink-muted">No supporters yet. Be the first!</p>
        ) : (
          <ul className="mt-4 divide-y divide-line rounded-xl border border-line bg-surface-raised" data-testid="supporters-wall">
            {supporters.map((s, index) => (
              <li key={`${s.created_at}-${index}`} className="flex flex-wrap items-baseline justify-between gap-x-3 px-3 py-2 text-sm">
                <span className="min-w-0 break-words">
                  <span className="font-semibold">{s.display_name}</span>
                  {s.participant_name ? ` supported ${s.participant_name}` : ' supported the team'}
                </span>
                <time dateTime={s.created_at} className="text-ink-muted">
                  {formatDateTime(s.created_at)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
