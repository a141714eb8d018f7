import { useState } from 'react';
import { Check, Copy, HeartHandshake, Share2 } from 'lucide-react';
import { impactSentence } from '@kusina/domain/supporter-rules';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { facebookShareUrl, smsShareUrl, whatsappShareUrl } from '../../../lib/share-urls.ts';
import { useOrderImpact } from '../api/get-order-impact.ts';
import { shareLink } from '../participant-link.ts';

/**
 * Impact after buying (issue #36 item 4): what the order added to its participant's (or the
 * team's) goal, in the server's figures, and an invitation to share the participant's link (the
 * one their QR code encodes) or the fundraiser's. Nothing when the figures cannot be loaded: the
 * confirmation itself stands.
 */
export function OrderImpact({ orderId, token }: { orderId: number; token: string | null }) {
  const impact = useOrderImpact(orderId, token);
  const [copied, setCopied] = useState(false);
  if (impact.isPending) return <Skeleton className="mt-6 h-28 rounded-2xl" />;
  if (impact.isError || impact.data.added_cents <= 0) return null;
  const i = impact.data;
  const link = i.participant_id !== null ? shareLink(i.fundraiser_slug, i.participant_id) : `${window.location.origin}/wholesale/${i.fundraiser_slug}`;
  const whom = i.recipient_name ?? 'the team';
  const text = `I just supported ${whom} in ${i.fundraiser_name}. You can help too:`;
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      window.prompt('Copy this link', link);
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title: i.fundraiser_name, text, url: link });
    } catch {
      // Closing the share sheet is not an error.
    }
  };
  return (
    <section aria-labelledby="impact-heading" className="mt-6 rounded-2xl border border-brand bg-surface-raised p-4" data-testid="order-impact">
      <h2 id="impact-heading" className="flex items-center gap-2 font-display text-xl font-bold">
        <HeartHandshake aria-hidden="true" className="size-5" />
        Thank you!
      </h2>
      <p className="mt-1">{impactSentence(i)}</p>
      {i.goal_cents !== null && i.progress_percent !== null ? (
        <div role="progressbar" aria-label={`Progress toward ${i.recipient_name ? `${i.recipient_name}'s` : "the team's"} goal`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={i.progress_percent} className="mt-2 h-2 overflow-hidden rounded-full bg-surface-muted">
          <div className="h-full bg-brand" style={{ width: `${i.progress_percent}%` }} />
        </div>
      ) : null}
      <p className="mt-3 text-sm">Help {whom} reach the goal: share the link with family and friends.</p>
      <div className="mt-2 flex flex-wrap gap-2">
        {canShare ? (
          <Button size="sm" onClick={() => void share()} icon={<Share2 aria-hidden="true" className="size-4" />}>
            Share
          </Button>
        ) : null}
        <a className="inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-semibold text-brand-ink underline" href={smsShareUrl(link, text)}>
          Text
        </a>
        <a className="inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-semibold text-brand-ink underline" href={whatsappShareUrl(link, text)} target="_blank" rel="noopener noreferrer">
          WhatsApp<span className="sr-only"> (opens in a new tab)</span>
        </a>
        <a className="inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-semibold text-brand-ink underline" href={facebookShareUrl(link)} target="_blank" rel="noopener noreferrer">
          Facebook<span className="sr-only"> (opens in a new tab)</span>
        </a>
        <Button variant="secondary" size="sm" onClick={() => void copy()} icon={copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}>
          {copied ? 'Link copied' : 'Copy link'}
        </Button>
      </div>
      <p className="sr-only" aria-live="polite">
        {copied ? 'Link copied' : ''}
      </p>
    </section>
  );
}
