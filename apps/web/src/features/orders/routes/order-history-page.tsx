import { useSearchParams } from 'wouter';
import { ChevronLeft, ChevronRight, Receipt } from 'lucide-react';
import { HISTORY_FILTER_STATUSES, HISTORY_SORTS } from '@kusina/domain/orders';
import { dollarsToCents, formatUSD } from '@kusina/domain/money';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Select } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import type { OrderHistoryEntry, OrderSort } from '../../../lib/checkout-contracts.ts';
import { useOrders } from '../api/get-orders.ts';
import { useLiveOrderHistory } from '../api/use-live-order.ts';
import { OrderStatusBadge, statusLabel } from '../../../components/ui/order-status-badge.tsx';
import { HistoryText } from '../messages.ts';
import { formatGuamDateTime } from '../utils/dates.ts';

const SORT_LABELS: Record<OrderSort, string> = {
  newest: 'Newest',
  oldest: 'Oldest',
  highest: 'Highest total',
  lowest: 'Lowest total',
};

function readSort(value: string | null): OrderSort {
  return (HISTORY_SORTS as readonly string[]).includes(value ?? '') ? (value as OrderSort) : 'newest';
}

function readStatus(value: string | null): string {
  return (HISTORY_FILTER_STATUSES as readonly string[]).includes(value ?? '') ? (value ?? '') : '';
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

export function OrderHistoryPage() {
  useDocumentTitle('Order History');
  const [searchParams, setSearchParams] = useSearchParams();
  const sort = readSort(searchParams.get('sort'));
  const status = readStatus(searchParams.get('status'));
  const page = readPage(searchParams.get('page'));
  const orders = useOrders({ sort, status, page });
  useLiveOrderHistory();

  const update = (next: { sort?: OrderSort; status?: string; page?: number }) => {
    const params = new URLSearchParams();
    const nextSort = next.sort ?? sort;
    const nextStatus = next.status ?? status;
    const nextPage = next.page ?? 1;
    if (nextSort !== 'newest') params.set('sort', nextSort);
    if (nextStatus) params.set('status', nextStatus);
    if (nextPage > 1) params.set('page', String(nextPage));
    setSearchParams(params);
  };

  const data = orders.data;
  const filtered = status !== '';

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:py-10">
      <h1 className="mb-6 font-display text-3xl font-bold sm:text-4xl">Order History</h1>
      <div className="mb-6 grid gap-4 sm:grid-cols-2">
        <FormField label="Sort by">
          {(control) => (
            <Select {...control} value={sort} onChange={(event) => update({ sort: readSort(event.target.value), page: 1 })}>
              {HISTORY_SORTS.map((value) => (
                <option key={value} value={value}>
                  {SORT_LABELS[value]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="Status">
          {(control) => (
            <Select {...control} value={status} onChange={(event) => update({ status: readStatus(event.target.value), page: 1 })}>
              <option value="">All</option>
              {HISTORY_FILTER_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {statusLabel(value)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>

      {orders.isError ? (
        <Alert tone="error" title="Your orders could not be loaded.">
          <p>{orders.error.message}</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void orders.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : !data ? (
        <div role="status" aria-label="Loading orders" className="space-y-4">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} className="h-36 w-full rounded-2xl" />
          ))}
        </div>
      ) : data.orders.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-line-strong px-6 py-12 text-center">
          <Receipt aria-hidden="true" className="mx-auto size-12 text-ink-subtle" />
          {filtered ? (
            <>
              <p className="mt-3 text-lg font-semibold">{HistoryText.noMatch}</p>
              <Button variant="secondary" className="mt-4" onClick={() => setSearchParams(new URLSearchParams())}>
                {HistoryText.clearFilters}
              </Button>
            </>
          ) : (
            <>
              <p className="mt-3 text-lg font-semibold">{HistoryText.empty}</p>
              <p className="mt-1 text-ink-muted">When you place an order, it will show up here.</p>
              <ButtonLink to="/menu" className="mt-4">
                Browse the Menu
              </ButtonLink>
            </>
          )}
        </div>
      ) : (
        <>
          <p role="status" className="sr-only">
            Page {data.page} of {Math.max(1, data.total_pages)}, {data.total_count} orders
          </p>
          <ul className="space-y-4" aria-busy={orders.isFetching}>
            {data.orders.map((order) => (
              <OrderCard key={order.id} order={order} />
            ))}
          </ul>
          {data.total_pages > 1 ? (
            <nav aria-label="Pagination" className="mt-6 flex items-center justify-between gap-3">
              <Button variant="secondary" disabled={page <= 1} onClick={() => update({ page: page - 1 })} icon={<ChevronLeft aria-hidden="true" className="size-4" />}>
                Previous
              </Button>
              <span className="text-sm text-ink-muted">
                Page {data.page} of {data.total_pages}
              </span>
              <Button variant="secondary" disabled={page >= data.total_pages} onClick={() => update({ page: page + 1 })}>
                Next
                <ChevronRight aria-hidden="true" className="size-4" />
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}

/** Food and merchandise lines: '2 × Spam Musubi, 1 × Kusina Logo Tee (M / Black)'. */
function itemsSummary(order: Pick<OrderHistoryEntry, 'items'> & Partial<Pick<OrderHistoryEntry, 'merchandise_items'>>): string {
  const food = order.items.map((item) => `${item.quantity} × ${item.name}`);
  const merchandise = (order.merchandise_items ?? []).map((item) => {
    const variant = [item.size, item.color].filter(Boolean).join(' / ');
    return `${item.quantity} × ${item.name}${variant ? ` (${variant})` : ''}`;
  });
  return [...food, ...merchandise].join(', ');
}

function OrderCard({ order }: { order: OrderHistoryEntry }) {
  const placed = formatGuamDateTime(order.createdAt);
  const pickup = formatGuamDateTime(order.estimatedPickupTime);
  return (
    <li className="rounded-2xl border border-line bg-surface-raised p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-bold">Order {order.order_number}</h2>
          {placed ? <p className="text-sm text-ink-muted">{placed}</p> : null}
        </div>
        <OrderStatusBadge status={order.status} />
      </div>
      <p className="mt-3 text-sm">{itemsSummary(order)}</p>
      {order.specialInstructions ? <p className="mt-1 text-sm text-ink-muted">Instructions: {order.specialInstructions}</p> : null}
      <div className="mt-3 flex flex-wrap items-end justify-between gap-3">
        <dl className="space-y-0.5 text-sm">
          <div className="flex gap-1.5">
            <dt className="text-ink-muted">Total:</dt>
            <dd className="font-bold tabular-nums">{formatUSD(dollarsToCents(order.total))}</dd>
          </div>
          {pickup ? (
            <div className="flex gap-1.5">
              <dt className="text-ink-muted">Pickup:</dt>
              <dd>{pickup}</dd>
            </div>
          ) : null}
        </dl>
        <ButtonLink to={`/order-confirmation/${order.id}`} variant="secondary" size="sm" aria-label={`View order ${order.order_number}`}>
          View Order
        </ButtonLink>
      </div>
    </li>
  );
}
