import { HandCoins } from 'lucide-react';
import { teamShareLine } from '@kusina/domain/wholesale-payout';

/** The supporter's line on the fundraiser page (decision 0125): "X% of every purchase goes to the team"; nothing when the share is not stated. */
export function TeamShareNote({ percent, className = '' }: { percent: number | null | undefined; className?: string }) {
  const line = teamShareLine(percent);
  if (!line) return null;
  return (
    <p className={`inline-flex items-center gap-2 text-sm font-semibold ${className}`} data-testid="team-share">
      <HandCoins aria-hidden="true" className="size-4 shrink-0" />
      {line}
    </p>
  );
}
