import { useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { WHOLESALE_ORDER_STATUSES, orderStatusLabel, WholesaleMessages } from '@kusina/domain/wholesale';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { shopToast } from '../toast.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { selectIsSignedIn, useAuthStore } from '../../../stores/auth-store.ts';
import { clearWholesaleCart, useCartFundraiser } from '../../../stores/wholesale-cart-actions.ts';
import { useOrders } from '../api/get-orders.ts';
import { WholesaleStatusBadge } from '../components/status-badge.tsx';
import { SwitchFundraiserDialog } from '../components/switch-fundraiser-dialog.tsx';
import { addReorderToCart, prepareReorder, reorderConflicts, type PreparedReorder } from '../reorder.ts';
import type { Order } from '../api/contracts.ts';
import { money } from '../utils.ts';

const EMPTY = { status: '', fundraiser: '', from: '', to: '' };

/** /wholesale/orders (§2): the signed-in supporter's orders with filters and a summary. */
export function OrderHistoryPage() {
  useDocumentTitle('Fundraiser Orders');
  const signedIn = useAuthStore(selectIsSignedIn);
  const [filters, setFilters] = useState(EMPTY);
  const [, navigate] = useLocation();
  const cartFundraiser = useCartFundraiser();
  // Reorder Items when the cart holds another fundraiser's items: Switch Fundraisers asks first (§4).
  const [switching, setSwitching] = useState<{ order: Order; prepared: Extract<PreparedReorder, { ok: true }> } | null>(null);
  // The fundraiser name is asked for once typing pauses (not once per key).
  const fundraiserText = useDebouncedValue(filters.fundraiser.trim(), 250);
  const active = Object.fromEntries(Object.entries({ ...filters, fundraiser: fundraiserText }).filter(([, v]) => v)) as Partial<typeof EMPTY>;
  const filtered = Object.values(filters).some((v) => v.trim() !== '');
  const orders = useOrders(active, signedIn);
  const summary = useMemo(() => {
    const list = orders.data ?? [];
    const counted = list.filter((o) => o.status !== 'cancelled');
    return { count: list.length, spent: counted.reduce((s, o) => s + o.totalCents - o.refundedCents, 0), fundraisers: new Set(list.map((o) => o.fundraiser.id)).size };
  }, [orders.data]);

  if (!signedIn) {
    return (
      <div className="mx-auto w-full max-w-2xl px-4 py-12 text-center sm:px-6">
        <h1 className="font-display text-3xl font-bold">Fundraiser Orders</h1>
        <p className="mt-3 text-ink-muted">Sign in to see your fundraiser orders. Guests can open an order from the link in their confirmation text or e-mail.</p>
        <Link href="/login" className={buttonClasses() + ' mt-6'}>
          Sign In
        </Link>
        <p className="mt-6">
          <Link href="/wholesale/find-order" className="font-semibold text-brand-ink underline">
            Ordered as a guest? Find your order
          </Link>
        </p>
      </div>
    );
  }

  const putInCart = (prepared: Extract<PreparedReorder, { ok: true }>) => {
    addReorderToCart(prepared);
    shopToast('success', prepared.message);
    navigate('/wholesale/cart');
  };
  const reorderItems = async (order: Order) => {
    const prepared = await prepareReorder(order);
    if (!prepared.ok) return shopToast('error', prepared.message);
    if (reorderConflicts(prepared)) setSwitching({ order, prepared });
    else putInCart(prepared);
  };

  const set = (key: keyof typeof EMPTY) => (event: { target: { value: string } }) => setFilters((f) => ({ ...f, [key]: event.target.value }));
  const field = 'min-h-11 w-full rounded-lg border border-line-strong bg-surface px-3';
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <h1 className="font-display text-3xl font-bold">Fundraiser Orders</h1>
      <form className="mt-6 grid gap-3 rounded-2xl border border-line bg-surface-raised p-4 sm:grid-cols-2 lg:grid-cols-5" onSubmit={(e) => e.preventDefault()} aria-label="Filter orders">
        <div>
          <label htmlFor="f-status" className="text-sm font-semibold">
            Status
          </label>
          <select id="f-status" className={field} value={filters.status} onChange={set('status')}>
            <option value="">All statuses</option>
            {WHOLESALE_ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {orderStatusLabel(s)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="f-fundraiser" className="text-sm font-semibold">
            Fundraiser
          </label>
          <input id="f-fundraiser" className={field} value={filters.fundraiser} onChange={set('fundraiser')} placeholder="Fundraiser name" />
        </div>
        <div>
          <label htmlFor="f-from" className="text-sm font-semibold">
            From
          </label>
          <input id="f-from" type="date" className={field} value={filters.from} onChange={set('from')} />
        </div>
        <div>
          <label htmlFor="f-to" className="text-sm font-semibold">
            To
          </label>
          <input id="f-to" type="date" className={field} value={filters.to} onChange={set('to')} />
        </div>
        <div className="flex items-end">
          <Button variant="secondary" block onClick={() => setFilters(EMPTY)} disabled={!filtered}>
            Clear All Filters
          </Button>
        </div>
      </form>

      {orders.isPending ? (
        <div className="mt-6 space-y-3" aria-busy="true">
          <Skeleton className="h-32 rounded-2xl" />
          <Skeleton className="h-32 rounded-2xl" />
        </div>
      ) : orders.isError ? (
        <Alert tone="error" className="mt-6" title={WholesaleMessages.loadOrdersFailed}>
          <p>{errorMessage(orders.error, WholesaleMessages.loadOrdersRetry)}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void orders.refetch()}>
            Try Again
          </Button>
        </Alert>
      ) : (
        <>
          <dl className="mt-6 grid grid-cols-3 gap-3 text-center">
            <div className="rounded-xl border border-line bg-surface-raised p-3">
              <dt className="text-sm text-ink-muted">Total orders</dt>
              <dd className="text-xl font-bold">{summary.count}</dd>
            </div>
            <div className="rounded-xl border border-line bg-surface-raised p-3">
              <dt className="text-sm text-ink-muted">Total spent</dt>
              <dd className="text-xl font-bold">{money(summary.spent)}</dd>
            </div>
            <div className="rounded-xl border border-line bg-surface-raised p-3">
              <dt className="text-sm text-ink-muted">Fundraisers supported</dt>
              <dd className="text-xl font-bold">{summary.fundraisers}</dd>
            </div>
          </dl>
          {orders.data.length === 0 ? (
            <p className="mt-6 rounded-2xl border border-line bg-surface-raised p-8 text-center text-ink-muted">{Object.keys(active).length > 0 ? 'No orders match your filters' : 'No orders yet'}</p>
          ) : (
            <ul className="mt-6 space-y-4">
              {orders.data.map((o) => (
                <li key={o.id} className="rounded-2xl border border-line bg-surface-raised p-4">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div>
                      <h2 className="font-semibold">Order {o.orderNumber}</h2>
                      <p className="text-sm text-ink-muted">
                        {formatDateTime(o.createdAt)} · {o.fundraiser.name}
                      </p>
                    </div>
                    <WholesaleStatusBadge status={o.status} />
                  </div>
                  <p className="mt-2 text-sm">
                    {money(o.totalCents)} · {o.itemCount} items · Supporting {o.participant?.name ?? 'general support'} · Payment: {o.paymentStatus}
                  </p>
                  {o.status === 'pending' && o.paymentStatus !== 'paid' ? <p className="mt-1 text-sm font-semibold text-warning-ink">Payment required</p> : null}
                  {o.status === 'shipped' ? <p className="mt-1 text-sm font-semibold">Track shipment</p> : null}
                  <div className="mt-3 flex flex-wrap gap-2">
                    <Link href={`/wholesale/orders/${o.id}`} className={buttonClasses({ size: 'sm' })} aria-label={`View details of order ${o.orderNumber}`}>
                      View Details
                    </Link>
                    {o.status !== 'cancelled' ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={`Reorder items of order ${o.orderNumber}`}
                        onClick={() => void reorderItems(o)}
                      >
                        Reorder Items
                      </Button>
                    ) : null}
                    <Link href={`/wholesale/${o.fundraiser.slug}`} className={buttonClasses({ size: 'sm', variant: 'ghost' })} aria-label={`Visit fundraiser ${o.fundraiser.name}`}>
                      Visit Fundraiser
                    </Link>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <SwitchFundraiserDialog
        open={switching !== null}
        currentName={cartFundraiser?.name ?? 'another fundraiser'}
        nextName={switching?.order.fundraiser.name ?? ''}
        detail={switching ? `Clearing the cart removes its items and puts the items of order ${switching.order.orderNumber} from ${switching.order.fundraiser.name} in it.` : ''}
        onSwitch={() => {
          if (!switching) return;
          clearWholesaleCart();
          setSwitching(null);
          putInCart(switching.prepared);
        }}
        onKeep={() => setSwitching(null)}
      />
    </div>
  );
}
