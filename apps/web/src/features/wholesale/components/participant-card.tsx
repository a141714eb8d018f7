import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import type { Participant } from '../api/contracts.ts';
import { shareLink } from '../participant-link.ts';
import { money } from '../utils.ts';

/** A participant with photo, description, goal progress (from the ledger) and a share link to copy. */
export function ParticipantCard({ participant, slug }: { participant: Participant; slug: string }) {
  const [copied, setCopied] = useState(false);
  const link = shareLink(slug, participant.id);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      window.prompt('Copy this link', link);
    }
  };
  const progressId = `progress-${participant.id}`;
  return (
    <li className="flex gap-4 rounded-2xl border border-line bg-surface-raised p-4">
      {participant.photoUrl ? <img src={participant.photoUrl} alt="" className="size-16 shrink-0 rounded-full object-cover" /> : <div className="size-16 shrink-0 rounded-full bg-brand-soft" />}
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold">{participant.name}</h3>
        {participant.description ? <p className="text-sm text-ink-muted">{participant.description}</p> : null}
        {participant.hasGoal && participant.goalCents ? (
          <div className="mt-2">
            <p id={progressId} className="text-sm">
              {money(participant.raisedCents)} raised of {money(participant.goalCents)} goal
            </p>
            <div role="progressbar" aria-labelledby={progressId} aria-valuemin={0} aria-valuemax={100} aria-valuenow={participant.progressPercent ?? 0} className="mt-1 h-2 overflow-hidden rounded-full bg-surface-muted">
              <div className="h-full bg-brand" style={{ width: `${participant.progressPercent ?? 0}%` }} />
            </div>
          </div>
        ) : (
          <p className="mt-2 text-sm">{money(participant.raisedCents)} raised</p>
        )}
        <Button
          variant="link"
          size="sm"
          className="mt-1 -ml-1"
          onClick={() => void copy()}
          aria-label={`Copy share link for ${participant.name}`}
          icon={copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
        >
          {copied ? 'Link copied' : 'Copy share link'}
        </Button>
        <p className="sr-only" aria-live="polite">
          {copied ? `Share link for ${participant.name} copied` : ''}
        </p>
      </div>
    </li>
  );
}
