import { useEffect, useState } from 'react';
import { CalendarDays, HeartHandshake, MapPin } from 'lucide-react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { WholesaleMessages } from '@kusina/domain/wholesale';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { shopToast } from '../toast.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { addWholesaleLine, clearWholesaleCart, useCartFundraiser } from '../../../stores/wholesale-cart-actions.ts';
import type { Item } from '../api/contracts.ts';
import { useFundraiser } from '../api/get-fundraiser.ts';
import { useFundraiserLive } from '../api/use-wholesale-live.ts';
import { CartBar } from '../components/cart-bar.tsx';
import { ItemDialog, type PendingLine } from '../components/item-dialog.tsx';
import { Leaderboard } from '../components/leaderboard.tsx';
import { TeamProgress } from '../components/team-progress.tsx';
import { TeamShareNote } from '../components/team-share-note.tsx';
import { ParticipantCard } from '../components/participant-card.tsx';
import { SwitchFundraiserDialog } from '../components/switch-fundraiser-dialog.tsx';
import { rememberParticipant, useRememberedParticipant } from '../participant-link.ts';
import { formatDay, money } from '../utils.ts';

/** /wholesale/{slug}: banner, dates, description, items and participants (§2); 404/403 go back to the list with a warning. */
export function FundraiserPage({ slug }: { slug: string }) {
  const fundraiser = useFundraiser(slug);
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const [open, setOpen] = useState<Item | null>(null);
  const [conflict, setConflict] = useState<PendingLine | null>(null);
  const cartFundraiser = useCartFundraiser();
  useDocumentTitle(fundraiser.data?.name ?? 'Fundraiser');
  useFundraiserLive(fundraiser.data?.id);

  const status = fundraiser.error instanceof ApiError ? fundraiser.error.status : null;
  useEffect(() => {
    if (status === 404) navigate('/wholesale', { replace: true, state: { warning: WholesaleMessages.fundraiserNotAvailable } });
    if (status === 403) navigate('/wholesale', { replace: true, state: { warning: WholesaleMessages.fundraiserNotAccepting } });
  }, [status, navigate]);

  // A participant's share link preselects them at checkout.
  const participantParam = Number(params.get('participant'));
  const data = fundraiser.data;
  // Whom this supporter came through, in this tab or another (until they check out).
  const remembered = useRememberedParticipant(data?.id);
  useEffect(() => {
    if (data && Number.isInteger(participantParam) && data.participants.some((p) => p.id === participantParam)) rememberParticipant(data.id, participantParam);
  }, [data, participantParam]);

  if (fundraiser.isPending || status === 404 || status === 403) {
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6" aria-busy="true">
        <Skeleton className="h-48 rounded-2xl" />
        <Skeleton className="mt-6 h-8 w-2/3" />
      </div>
    );
  }
  if (fundraiser.isError || !data) {
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

  const summary = { id: data.id, name: data.name, slug: data.slug };
  const preselected = data.participants.find((p) => p.id === participantParam) ?? data.participants.find((p) => p.id === remembered);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6">
      <Link href="/wholesale" className="text-sm font-semibold text-brand-ink hover:underline">
        ← All fundraisers
      </Link>
      {data.banner_url ? <img src={data.banner_url} alt="" className="mt-3 aspect-[3/1] w-full rounded-2xl object-cover" /> : null}
      <h1 className="mt-5 font-display text-3xl font-bold">{data.name}</h1>
      <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-ink-muted">
        <span className="inline-flex items-center gap-1">
          <CalendarDays aria-hidden="true" className="size-4" />
          {formatDay(data.startDate)} – {formatDay(data.endDate)}
        </span>
        {data.pickup_display_name ? (
          <span className="inline-flex items-center gap-1">
            <MapPin aria-hidden="true" className="size-4" />
            Pickup at {data.pickup_display_name}
            {data.pickup_hours ? `, ${data.pickup_hours}` : ''}
          </span>
        ) : null}
      </p>
      <TeamProgress fundraiser={data} className="mt-4 max-w-md" />
      <TeamShareNote percent={data.team_share_percent} className="mt-2" />
      <Link href={`/wholesale/${data.slug}/donate`} className={buttonClasses({ variant: 'secondary', size: 'sm' }) + ' mt-3'}>
        <HeartHandshake aria-hidden="true" className="size-4" />
        Donate without buying
      </Link>
      <p className="mt-4 max-w-3xl">{data.description}</p>
      {preselected ? (
        <Alert tone="info" className="mt-4">
          You are supporting {preselected.name}. They will be selected at checkout.
        </Alert>
      ) : null}

      <h2 className="mt-8 font-display text-2xl font-bold">Items</h2>
      {data.items.length === 0 ? (
        <p className="mt-3 text-ink-muted">No items are for sale yet.</p>
      ) : (
        <ul className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {data.items.map((item) => (
            <li key={item.id} className="flex flex-col overflow-hidden rounded-2xl border border-line bg-surface-raised">
              {item.primary_image_url ? <img src={item.primary_image_url} alt={item.images[0]?.alt_text ?? item.name} className="aspect-square w-full object-cover" /> : <div className="aspect-square w-full bg-surface-muted" />}
              <div className="flex flex-1 flex-col p-4">
                <h3 className="font-semibold">{item.name}</h3>
                <p className="mt-1 line-clamp-2 flex-1 text-sm text-ink-muted">{item.description}</p>
                <p className="mt-2 flex items-center justify-between">
                  <span className="font-semibold">{money(item.price_cents)}</span>
                  {!item.in_stock ? <span className="text-sm font-semibold text-danger-ink">Out of stock</span> : item.stock_status === 'low_stock' ? <span className="text-sm text-warning-ink">Low stock</span> : null}
                </p>
                <Button className="mt-3" block disabled={!item.in_stock} onClick={() => setOpen(item)} aria-label={`${item.option_groups.length > 0 ? 'Choose options for' : 'Add'} ${item.name}`}>
                  {item.in_stock ? (item.option_groups.length > 0 ? 'Choose Options' : 'Add to Cart') : 'Out of Stock'}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      {data.participants.length > 0 ? (
        <>
          <h2 className="mt-10 font-display text-2xl font-bold">Participants</h2>
          <ul className="mt-4 grid gap-4 md:grid-cols-2">
            {data.participants.map((p) => (
              <ParticipantCard key={p.id} participant={p} slug={data.slug} />
            ))}
          </ul>
        </>
      ) : null}

      <Leaderboard slug={data.slug} />

      <ItemDialog
        item={open}
        fundraiser={summary}
        onClose={() => setOpen(null)}
        onAdded={(line) => {
          setOpen(null);
          shopToast('success', `Added ${line.quantity > 1 ? `${line.quantity} ` : ''}${line.name} to cart`);
        }}
        onConflict={(line) => {
          setOpen(null);
          setConflict(line);
        }}
      />
      <SwitchFundraiserDialog
        open={conflict !== null}
        currentName={cartFundraiser?.name ?? 'another fundraiser'}
        nextName={data.name}
        onKeep={() => setConflict(null)}
        onSwitch={() => {
          if (conflict) {
            clearWholesaleCart();
            addWholesaleLine(conflict, summary);
            shopToast('success', `Added ${conflict.name} to cart`);
          }
          setConflict(null);
        }}
      />
      <CartBar />
    </div>
  );
}
