import { useState } from 'react';
import { Search } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { WholesaleMessages } from '@kusina/domain/wholesale';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { useLocationState } from '../../../lib/router.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { clearWholesaleCart } from '../../../stores/wholesale-cart-actions.ts';
import type { Fundraiser } from '../api/contracts.ts';
import { useFundraisers } from '../api/get-fundraisers.ts';
import { useNamedCartFundraiser } from '../api/use-named-cart-fundraiser.ts';
import { CartBar } from '../components/cart-bar.tsx';
import { SwitchFundraiserDialog } from '../components/switch-fundraiser-dialog.tsx';
import { TeamProgress } from '../components/team-progress.tsx';
import { useFundraisersLive } from '../api/use-wholesale-live.ts';
import { formatDay } from '../utils.ts';

/** /wholesale: current fundraisers with a search box, the conflict modal and the bottom cart bar (§2). */
export function FundraiserListPage() {
  useDocumentTitle('Fundraisers');
  const [, navigate] = useLocation();
  const cartFundraiser = useNamedCartFundraiser();
  // A cart belongs to one fundraiser (§4): opening another one asks first (the conflict modal).
  const [conflict, setConflict] = useState<Fundraiser | null>(null);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 250);
  const fundraisers = useFundraisers(debounced);
  // Each card's progress moves as orders arrive.
  useFundraisersLive(fundraisers.data?.map((f) => f.id) ?? []);
  const warning = (useLocationState() as { warning?: string } | null)?.warning;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <h1 className="font-display text-3xl font-bold">Fundraisers</h1>
      <p className="mt-2 text-ink-muted">Support local teams and groups: order their fundraiser items and pick them up in person.</p>
      {warning ? (
        <Alert tone="warning" className="mt-4">
          {warning}
        </Alert>
      ) : null}
      <div className="relative mt-6 max-w-md">
        <label htmlFor="fundraiser-search" className="sr-only">
          Search fundraisers
        </label>
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-ink-muted" />
        <input
          id="fundraiser-search"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Search fundraisers"
          className="min-h-11 w-full rounded-lg border border-line-strong bg-surface pr-3 pl-10"
        />
      </div>
      <div className="mt-6">
        {fundraisers.isPending ? (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-72 rounded-2xl" />
            ))}
          </div>
        ) : fundraisers.isError ? (
          <Alert tone="error">
            <p>{errorMessage(fundraisers.error, WholesaleMessages.loadFundraisersFailed)}</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void fundraisers.refetch()}>
              Try Again
            </Button>
          </Alert>
        ) : fundraisers.data.length === 0 ? (
          <p className="rounded-2xl border border-line bg-surface-raised p-8 text-center text-ink-muted">
            {debounced ? 'No fundraisers match your search.' : 'There are no fundraisers right now. Please check back soon.'}
          </p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {fundraisers.data.map((f) => (
              <li key={f.id}>
                <Link
                  href={`/wholesale/${f.slug}`}
                  onClick={(event) => {
                    if (cartFundraiser && cartFundraiser.id !== f.id) {
                      event.preventDefault();
                      setConflict(f);
                    }
                  }}
                  className="group block h-full overflow-hidden rounded-2xl border border-line bg-surface-raised shadow-sm hover:shadow-md focus-visible:outline-2 focus-visible:outline-brand"
                >
                  {f.card_image_url ? <img src={f.card_image_url} alt="" className="aspect-[3/2] w-full object-cover" /> : <div className="aspect-[3/2] w-full bg-brand-soft" />}
                  <div className="p-4">
                    <h2 className="font-display text-xl font-bold group-hover:underline">{f.name}</h2>
                    {f.startDate || f.endDate ? (
                      <p className="mt-1 text-sm text-ink-muted">
                        {formatDay(f.startDate)} – {formatDay(f.endDate)}
                      </p>
                    ) : null}
                    <p className="mt-2 line-clamp-3 text-sm">{f.description}</p>
                    <TeamProgress fundraiser={f} className="mt-3" />
                    <p className="mt-2 text-sm font-semibold">
                      {f.item_count} items · {f.participant_count} participants
                    </p>
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
      <SwitchFundraiserDialog
        open={conflict !== null}
        currentName={cartFundraiser?.name ?? 'another fundraiser'}
        nextName={conflict?.name ?? ''}
        detail={conflict ? `Clearing the cart removes its items so you can shop ${conflict.name}.` : ''}
        onSwitch={() => {
          if (!conflict) return;
          clearWholesaleCart();
          setConflict(null);
          navigate(`/wholesale/${conflict.slug}`);
        }}
        onKeep={() => setConflict(null)}
      />
      <CartBar />
    </div>
  );
}
