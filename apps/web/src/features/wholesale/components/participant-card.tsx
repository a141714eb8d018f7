import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button.tsx';
import type { Participant } from '../api/contracts.ts';
import { participantPagePath, shareLink } from '../participant-link.ts';
import { ParticipantProgress } from './participant-progress.tsx';

/** A participant with photo, description, goal progress (from the ledger), a link to their page and their share link to copy. */
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
  return (
    <li className="flex gap-4 rounded-2xl border border-line bg-surface-raised p-4">
      {participant.photoUrl ? <img src={participant.photoUrl} alt="" className="size-16 shrink-0 rounded-full object-cover" /> : <div className="size-16 shrink-0 rounded-full bg-brand-soft" />}
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold">
          <Link href={participantPagePath(slug, participant.id)} className="text-brand-ink underline-offset-2 hover:underline">
            {participant.name}
          </Link>
        </h3>
        {participant.description ? <p className="text-sm text-ink-muted">{participant.description}</p> : null}
        <ParticipantProgress participant={participant} className="mt-2" />
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
