import { pluralize } from '../../../lib/format.ts';
import type { Fundraiser } from '../api/contracts.ts';
import { money } from '../utils.ts';

/** "Ends today", "Ends in 1 day", "Ends in 12 days"; null without an end date (or past it). */
export function endsInText(daysLeft: number | null): string | null {
  if (daysLeft === null || daysLeft < 0) return null;
  if (daysLeft === 0) return 'Ends today';
  return `Ends in ${pluralize(daysLeft, 'day')}`;
}

/**
 * Team progress (issue #36 item 1): raised against the team's goal (a bar when it has one),
 * supporters and the days left, as the server computed them; the list card and the fundraiser
 * page refresh it as orders arrive (the fundraiser's live events).
 */
export function TeamProgress({ fundraiser, className = '' }: { fundraiser: Fundraiser; className?: string }) {
  const labelId = `team-progress-${fundraiser.id}`;
  const ends = endsInText(fundraiser.days_left);
  return (
    <div className={className} data-testid={`team-progress-${fundraiser.id}`}>
      <p id={labelId} className="text-sm">
        <span className="font-semibold">{money(fundraiser.raised_cents)} raised</span>
        {fundraiser.goal_cents ? ` of ${money(fundraiser.goal_cents)} goal` : ''}
      </p>
      {fundraiser.goal_cents ? (
        <div
          role="progressbar"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={fundraiser.progress_percent ?? 0}
          className="mt-1 h-2 overflow-hidden rounded-full bg-surface-muted"
        >
          <div className="h-full bg-brand" style={{ width: `${fundraiser.progress_percent ?? 0}%` }} />
        </div>
      ) : null}
      <p className="mt-1 text-sm text-ink-muted">
        {pluralize(fundraiser.supporters_count, 'supporter')}
        {ends ? ` · ${ends}` : ''}
      </p>
    </div>
  );
}
