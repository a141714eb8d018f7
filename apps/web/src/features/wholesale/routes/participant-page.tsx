import { useEffect } from 'react';
import { Printer, ShoppingBag } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { WholesaleMessages } from '@kusina/domain/wholesale';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { QrCode } from '../../../components/ui/qr-code.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import type { FundraiserDetail, Participant } from '../api/contracts.ts';
import { useFundraiser } from '../api/get-fundraiser.ts';
import { useFundraiserLive } from '../api/use-wholesale-live.ts';
import { ParticipantProgress } from '../components/participant-progress.tsx';
import { ShareSheet } from '../components/share-sheet.tsx';
import { participantPagePath, rememberParticipant, shareLink } from '../participant-link.ts';

export const ParticipantText = {
  notFound: 'This participant is not part of this fundraiser.',
  shareTitle: (name: string) => `Share ${name}'s page`,
  shareText: (participant: string, fundraiser: string) => `Support ${participant} in ${fundraiser}!`,
};

/** The fundraiser and one of its active participants, with the shop's 404/403 handling (§2). */
function useParticipant(slug: string, participantId: number): { fundraiser: ReturnType<typeof useFundraiser>; data: FundraiserDetail | undefined; participant: Participant | undefined; gone: boolean } {
  const fundraiser = useFundraiser(slug);
  const [, navigate] = useLocation();
  const status = fundraiser.error instanceof ApiError ? fundraiser.error.status : null;
  useEffect(() => {
    if (status === 404) navigate('/wholesale', { replace: true, state: { warning: WholesaleMessages.fundraiserNotAvailable } });
    if (status === 403) navigate('/wholesale', { replace: true, state: { warning: WholesaleMessages.fundraiserNotAccepting } });
  }, [status, navigate]);
  useFundraiserLive(fundraiser.data?.id);
  const data = fundraiser.data;
  return { fundraiser, data, participant: data?.participants.find((p) => p.id === participantId), gone: status === 404 || status === 403 };
}

function PageState({ fundraiser, slug, gone }: { fundraiser: ReturnType<typeof useFundraiser>; slug: string; gone: boolean }) {
  if (fundraiser.isPending || gone) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6" aria-busy="true">
        <Skeleton className="size-32 rounded-full" />
        <Skeleton className="mt-6 h-8 w-2/3" />
      </div>
    );
  }
  if (fundraiser.isError) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
        <Alert tone="error" title={WholesaleMessages.fundraiserLoadFailed}>
          <p>{errorMessage(fundraiser.error, WholesaleMessages.fundraiserLoadRetry)}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void fundraiser.refetch()}>
            Try Again
          </Button>
        </Alert>
      </div>
    );
  }
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <Alert tone="warning" title={ParticipantText.notFound}>
        <Link href={`/wholesale/${slug}`} className="font-semibold underline">
          See the fundraiser
        </Link>
      </Alert>
    </div>
  );
}

/**
 * /wholesale/{slug}/participants/{id}: a participant's own page (issue #36 item 3) — photo, goal
 * and live progress, their message, the share sheet and a flyer with a QR code. Opening it
 * remembers them for the checkout in every tab (participant-link.ts).
 */
export function ParticipantPage({ slug, participantId }: { slug: string; participantId: number }) {
  const { fundraiser, data, participant, gone } = useParticipant(slug, participantId);
  useDocumentTitle(participant && data ? `${participant.name} · ${data.name}` : 'Participant');
  useEffect(() => {
    if (data && participant) rememberParticipant(data.id, participant.id);
  }, [data, participant]);

  if (!data || !participant) return <PageState fundraiser={fundraiser} slug={slug} gone={gone} />;
  const url = shareLink(data.slug, participant.id);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6">
      <Link href={`/wholesale/${data.slug}`} className="text-sm font-semibold text-brand-ink hover:underline">
        ← {data.name}
      </Link>
      <div className="mt-4 flex flex-col items-center gap-4 text-center sm:flex-row sm:items-start sm:text-left">
        {participant.photoUrl ? (
          <img src={participant.photoUrl} alt={`Photo of ${participant.name}`} className="size-32 shrink-0 rounded-full object-cover" />
        ) : (
          <div aria-hidden="true" className="size-32 shrink-0 rounded-full bg-brand-soft" />
        )}
        <div className="min-w-0 flex-1">
          <h1 className="font-display text-3xl font-bold [overflow-wrap:anywhere]">{participant.name}</h1>
          <p className="mt-1 text-ink-muted">Raising money with {data.name}</p>
          {participant.description ? <p className="mt-2">{participant.description}</p> : null}
        </div>
      </div>
      {participant.message ? (
        <figure className="mt-6 rounded-2xl border border-line bg-surface-raised p-4">
          <blockquote className="text-lg [overflow-wrap:anywhere] whitespace-pre-line">{participant.message}</blockquote>
          <figcaption className="mt-2 text-sm text-ink-muted">— {participant.name}</figcaption>
        </figure>
      ) : null}
      <ParticipantProgress participant={participant} className="mt-6" />
      <div className="mt-6 flex flex-wrap gap-3">
        <ButtonLink to={`/wholesale/${data.slug}`}>
          <ShoppingBag aria-hidden="true" className="size-5" />
          Shop to support {participant.name}
        </ButtonLink>
        <ShareSheet url={url} title={`${participant.name} · ${data.name}`} text={ParticipantText.shareText(participant.name, data.name)} label={ParticipantText.shareTitle(participant.name)} />
        <ButtonLink variant="secondary" to={`${participantPagePath(data.slug, participant.id)}/flyer`}>
          <Printer aria-hidden="true" className="size-5" />
          Print a flyer
        </ButtonLink>
      </div>
      <p className="mt-4 text-sm text-ink-muted">Every order placed through this page counts toward {participant.name}&apos;s goal.</p>
    </div>
  );
}

/**
 * /wholesale/{slug}/participants/{id}/flyer: a printable flyer — the fundraiser, the participant's
 * name and photo, and a QR code of their page with the address printed under it for anyone who
 * cannot scan. The print stylesheet leaves out the site's header, footer and the buttons.
 */
export function ParticipantFlyerPage({ slug, participantId }: { slug: string; participantId: number }) {
  const { fundraiser, data, participant, gone } = useParticipant(slug, participantId);
  useDocumentTitle(participant && data ? `Flyer: ${participant.name} · ${data.name}` : 'Flyer');
  if (!data || !participant) return <PageState fundraiser={fundraiser} slug={slug} gone={gone} />;
  const url = shareLink(data.slug, participant.id);
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-6 text-center sm:px-6 print:max-w-none print:p-0">
      <style>{'@media print { header, footer, [data-no-print] { display: none !important; } body { background: #fff; } }'}</style>
      <div data-no-print className="mb-4 flex flex-wrap justify-center gap-3">
        <Link href={participantPagePath(data.slug, participant.id)} className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-ink hover:underline">
          ← {participant.name}&apos;s page
        </Link>
        <Button onClick={() => window.print()} icon={<Printer aria-hidden="true" className="size-5" />}>
          Print
        </Button>
      </div>
      <article aria-label="Flyer" className="rounded-2xl border-2 border-line bg-white p-6 text-black print:border-0">
        <p className="text-lg font-semibold">{data.name}</p>
        <h1 className="mt-2 font-display text-4xl font-bold [overflow-wrap:anywhere]">Support {participant.name}</h1>
        {participant.photoUrl ? <img src={participant.photoUrl} alt={`Photo of ${participant.name}`} className="mx-auto mt-4 size-32 rounded-full object-cover" /> : null}
        {participant.message ? <p className="mt-4 text-lg [overflow-wrap:anywhere]">{participant.message}</p> : null}
        <div className="mt-6 flex justify-center">
          <QrCode value={url} label={`QR code for ${participant.name}'s page`} size={240} />
        </div>
        <p className="mt-3 font-semibold">Scan to shop and support {participant.name}</p>
        <p className="mt-1 text-sm [overflow-wrap:anywhere]">{url}</p>
      </article>
    </div>
  );
}
