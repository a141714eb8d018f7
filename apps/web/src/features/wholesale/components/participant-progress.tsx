import type { Participant } from '../api/contracts.ts';
import { money } from '../utils.ts';

/** What a participant has raised (the ledger's net), against their goal when they have one. */
export function ParticipantProgress({ participant, className }: { participant: Participant; className?: string }) {
  const progressId = `progress-${participant.id}`;
  if (!participant.hasGoal || !participant.goalCents) return <p className={className ?? 'text-sm'}>{money(participant.raisedCents)} raised</p>;
  return (
    <div className={className}>
      <p id={progressId} className="text-sm">
        {money(participant.raisedCents)} raised of {money(participant.goalCents)} goal
      </p>
      <div role="progressbar" aria-labelledby={progressId} aria-valuemin={0} aria-valuemax={100} aria-valuenow={participant.progressPercent ?? 0} className="mt-1 h-2 overflow-hidden rounded-full bg-surface-muted">
        <div className="h-full bg-brand" style={{ width: `${participant.progressPercent ?? 0}%` }} />
      </div>
    </div>
  );
}
